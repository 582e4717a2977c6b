import Foundation
import TerminalTesting
import Testing

/// `search --inspect`, driven in tmux as a person would, with the inspector's page asked what a
/// browser's page asks: the session's steps appear as they happen, and time travel takes the
/// program's own screen back to a step and forward again, with what was typed meanwhile.
@Suite(.enabled(if: Tmux.isAvailable, "tmux is not installed (apt-get install -y tmux)"))
struct SearchInspectorTests {
  @Test func theInspectorWatchesTheSessionAndTravelsTheScreen() async throws {
    try await endToEnd { try self.theInspectorWatchesTheSessionAndTravelsTheScreenBlocking() }
  }

  /// The test's body, which blocks while it waits: on a thread of its own, off the
  /// tasks' pool.
  func theInspectorWatchesTheSessionAndTravelsTheScreenBlocking() throws {
    let program = try #require(builtProduct(named: "search"), "build the search product first")
    let screen = try Tmux(running: "\(program) --inspect")
    let first = try screen.waitForScreen { $0.contains("Inspector: http://127.0.0.1:") }
    let page = try #require(InspectorPage(screen: first))

    try screen.type("dog")
    try screen.waitForScreen { resultsQuery($0) == "dog" && loaded($0) != nil }
    let inputs = try page.json("/api/steps?r=0&from=0&count=100&kinds=input")
    let typed = (inputs["steps"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
    #expect(typed.count == 3)
    #expect(typed.last?.contains("\"dog\"") == true)
    // Each key cancelled the debounced request of the one before: those effects read cancelled.
    let ended = try page.json("/api/steps?r=0&from=0&count=100&kinds=ended")
    let endings = (ended["steps"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
    #expect(endings.filter { $0.hasSuffix("was cancelled") }.count == 2, "\(endings)")

    // Back to the beginning: the program's screen shows its first state again.
    #expect(try page.post("/api/travel?r=0&i=0") == 204)
    try screen.waitForScreen { $0.contains("Try: dog") && resultsQuery($0) == nil }
    try screen.type("s")  // held while the screen shows the past, then processed back live
    #expect(try page.post("/api/live?r=0") == 204)
    try screen.waitForScreen { resultsQuery($0) == "dogs" }
    let after = try page.json("/api/steps?r=0&from=0&count=100&kinds=input")
    let all = (after["steps"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
    #expect(all.count == 4)
    #expect(all.last?.contains("\"dogs\"") == true)
    try screen.type("\u{3}")
    try screen.waitForScreen { $0.contains("Bye.") }
  }

  /// What anyone on the machine could send before the token is checked: a 64 KB request line or
  /// header. The program refuses each within a second (431), and spends no time on it after:
  /// its processor time, read from `/proc`, does not grow (FlyingFox's parser, which the
  /// inspector used before, spent about 70 s of it on one such request).
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/stat")))
  func hugeRequestsAreRefusedAtOnceAndCostTheProgramNothing() async throws {
    try await endToEnd {
      try self.hugeRequestsAreRefusedAtOnceAndCostTheProgramNothingBlocking()
    }
  }

  /// The test's body, which blocks while it waits: on a thread of its own, off the
  /// tasks' pool.
  func hugeRequestsAreRefusedAtOnceAndCostTheProgramNothingBlocking() throws {
    let program = try #require(builtProduct(named: "search"), "build the search product first")
    let screen = try Tmux(running: "\(program) --inspect")
    let first = try screen.waitForScreen { $0.contains("Inspector: http://127.0.0.1:") }
    let page = try #require(InspectorPage(screen: first))
    let pid = try #require(try screen.programProcess())
    let port = try #require(page.address.port)
    let before = try Self.processorSeconds(of: pid)
    let long = String(repeating: "a", count: 65_536)
    let clock = ContinuousClock()
    for (target, headers) in [("/?\(long)", [String: String]()), ("/", ["X-Long": long])] {
      let started = clock.now
      let answer = try LoopbackHTTP.send("GET", target, port: port, headers: headers)
      #expect(clock.now - started < .seconds(1))
      #expect(answer.status == 431)
    }
    // Still serving; and what it spent since is the time of answering, not of parsing.
    #expect(try page.json("/api/recordings")["recordings"] != nil)
    #expect(try Self.processorSeconds(of: pid) - before < 0.5)
    try screen.type("\u{3}")
    try screen.waitForScreen { $0.contains("Bye.") }
  }

  /// The processor time process `pid` has used, in seconds (user and system).
  static func processorSeconds(of pid: pid_t) throws -> Double {
    let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
    // The fields after the command's closing parenthesis; utime and stime are 14th and 15th.
    let fields = stat[stat.index(after: try #require(stat.lastIndex(of: ")")))...]
      .split(separator: " ")
    let ticks = try #require(Double(fields[11])) + (try #require(Double(fields[12])))
    return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
  }
}
