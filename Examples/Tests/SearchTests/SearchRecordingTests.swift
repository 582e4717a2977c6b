import Foundation
import Reactors
import ReactorsRecording
import ReactorsTesting
import SearchCore
import TerminalTesting
import Testing

typealias SearchRecording = Recording<
  SearchReactor.Action, SearchReactor.Mutation, SearchReactor.State
>

/// `search --record FILE`, driven in tmux as a person would: the file it writes replays in a
/// test with no server and no clock, and a session killed with SIGKILL is read up to its last
/// flush.
@Suite(.enabled(if: Tmux.isAvailable, "tmux is not installed (apt-get install -y tmux)"))
struct SearchRecordingTests {
  func program() throws -> String {
    try #require(builtProduct(named: "search"), "build the search product first")
  }

  /// A fresh path for a recording.
  func recordingPath(_ name: String) -> String {
    NSTemporaryDirectory() + "search-\(name)-\(UUID().uuidString).jsonl"
  }

  /// The queries a recording's inputs typed, in order.
  func typed(_ recording: SearchRecording) -> [String] {
    recording.steps.compactMap { step in
      guard case .input(.updateQuery(let text)) = step.kind else { return nil }
      return text
    }
  }

  /// A reactor for replays: its search fails the test if it is ever called.
  func offlineReactor() -> SearchReactor {
    SearchReactor { _, query in
      Issue.record("the replay searched for \(query)")
      throw CancellationError()
    }
  }

  @Test func aRecordedSessionReplaysInATestWithNoServer() async throws {
    try await endToEnd { try self.aRecordedSessionReplaysInATestWithNoServerBlocking() }
  }

  /// The test's body, which blocks while it waits: on a thread of its own, off the
  /// tasks' pool.
  func aRecordedSessionReplaysInATestWithNoServerBlocking() throws {
    let path = recordingPath("session")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let screen = try Tmux(running: "\(try program()) --record \(path)")
    try screen.waitForScreen { $0.contains("Try: dog") }
    try screen.type("arrow")
    // Loaded, and no longer loading: Down is refused while a page loads.
    let first = try screen.waitForScreen {
      resultsQuery($0) == "arrow" && loaded($0) != nil && !$0.contains("Loading")
    }
    let firstCount = try #require(loaded(first))
    try screen.type("\u{1B}[B")  // Down: the next page
    try screen.waitForScreen { (loaded($0) ?? 0) > firstCount }
    try screen.type("\u{3}")
    try screen.waitForScreen { $0.contains("Bye.") }

    // The three lines the README shows.
    let recording = try SearchRecording(contentsOf: path)
    let divergence = recording.replay(on: offlineReactor())
    #expect(divergence == nil)

    #expect(recording.warnings.isEmpty)
    #expect(typed(recording) == ["a", "ar", "arr", "arro", "arrow"])
    let pages = recording.steps.filter {
      switch $0.kind {
      case .mutation(.setPage), .mutation(.appendPage): return true
      default: return false
      }
    }
    #expect(pages.count == 2)
  }

  @Test func aSessionKilledWithSIGKILLIsReadUpToItsLastFlush() async throws {
    try await endToEnd { try self.aSessionKilledWithSIGKILLIsReadUpToItsLastFlushBlocking() }
  }

  /// The test's body, which blocks while it waits: on a thread of its own, off the
  /// tasks' pool.
  func aSessionKilledWithSIGKILLIsReadUpToItsLastFlushBlocking() throws {
    let path = recordingPath("killed")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let screen = try Tmux(running: "\(try program()) --record \(path)")
    try screen.waitForScreen { $0.contains("Try: dog") }
    try screen.type("dog")
    // The answer comes at least 300 ms (the debounce) after the keystrokes: by then the
    // writer, which flushes every 50 ms, has written them.
    try screen.waitForScreen { resultsQuery($0) == "dog" && loaded($0) != nil }
    try screen.killProgram()

    let recording = try SearchRecording(contentsOf: path)
    #expect(typed(recording) == ["d", "do", "dog"])
    #expect(
      recording.steps.first.map { step in
        if case .began = step.kind { return true }
        return false
      } == true)
    // A line the kill cut short is left out, with one warning at most.
    #expect(recording.warnings.count <= 1)
  }
}
