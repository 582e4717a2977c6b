import Foundation
import Reactors
import ReactorsRecording
import ReactorsTesting
import TerminalTesting
import Testing
import TodoCore

/// `todo --record FILE`, driven in tmux: the file replays on a fresh store. The persistence
/// middleware saves synchronously, as part of the store's work, so the replay's store saves
/// into a database of its own.
@Suite(.enabled(if: Tmux.isAvailable, "tmux is not installed (apt-get install -y tmux)"))
struct TodoRecordingTests {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
    "todo-recording-\(UUID().uuidString)")

  @Test func aRecordedSessionReplaysOnAFreshStore() async throws {
    try await endToEnd { try self.aRecordedSessionReplaysOnAFreshStoreBlocking() }
  }

  /// The test's body, which blocks while it waits: on a thread of its own, off the
  /// tasks' pool.
  func aRecordedSessionReplaysOnAFreshStoreBlocking() throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let program = try #require(builtProduct(named: "todo"), "build the todo product first")
    let database = directory.appendingPathComponent("todo.sqlite").path
    let recordingPath = directory.appendingPathComponent("todo.jsonl").path
    let tmux = try Tmux(running: "\(program) \(database) --record \(recordingPath)")
    _ = try tmux.waitForScreen { $0.contains("(nothing here)") }
    for line in ["a Buy milk", "a Walk the dog", "t 1", "f done"] {
      try tmux.type(line)
      try tmux.pressEnter()
    }
    _ = try tmux.waitForScreen { $0.contains("Showing: done") }
    try tmux.type("q")
    try tmux.pressEnter()
    _ = try tmux.waitForScreen { $0.contains("Bye.") }

    let recording = try Recording<TodoAction, TodoAction, TodoState>(contentsOf: recordingPath)
    let replayDatabase = try TodoDatabase(
      path: directory.appendingPathComponent("replay.sqlite").path)
    let fresh = Store(
      initial: TodoState(), reducer: todoReducer, middlewares: [todoPersistence(replayDatabase)])
    #expect(recording.replay(on: fresh) == nil)
    #expect(fresh.currentState.items.map(\.title) == ["Buy milk", "Walk the dog"])
    #expect(fresh.currentState.filter == .done)
    #expect(try replayDatabase.load().count == 2)
  }
}
