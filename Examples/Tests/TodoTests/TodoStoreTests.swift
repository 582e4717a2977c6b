import Foundation
import GRDB
import Reactors
import Testing
import TodoCore

/// The todo store with its SQLite middleware: changes are saved and acknowledged, survive a
/// restart, and bad files and full disks get a clear message while the list keeps working.
///
/// Each test gets a folder of its own, removed when it ends.
@Suite final class TodoStoreTests: Sendable {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("todo-tests-\(UUID().uuidString)")

  init() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  func path(_ name: String = "todo.sqlite") -> String {
    folder.appendingPathComponent(name).path
  }

  func makeStore(_ database: TodoDatabase?) throws -> Store<TodoState, TodoAction> {
    let items = try database?.load() ?? []
    return Store(
      initial: TodoState(items: items), reducer: todoReducer,
      middlewares: [todoPersistence(database)])
  }

  @Test func changesAreSavedAcknowledgedAndSurviveARestart() throws {
    let store = try makeStore(TodoDatabase(path: path()))
    store.dispatch(.add("Buy milk"))
    store.dispatch(.add("Walk the dog"))
    store.dispatch(.add("Call mom"))
    store.dispatch(.toggle(2))
    store.dispatch(.delete(3))
    #expect(store.currentState.items.allSatisfy { $0.isSaved })

    let reopened = try makeStore(TodoDatabase(path: path()))
    #expect(reopened.currentState.items == store.currentState.items)
    #expect(reopened.currentState.items.map(\.title) == ["Buy milk", "Walk the dog"])
    #expect(reopened.currentState.items.map(\.isDone) == [false, true])
    reopened.dispatch(.add("New"))
    #expect(reopened.currentState.items.last?.title == "New")
    #expect(reopened.currentState.items.last?.isSaved == true)
  }

  @Test func filtersShowOnlySomeItems() throws {
    let store = try makeStore(nil)
    store.dispatch(.add("a"))
    store.dispatch(.add("b"))
    store.dispatch(.toggle(1))
    store.dispatch(.setFilter(.done))
    #expect(store.currentState.visibleItems.map(\.title) == ["a"])
    store.dispatch(.setFilter(.active))
    #expect(store.currentState.visibleItems.map(\.title) == ["b"])
  }

  @Test func aCorruptFileGetsAClearMessageAndIsLeftAsItIs() throws {
    let garbage = Data(repeating: 0x42, count: 4096)
    try garbage.write(to: URL(fileURLWithPath: path()))
    let error = #expect(throws: TodoDatabaseError.self) {
      let database = try TodoDatabase(path: path())
      _ = try database.load()
    }
    #expect(error?.description.contains("Cannot") == true)
    #expect(error?.description.contains("Move the file aside") == true)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path())) == garbage)

