import Foundation
import TerminalTesting
import Testing

/// Runs the real `todo` in tmux: typed commands, a kill -9, a restart. Each test's database
/// (and the journal a kill leaves) is removed when it ends, after its tmux.
@Suite(.enabled(if: Tmux.isAvailable, "tmux is not installed (apt-get install -y tmux)"))
final class TodoProgramTests: Sendable {
  let file = FileManager.default.temporaryDirectory
    .appendingPathComponent("todo-\(UUID().uuidString).sqlite").path

  deinit {
    for suffix in ["", "-journal", "-wal", "-shm"] {
      try? FileManager.default.removeItem(atPath: file + suffix)
    }
  }

  func command() throws -> String {
    let program = try #require(builtProduct(named: "todo"), "build the todo product first")
    return "\(program) \(file)"
  }

  func enter(_ line: String, in tmux: Tmux) throws {
    try tmux.type(line)
    try tmux.pressEnter()
  }

  /// The titles of the items the screen shows as saved.
  func savedTitles(_ screen: String) -> Set<String> {
    Set(
      screen.split(separator: "\n").compactMap { line -> String? in
        guard line.contains("[ ]") || line.contains("[x]"), !line.contains("(not saved)") else {
          return nil
        }
        return line.components(separatedBy: "] ").last
      })
  }

  @Test func itemsSurviveAKillAndARestart() async throws {
    try await endToEnd { try self.itemsSurviveAKillAndARestartBlocking() }
  }

  /// The test's body, which blocks while it waits: on a thread of its own, off the
  /// tasks' pool.
  func itemsSurviveAKillAndARestartBlocking() throws {
    let tmux = try Tmux(running: command())
    _ = try tmux.waitForScreen { $0.contains("(nothing here)") }
    try enter("a Buy milk", in: tmux)
    try enter("a Walk the dog", in: tmux)
    try enter("t 1", in: tmux)
    var screen = try tmux.waitForScreen {
      $0.contains("1. [x] Buy milk") && $0.contains("2. [ ] Walk the dog")
        && !$0.contains("not saved")
    }
    #expect(screen.contains("1. [x] Buy milk"))

    try tmux.killProgram()
    try tmux.restart(command())
    screen = try tmux.waitForScreen { $0.contains("Walk the dog") }
    #expect(screen.contains("1. [x] Buy milk"))
    #expect(screen.contains("2. [ ] Walk the dog"))

    try enter("f active", in: tmux)
    screen = try tmux.waitForScreen { $0.contains("Showing: active") }
    #expect(!screen.contains("Buy milk"))
    try enter("q", in: tmux)
    screen = try tmux.waitForScreen { $0.contains("Bye.") }
    #expect(screen.contains("Bye. 2 items, all saved: yes."))
  }

  @Test func aKillMidWriteLosesNoAcknowledgedItem() async throws {
    try await endToEnd { try self.aKillMidWriteLosesNoAcknowledgedItemBlocking() }
  }

  /// The test's body, which blocks while it waits: on a thread of its own, off the
  /// tasks' pool.
  func aKillMidWriteLosesNoAcknowledgedItemBlocking() throws {
    // A disk that writes three times quickly, then holds each write open for 5 s before it
    // commits: the kill lands inside a write, its rows written and not committed, whatever the
    // machine's speed.
    let slow = try "TODO_SLOW_DISK_MS=0,0,0,5000 \(command())"
    let tmux = try Tmux(running: slow)
    _ = try tmux.waitForScreen { $0.contains("(nothing here)") }
    // Twelve adds typed at once; the program is killed while it is still saving them.
    try tmux.type((1...12).map { "a item \($0)\r" }.joined())
    let before = try tmux.waitForScreen { savedTitles($0).count >= 3 && $0.contains("(not saved)") }
    try tmux.killProgram()
    let acknowledged = savedTitles(before)
    #expect(acknowledged.count >= 3)
    // The kill landed mid-write: the screen showed an item still being saved, and not all
    // twelve were acknowledged.
    #expect(before.contains("(not saved)"))
    #expect(acknowledged.count < 12)
    // Inside a write: its rollback journal is left behind, for the restart to roll back.
    #expect(FileManager.default.fileExists(atPath: file + "-journal"))

    try tmux.restart(command())
    let after = try tmux.waitForScreen { screen in
      acknowledged.allSatisfy { screen.contains($0) }
    }
    #expect(acknowledged.isSubset(of: savedTitles(after)))
    // What was never acknowledged may be lost, never half-written: each item is whole or absent.
    let typed = Set((1...12).map { "item \($0)" })
    #expect(savedTitles(after).isSubset(of: typed))
    // The kill landed mid-write: not all twelve made it to the file.
    #expect(savedTitles(after).count < 12)
  }

  @Test func aCorruptFileIsExplainedAndLeftAlone() async throws {
    try await endToEnd { try self.aCorruptFileIsExplainedAndLeftAloneBlocking() }
  }

  /// The test's body, which blocks while it waits: on a thread of its own, off the
  /// tasks' pool.
  func aCorruptFileIsExplainedAndLeftAloneBlocking() throws {
    let garbage = Data(repeating: 0x42, count: 4096)
    try garbage.write(to: URL(fileURLWithPath: file))
    let tmux = try Tmux(running: command())
    var screen = try tmux.waitForScreen { $0.contains("Cannot open") }
    #expect(screen.contains("Move the file aside"))
    try enter("a still works", in: tmux)
    // Not the typed line ("> a still works"): the list's row, drawn once the add is reduced.
    screen = try tmux.waitForScreen { $0.contains("1. [ ] still works") }
    #expect(screen.contains("1. [ ] still works  (not saved)"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == garbage)
  }
}
