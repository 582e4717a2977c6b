import Reactors

/// The middleware that saves every change to the file, synchronously and in order, and
/// acknowledges it with `.saved` (or reports `.saveFailed`, keeping the items unsaved).
///
/// Items not yet saved (after a failure) are retried with every later change. With no
/// database (it could not be opened), every change is reported as not saved.
public func todoPersistence(
  _ database: TodoDatabase?, unavailable reason: String = "there is no file"
) -> Middleware<TodoState, TodoAction> {
  { state, action in
    let deleted: [Int]
    switch action {
    case .add, .toggle: deleted = []
    case .delete(let id): deleted = [id]
    case .setFilter, .saved, .saveFailed, .invalidCommand: return .none
    }
    let unsaved = state.items.filter { !$0.isSaved }
    if unsaved.isEmpty && deleted.isEmpty { return .none }
    guard let database else { return .just(.saveFailed("Not saved: \(reason).")) }
    do {
      try database.save(unsaved, deleting: deleted)
      return unsaved.isEmpty ? .none : .just(.saved(unsaved.map(\.id)))
    } catch {
      return .just(.saveFailed(String(describing: error)))
    }
  }
}
