import Reactors

/// One todo item. `isSaved` is the acknowledgement: the item is in the SQLite file.
public struct TodoItem: Codable, Equatable, Sendable {
  /// Its number on screen and its key in the file.
  public var id: Int
  /// What is to be done.
  public var title: String
  /// Whether it is done.
  public var isDone: Bool
  /// Whether the file holds this version of it.
  public var isSaved: Bool

  /// Creates an item.
  public init(id: Int, title: String, isDone: Bool = false, isSaved: Bool = false) {
    self.id = id
    self.title = title
    self.isDone = isDone
    self.isSaved = isSaved
  }
}

extension TodoItem {
  /// The numbers an item may have. A file holding an item outside them is refused when it is
  /// read (``TodoDatabase/load()``), and a list whose next number would pass the last says so
  /// instead of adding: no number from a file can overflow.
  public static let numbers = 1...999_999_999
}

/// Which items the list shows.
public enum TodoFilter: String, CaseIterable, Codable, Sendable {
  /// Every item.
  case all
  /// Items not done yet.
  case active
  /// Items done.
  case done
}

/// The whole todo list: the one state tree of its store.
public struct TodoState: Codable, Equatable, Sendable {
  /// Every item, oldest first.
  public var items: [TodoItem] = []
  /// Which items are shown.
  public var filter = TodoFilter.all
  /// The number the next item gets.
  public var nextID = 1
  /// A problem to show the person, with what to do about it; `nil` when all is well.
  public var problem: String?

  /// Creates a list holding `items` (as loaded from the file). The next item gets the number
  /// after the largest; past ``TodoItem/numbers``, none (adding says so).
  public init(items: [TodoItem] = [], problem: String? = nil) {
    self.items = items
    let largest = items.map(\.id).max() ?? 0
    self.nextID = min(max(largest, 0), TodoItem.numbers.upperBound) + 1
    self.problem = problem
  }

  /// The items the filter lets through.
  public var visibleItems: [TodoItem] {
    switch filter {
    case .all: items
    case .active: items.filter { !$0.isDone }
    case .done: items.filter(\.isDone)
    }
  }
}

/// Everything that can happen to the list.
public enum TodoAction: Codable, Equatable, Sendable {
  /// Adds an item with this title.
  case add(String)
  /// Marks the item with this number done, or not done.
  case toggle(Int)
  /// Deletes the item with this number.
  case delete(Int)
  /// Shows only some items.
  case setFilter(TodoFilter)
  /// The file now holds these items as they are (from the persistence middleware).
  case saved([Int])
  /// Saving failed; the message says why and what to do (from the persistence middleware).
  case saveFailed(String)
  /// A command the list does not understand; the message says what would work.
  case invalidCommand(String)
}

/// The list's reducer: in place, so adding to a long list is O(1).
public let todoReducer: MutatingReducer<TodoState, TodoAction> = { state, action in
  switch action {
  case .add(let title):
    guard TodoItem.numbers.contains(state.nextID) else {
      state.problem =
        "No item number is left (they run to \(TodoItem.numbers.upperBound)): start a new "
        + "list in another file."
      return
    }
    state.items.append(TodoItem(id: state.nextID, title: title))
    state.nextID += 1
  case .toggle(let id):
    guard let index = state.items.firstIndex(where: { $0.id == id }) else {
      state.problem = "There is no item \(id); use a number from the list."
      return
    }
    state.items[index].isDone.toggle()
    state.items[index].isSaved = false
  case .delete(let id):
    guard state.items.contains(where: { $0.id == id }) else {
      state.problem = "There is no item \(id); use a number from the list."
      return
    }
    state.items.removeAll { $0.id == id }
  case .setFilter(let filter):
    state.filter = filter
  case .saved(let ids):
    for index in state.items.indices where ids.contains(state.items[index].id) {
      state.items[index].isSaved = true
    }
    if state.items.allSatisfy(\.isSaved) { state.problem = nil }
  case .saveFailed(let message):
    state.problem = message
  case .invalidCommand(let message):
    state.problem = message
  }
}
