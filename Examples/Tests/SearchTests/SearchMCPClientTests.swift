import Foundation
import TerminalTesting
import Testing

/// `search --inspect` asked by the official MCP client (PyPI's `mcp`, not written here), as a
/// coding agent would ask it, while the program runs in tmux: the tools list, the timeline
/// after a query typed in the terminal, when `isLoading` became true and why, travel that
/// changes the program's screen and back to live, a hundred calls at once, the refusals (no
/// token, a foreign `Host` or `Origin`, a malformed message, an unknown tool, an action of the
/// wrong shape), an action sent that the screen searches, and the session exported and
/// replayed on a fresh reactor. The script is
/// `Examples/Scripts/mcp_session.py`; its transcript is printed.
@Suite(.enabled(if: Tmux.isAvailable, "tmux is not installed (apt-get install -y tmux)"))
struct SearchMCPClientTests {
  /// The script, beside the tests' folder.
  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Scripts/mcp_session.py").path

  @Test func theOfficialPythonClientAsksTheRunningProgramAndMovesItsScreen() async throws {
    try await endToEnd {
      try self.theOfficialPythonClientAsksTheRunningProgramAndMovesItsScreenBlocking()
    }
  }

  /// The test's body, which blocks while it waits: on a thread of its own, off the
  /// tasks' pool.
  func theOfficialPythonClientAsksTheRunningProgramAndMovesItsScreenBlocking() throws {
    try Self.requireClient()
    let program = try #require(builtProduct(named: "search"), "build the search product first")
    let screen = try Tmux(running: "\(program) --inspect")
    let first = try screen.waitForScreen { InspectorPage(screen: $0) != nil && $0.contains("Try:") }
    let page = try #require(InspectorPage(screen: first))
    let port = try #require(page.address.port)
    let token = try #require(page.address.query?.split(separator: "=").last.map(String.init))
    let url = "http://127.0.0.1:\(port)/mcp"
    func session(_ phase: String) throws -> [String: Any] {
      try Self.session(phase, url: url, token: token)
    }

    try screen.type("dog")
    try screen.waitForScreen {
      resultsQuery($0) == "dog" && loaded($0) != nil && !$0.contains("Loading")
    }
    // Read the session; travel to its first step: the program's screen shows it.
    let asked = try session("ask")
    #expect(asked["loadingStep"] as? Int ?? 0 > 0)
    #expect(asked["chain"] as? Int ?? 0 >= 2)
    try screen.waitForScreen { $0.contains("Try: dog") && resultsQuery($0) == nil }
    // Back to live: the query's results again; then the refusals and a hundred calls.
    let live = try session("live")
    try screen.waitForScreen { resultsQuery($0) == "dog" }
    #expect(live["served"] as? Int == 100)
    // An action sent over MCP: the screen searches "cat"; the session's file replays the same.
    let acted = try session("act")
    try screen.waitForScreen { resultsQuery($0) == "cat" && loaded($0) != nil }
    #expect(acted["sent"] as? String == #".updateQuery("cat")"#)
    if let path = acted["replayed"] as? String { try? FileManager.default.removeItem(atPath: path) }
    try screen.type("\u{3}")
    try screen.waitForScreen { $0.contains("Bye.") }
  }

  @Test func aReadOnlyInspectorRefusesTravelAndSending() async throws {
    try await endToEnd { try self.aReadOnlyInspectorRefusesTravelAndSendingBlocking() }
  }

  /// The test's body, which blocks while it waits: on a thread of its own, off the
  /// tasks' pool.
  func aReadOnlyInspectorRefusesTravelAndSendingBlocking() throws {
    try Self.requireClient()
    let program = try #require(builtProduct(named: "search"), "build the search product first")
    let screen = try Tmux(running: "\(program) --inspect-read-only")
    let first = try screen.waitForScreen { InspectorPage(screen: $0) != nil && $0.contains("Try:") }
    let page = try #require(InspectorPage(screen: first))
    let port = try #require(page.address.port)
    let token = try #require(page.address.query?.split(separator: "=").last.map(String.init))
    let refused = try Self.session("refused", url: "http://127.0.0.1:\(port)/mcp", token: token)
    #expect(refused["sendRefused"] as? Bool == true)
    try screen.type("\u{3}")
    try screen.waitForScreen { $0.contains("Bye.") && !$0.contains("cat") }
  }

  /// Fails with how to install the official client when it is missing.
  static func requireClient() throws {
    let hasClient = (try? Subprocess.run(["python3", "-c", "import mcp"], capturingOutput: true))
    try #require(
      hasClient != nil,
      "The official MCP client is missing: python3 -m pip install mcp (CI installs it).")
  }

  /// Runs the script's `phase` against the server at `url`: its last line, as JSON. Prints
  /// what it printed (the transcript).
  static func session(_ phase: String, url: String, token: String) throws -> [String: Any] {
    let output = try Subprocess.run(
      ["python3", script, phase, url, token], capturingOutput: true, within: .seconds(60))
    print(output)
    let last = try #require(output.split(separator: "\n").last)
    return try #require(
      JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any], "\(output)")
  }
}
