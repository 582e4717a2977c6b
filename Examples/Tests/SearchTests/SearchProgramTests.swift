import Foundation
import TerminalTesting
import Testing

/// Runs the real `search` in tmux: typing fast against a slow server, and the server stopped
/// and started again while the screen runs.
@Suite(.enabled(if: Tmux.isAvailable, "tmux is not installed (apt-get install -y tmux)"))
struct SearchProgramTests {
  func program() throws -> String {
    try #require(builtProduct(named: "search"), "build the search product first")
  }

  /// The query whose results a screen shows (its status line), if any.
  func resultsQuery(_ screen: String) -> String? {
    for line in screen.split(separator: "\n") where line.contains(" match") {
      let parts = line.split(separator: "\"")
      if parts.count >= 2 { return String(parts[1]) }
    }
    return nil
  }

  @Test func typingFastShowsOnlyTheLastQuerysResults() throws {
    // Every answer takes 5 s: the first query is still in flight when the user types on (and
    // the loading line stays long enough to be seen on a busy machine).
    let tmux = try Tmux(running: "SEARCH_LATENCY_MS=5000 \(try program())")
    try tmux.waitForScreen { $0.contains("Try: dog") }
    try tmux.type("cat")
    try tmux.waitForScreen { $0.contains("Loading...") }
    var seen: [String] = []
    try tmux.type("\u{7F}\u{7F}\u{7F}dog face")
    let screen = try tmux.waitForScreen { screen in
      seen.append(screen)
      return resultsQuery(screen) == "dog face" && !screen.contains("Loading")
    }
    #expect(screen.contains("1 name matches \"dog face\"."))
    #expect(screen.contains("U+1F436  DOG FACE"))
    // No screen on the way showed another query's results: the answer for "cat" was cancelled
    // with its request, and "d", "do", … were never asked (the debounce).
    let shown = Set(seen.compactMap(resultsQuery))
    #expect(shown == ["dog face"])
    #expect(!seen.contains { $0.contains("CAT FACE") })
    try tmux.type("\u{3}")
    try tmux.waitForScreen { $0.contains("Bye.") }
  }

  @Test func theServerStoppedMidSessionIsReportedAndTheNextQueryWorksOnceItIsBack() throws {
    let server = try Tmux(running: "\(try program()) serve")
    let serving = try server.waitForScreen { $0.contains("Serving Unicode names on") }
    // "Serving Unicode names on http://127.0.0.1:PORT/search?q=WORDS": the port the system chose.
    let address = try #require(
      serving.split(whereSeparator: \.isWhitespace).first { $0.hasPrefix("http://") })
    let port = try #require(URL(string: String(address))?.port)
    let base = "http://127.0.0.1:\(port)"

    let screen = try Tmux(running: "\(try program()) --server \(base)")
    try screen.waitForScreen { $0.contains("Try: dog") }
    try screen.type("arrow")
    var shown = try screen.waitForScreen { resultsQuery($0) == "arrow" }
    #expect(shown.contains("MODIFIER LETTER LEFT ARROWHEAD"))

    try server.killProgram()
    try screen.type(" up")
    shown = try screen.waitForScreen { $0.contains("Cannot reach the search server") }
    #expect(shown.contains("connection refused"))
    #expect(shown.contains("Type to try again"))

    try server.restart("\(try program()) serve --port \(port)")
    try server.waitForScreen { $0.contains("Serving Unicode names on \(base)") }
    try screen.type("wards")
    shown = try screen.waitForScreen { resultsQuery($0) == "arrow upwards" }
    #expect(!shown.contains("Cannot reach"))
    #expect(shown.contains("UPWARDS ARROW"))
  }
}
