import Foundation
import TerminalTesting
import Testing

/// Runs the real `search` in tmux, its server in a second session (`search serve`, which logs
/// every request and answer): typing fast against a slow server, and the server killed and
/// started again while the screen runs.
@Suite(.enabled(if: Tmux.isAvailable, "tmux is not installed (apt-get install -y tmux)"))
struct SearchProgramTests {
  /// A server in its own tmux session, and what its banner said.
  struct Server {
    let tmux: Tmux
    let port: Int
    let process: String

    var address: String { "http://127.0.0.1:\(port)" }

    /// The requests (`-> dog #1`) and answers (`<- dog #1 200`) the server logged, in order.
    func log() throws -> [String] {
      try tmux.screen().split(separator: "\n").map(String.init)
        .filter { $0.hasPrefix("-> ") || $0.hasPrefix("<- ") }
    }
  }

  func program() throws -> String {
    try #require(builtProduct(named: "search"), "build the search product first")
  }

  /// Waits for a server's banner, "Serving Unicode names on http://127.0.0.1:PORT/… (process
  /// PID)", other than one from process `previous`.
  func banner(of tmux: Tmux, notFrom previous: String? = nil) throws -> Server {
    var found: (port: Int, process: String)?
    try tmux.waitForScreen { screen in
      for line in screen.split(separator: "\n") where line.hasPrefix("Serving Unicode names on") {
        let words = line.split(whereSeparator: { $0 == " " || $0 == ")" })
        guard let address = words.first(where: { $0.hasPrefix("http://") }),
          let port = URL(string: String(address))?.port, let process = words.last,
          String(process) != previous
        else { continue }
        found = (port, String(process))
      }
      return found != nil
    }
    let server = try #require(found)
    return Server(tmux: tmux, port: server.port, process: server.process)
  }

  /// The README's first command: `search` alone starts its own server and searches it; Down
  /// appends the next page while the list stays.
  @Test func theReadmeCommandServesItselfAndDownLoadsTheNextPage() async throws {
    try await endToEnd { try self.theReadmeCommandServesItselfAndDownLoadsTheNextPageBlocking() }
  }

  /// The test's body, which blocks while it waits: on a thread of its own, off the
  /// tasks' pool.
  func theReadmeCommandServesItselfAndDownLoadsTheNextPageBlocking() throws {
    let screen = try Tmux(running: try program())
    try screen.waitForScreen { $0.contains("Try: dog") }
    try screen.type("arrow")
    // Not between the page and the end of loading: the screen is drawn after each mutation.
    let first = try screen.waitForScreen {
      resultsQuery($0) == "arrow" && loaded($0) != nil && !$0.contains("Loading")
    }
    let firstCount = try #require(loaded(first))
    #expect(first.contains("(more: Down or Ctrl-N)"))
    // The arrow key as a terminal sends it.
    try screen.type("\u{1B}[B")
    let second = try screen.waitForScreen { (loaded($0) ?? 0) > firstCount }
    #expect(resultsQuery(second) == "arrow")
    #expect(try #require(loaded(second)) == 2 * firstCount)
    try screen.type("\u{3}")
    try screen.waitForScreen { $0.contains("Bye.") }
  }

  /// The hint's code point finds its scalar; Up scrolls the list back after Down loaded more,
  /// and Down comes back before it loads again.
  @Test func theHintsCodePointFindsItsScalarAndUpScrollsBack() async throws {
    try await endToEnd { try self.theHintsCodePointFindsItsScalarAndUpScrollsBackBlocking() }
  }

  /// The test's body, which blocks while it waits: on a thread of its own, off the
  /// tasks' pool.
  func theHintsCodePointFindsItsScalarAndUpScrollsBackBlocking() throws {
    let screen = try Tmux(running: try program())
    try screen.waitForScreen { $0.contains("Try: dog, latin small, arrow, 1f600") }
    try screen.type("1f600")
    let grinning = try screen.waitForScreen { resultsQuery($0) == "1f600" }
    #expect(hitLines(grinning).first == "U+1F600  GRINNING FACE")

    try screen.type("\u{15}arrow")  // Ctrl-U, then a query of many pages
    let first = try screen.waitForScreen {
      resultsQuery($0) == "arrow" && loaded($0) != nil && !$0.contains("Loading")
    }
    let firstHits = hitLines(first)
    let pageSize = try #require(loaded(first))
    try screen.type("\u{1B}[B")  // Down: the second page, the list's last rows shown
    let second = try screen.waitForScreen {
      loaded($0) == 2 * pageSize && $0.contains("(more: Down or Ctrl-N)")
    }
    let rows = hitLines(second).count
    let lastHit = try #require(hitLines(second).last)
    #expect(rows < 2 * pageSize)
    // Up and Ctrl-P: back two rows, to hits the first page showed.
    try screen.type("\u{1B}[A\u{10}")
    let back = try screen.waitForScreen { $0.contains("(2 more below: Down or Ctrl-N)") }
    #expect(hitLines(back).first == firstHits[2 * pageSize - rows - 2])
    #expect(!hitLines(back).contains(lastHit))
    #expect(loaded(back) == 2 * pageSize)
    // Down and Ctrl-N come back to the end of the list, and load nothing on the way.
    try screen.type("\u{1B}[B\u{0E}")
    let end = try screen.waitForScreen { $0.contains("(more: Down or Ctrl-N)") }
    #expect(hitLines(end) == hitLines(second))
    #expect(loaded(end) == 2 * pageSize)
    try screen.type("\u{3}")
    try screen.waitForScreen { $0.contains("Bye.") }
  }

