import Foundation
import TerminalTesting
import Testing

/// `todo --inspect`, driven in tmux: the store's steps reach the inspector, and time travel
/// takes the list back to its first state while what is typed meanwhile waits, then forward
/// with it, saved.
@Suite(.enabled(if: Tmux.isAvailable, "tmux is not installed (apt-get install -y tmux)"))
struct TodoInspectorTests {
  @Test func theInspectorWatchesTheStoreAndTravelsTheList() async throws {
    try await endToEnd { try self.theInspectorWatchesTheStoreAndTravelsTheListBlocking() }
  }

  /// The test's body, which blocks while it waits: on a thread of its own, off the
  /// tasks' pool.
  func theInspectorWatchesTheStoreAndTravelsTheListBlocking() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "todo-inspector-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let program = try #require(builtProduct(named: "todo"), "build the todo product first")
    let database = directory.appendingPathComponent("todo.sqlite").path
    let tmux = try Tmux(running: "\(program) \(database) --inspect")
    let first = try tmux.waitForScreen {
      $0.contains("(nothing here)") && $0.contains("Inspector: ")
    }
    let page = try #require(InspectorPage(screen: first))
    for line in ["a Buy milk", "a Walk the dog"] {
      try tmux.type(line)
      try tmux.pressEnter()
    }
    try tmux.waitForScreen { $0.contains("2. [ ] Walk the dog") && !$0.contains("not saved") }
    let inputs = try page.json("/api/steps?r=0&from=0&count=100&kinds=input")
    let typed = (inputs["steps"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
    // The two lines typed, and the middleware's follow-ups (each item saved).
    #expect(typed.filter { $0.contains(".add(") }.count == 2)
    #expect(typed.contains { $0.contains("Walk the dog") })

    #expect(try page.post("/api/travel?r=0&i=0") == 204)
    try tmux.waitForScreen { $0.contains("(nothing here)") }
    try tmux.type("a Later")  // held while the list shows the past
    try tmux.pressEnter()
    #expect(try page.post("/api/live?r=0") == 204)
    try tmux.waitForScreen { $0.contains("3. [ ] Later") && !$0.contains("not saved") }
    try tmux.type("q")
    try tmux.pressEnter()
    try tmux.waitForScreen { $0.contains("Bye. 3 items, all saved: yes") }
  }
}