    // The program then runs without a file: it keeps working and says nothing is saved.
    let store = Store(
      initial: TodoState(problem: error?.description), reducer: todoReducer,
      middlewares: [todoPersistence(nil, unavailable: "the file could not be opened")])
    store.dispatch(.add("still works"))
    #expect(store.currentState.items.map(\.title) == ["still works"])
    #expect(store.currentState.items.first?.isSaved == false)
    #expect(store.currentState.problem?.contains("Not saved") == true)
  }

  @Test func aFullDiskKeepsItemsUnsavedThenSavesThemWhenThereIsRoom() throws {
    // A file capped at a few pages stands in for a full disk.
    let database = try TodoDatabase(path: path(), maxPageCount: 3)
    let store = try makeStore(database)
    let long = String(repeating: "x", count: 3_000)
    for index in 1...5 { store.dispatch(.add("\(index) \(long)")) }
    let state = store.currentState
    #expect(state.items.count == 5)
    #expect(state.items.contains { !$0.isSaved })
    #expect(state.problem?.contains("full") == true)
    #expect(state.problem?.contains("Free some disk space") == true)

    // Nothing acknowledged is lost: every item marked saved is in the file.
    let acknowledged = state.items.filter(\.isSaved).map(\.id)
    let inFile = try TodoDatabase(path: path()).load().map(\.id)
    #expect(Set(acknowledged).isSubset(of: Set(inFile)))

    // Room again: deleting items frees pages (deletes go through on a full disk), and the
    // next change saves the item left unsaved.
    let kept = try #require(state.items.first { !$0.isSaved })
    for item in state.items where item.id != kept.id { store.dispatch(.delete(item.id)) }
    #expect(store.currentState.items.map(\.id) == [kept.id])
    #expect(store.currentState.items.allSatisfy { $0.isSaved })
    #expect(store.currentState.problem == nil)
    #expect(try TodoDatabase(path: path()).load().map(\.id) == [kept.id])
  }

  @Test func typedLinesBecomeActions() {
    #expect(TodoScreen.command(for: "a Buy milk") == .add("Buy milk"))
    #expect(TodoScreen.command(for: " t 2 ") == .toggle(2))
    #expect(TodoScreen.command(for: "d 3") == .delete(3))
    #expect(TodoScreen.command(for: "f done") == .setFilter(.done))
    #expect(TodoScreen.command(for: "q") == nil)
    guard case .invalidCommand(let message) = TodoScreen.command(for: "t two") else {
      Issue.record("a bad number should be an invalid command")
      return
    }
    #expect(message.contains("t 1"))
  }

  /// A file another program wrote: a value the list would not write is refused with what is
  /// wrong (the program then runs without the file, as for a corrupt one), the file left as
  /// it is, rather than stopping the program.
  @Test(arguments: [
    ("INSERT INTO todo VALUES (9223372036854775807, 'x', 0)", "item 9223372036854775807"),
    ("INSERT INTO todo VALUES (-1, 'x', 0)", "item -1 is numbered outside 1 to 999999999"),
    ("INSERT INTO todo VALUES (1, X'FF', 0)", "title"),
    ("INSERT INTO todo VALUES (1, 'x', 'yes')", "done"),
  ])
  func valuesTheListDoesNotWriteAreRefusedWithWhatIsWrong(
    statement: String, reason: String
  ) throws {
    _ = try TodoDatabase(path: path())
    try DatabaseQueue(path: path()).write { try $0.execute(sql: statement) }
    let written = try Data(contentsOf: URL(fileURLWithPath: path()))
    let error = #expect(throws: TodoDatabaseError.self) {
      try TodoDatabase(path: path()).load()
    }
    #expect(error?.description.contains(reason) == true, "\(error?.description ?? "")")
    #expect(error?.description.contains("move it aside") == true)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path())) == written)
  }

  @Test func numbersDoNotOverflowPastTheLast() {
    // A list given numbers past the last (from a recording, say): the next add says so.
    let state = TodoState(items: [TodoItem(id: .max, title: "last", isSaved: true)])
    let store = Store(initial: state, reducer: todoReducer)
    store.dispatch(.add("one more"))
    #expect(store.currentState.items.map(\.title) == ["last"])
    #expect(
      store.currentState.problem
        == "No item number is left (they run to 999999999): start a new list in another file.")
    // The last number itself is given, once.
    let nearly = TodoState(items: [TodoItem(id: TodoItem.numbers.upperBound - 1, title: "a")])
    let full = Store(initial: nearly, reducer: todoReducer)
    full.dispatch(.add("b"))
    full.dispatch(.add("c"))
    #expect(full.currentState.items.map(\.id) == [999_999_998, 999_999_999])
    #expect(full.currentState.problem?.hasPrefix("No item number is left") == true)
    #expect(TodoState(items: [TodoItem(id: -5, title: "odd")]).nextID == 1)
  }

  @Test func titlesAndProblemsAreShownAsTextOnly() {
    let hostile = "\u{1B}[2J\u{1B}]0;owned\u{7}\u{202E}"
    var state = TodoState(items: [TodoItem(id: 1, title: "Buy" + hostile, isSaved: true)])
    state.problem = "Unknown command \"" + hostile + "\"."
    let screen = TodoScreen.render(state, note: "note" + hostile)
    #expect(!screen.contains("\u{1B}"))
    #expect(!screen.contains("\u{7}"))
    #expect(!screen.contains("\u{202E}"))
    let shown = "\u{FFFD}[2J\u{FFFD}]0;owned\u{FFFD}\u{FFFD}"
    #expect(screen.contains("  1. [ ] Buy" + shown + "\n"))
    #expect(screen.contains("! Unknown command \"" + shown + "\"."))
    #expect(screen.contains("note" + shown))
  }

  @Test func unknownItemNumbersAreExplained() throws {
    let store = try makeStore(nil)
    store.dispatch(.toggle(9))
    #expect(store.currentState.problem == "There is no item 9; use a number from the list.")
  }
}