  @Test func typingFastShowsOnlyTheLastQuerysResults() async throws {
    try await endToEnd { try self.typingFastShowsOnlyTheLastQuerysResultsBlocking() }
  }

  /// The test's body, which blocks while it waits: on a thread of its own, off the
  /// tasks' pool.
  func typingFastShowsOnlyTheLastQuerysResultsBlocking() throws {
    // The first answer takes 5 s, the others none: were the first request not cancelled, its
    // answer would come after the last query's and replace it.
    let server = try banner(
      of: Tmux(running: "SEARCH_LATENCY_MS=5000,0 \(try program()) serve"))
    let screen = try Tmux(running: "\(try program()) --server \(server.address)")
    try screen.waitForScreen { $0.contains("Try: dog") }
    try screen.type("cat")
    try screen.waitForScreen { $0.contains("Loading...") }
    try server.tmux.waitForScreen { $0.contains("-> cat #1") }

    var seen: [String] = []
    try screen.type("\u{7F}\u{7F}\u{7F}dog face")
    try screen.waitForScreen { text in
      seen.append(text)
      return resultsQuery(text) == "dog face" && !text.contains("Loading")
    }
    #expect(seen.last?.contains("U+1F436  DOG FACE") == true)
    // The server now sends its late answer for "cat"; the screen keeps being read, through
    // one more query (300 ms of debounce and its answer), to show that it never took it.
    try server.tmux.waitForScreen { $0.contains("<- cat #1 200") }
    try screen.type("s")
    try screen.waitForScreen { text in
      seen.append(text)
      return text.contains("No name matches \"dog faces\".")
    }
    #expect(Set(seen.compactMap(resultsQuery)) == ["dog face", "dog faces"])
    #expect(!seen.contains { $0.contains("CAT") })
    // The debounce: "d", "do", … were never asked, only the last query of each burst. The
    // server's own screen may draw its last line a moment after the client's.
    try server.tmux.waitForScreen { $0.contains("<- dog faces #1 200") }
    #expect(
      try server.log() == [
        "-> cat #1", "-> dog face #1", "<- dog face #1 200", "<- cat #1 200", "-> dog faces #1",
        "<- dog faces #1 200",
      ])
    try screen.type("\u{3}")
    try screen.waitForScreen { $0.contains("Bye.") }
  }

  @Test func theServerStoppedMidSessionIsReportedAndTheNextQueryWorksOnceItIsBack() async throws {
    try await endToEnd {
      try self.theServerStoppedMidSessionIsReportedAndTheNextQueryWorksOnceItIsBackBlocking()
    }
  }

  /// The test's body, which blocks while it waits: on a thread of its own, off the
  /// tasks' pool.
  func theServerStoppedMidSessionIsReportedAndTheNextQueryWorksOnceItIsBackBlocking() throws {
    let server = try banner(of: Tmux(running: "\(try program()) serve"))
    let screen = try Tmux(running: "\(try program()) --server \(server.address)")
    try screen.waitForScreen { $0.contains("Try: dog") }
    try screen.type("arrow")
    var shown = try screen.waitForScreen { resultsQuery($0) == "arrow" }
    #expect(shown.contains("MODIFIER LETTER LEFT ARROWHEAD"))

    try server.tmux.killProgram()
    try screen.type(" up")
    shown = try screen.waitForScreen { $0.contains("Cannot reach the search server") }
    #expect(shown.contains("connection refused"))
    #expect(shown.contains("Type to try again"))

    try server.tmux.restart("\(try program()) serve --port \(server.port)")
    let again = try banner(of: server.tmux, notFrom: server.process)
    #expect(again.port == server.port)
    try screen.type("wards")
    shown = try screen.waitForScreen { resultsQuery($0) == "arrow upwards" }
    #expect(!shown.contains("Cannot reach"))
    #expect(shown.contains("UPWARDS ARROW"))
  }
}
