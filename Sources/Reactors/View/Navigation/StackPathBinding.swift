/// The logic of a `NavigationStack(path:)` binding over a ``StackState``: the ids SwiftUI shows
/// as the path, and what a path SwiftUI writes back means. Built and tested on every platform;
/// the SwiftUI glue only wraps it in a `Binding` (`binding`, or
/// `NavigationStack(path: stackPathBinding) { ... }`).
///
/// ```swift
/// let path = store.pathBinding(\.path, action: AppAction.path)
/// path.ids                 // [#0, #1, #2]: the path, with one screen per element
/// path.write([0])          // the user went back twice: sends .path(.popFrom(id: 1))
/// ```
///
/// **State first.** The path is read from the state each time; a write changes nothing
/// itself. SwiftUI writes the path only when the user goes back (the back button, an edge swipe,
/// a long press on back), removing screens from the top: that becomes one
/// `StackAction.popFrom(id:)`, sent to the store or reactor, whose reducer pops the stack
/// (`forEach(_:stack:action:)` does). Any other rewrite (an unknown id, screens moved or
/// removed from the middle) is not applied: it is reported as a runtime warning and the state
/// stays as it was; push and pop through the state instead.
///
/// Thread rules: a value of `Sendable` closures; read and write it from any thread. SwiftUI
/// uses it on the main actor.
public struct StackPathBinding<Element>: Sendable {
  /// Reads the ids of the stack, for the path (through an Observation-tracked read when made by
  /// an `ObservedState`).
  let readIDs: @Sendable () -> [StackElementID]
  /// Reads the whole stack.
  let readStack: @Sendable () -> StackState<Element>
  /// Sends `StackAction.popFrom(id:)`, wrapped as its source needs.
  let sendPop: @Sendable (StackElementID) -> Void

  /// The logic over the stack `read` returns, which sends `send(.popFrom(id:))` when the user
  /// goes back.
  ///
  /// ```swift
  /// StackPathBinding(read: { store.state.path }, send: { store.dispatch(.path($0)) })
  /// ```
  public init<ElementAction>(
    read: @escaping @Sendable () -> StackState<Element>,
    send: @escaping @Sendable (StackAction<Element, ElementAction>) -> Void
  ) {
    self.init(read: read, popFrom: { send(.popFrom(id: $0)) })
  }

  /// The logic over the stack `read` returns, which calls `popFrom` with the first id that went
  /// when the user goes back: for an action of your own built from that id.
  public init(
    read: @escaping @Sendable () -> StackState<Element>,
    popFrom: @escaping @Sendable (StackElementID) -> Void
  ) {
    self.init(readIDs: { read().ids }, readStack: read, popFrom: popFrom)
  }

  /// The logic with the ids read on their own (so that a view model tracks only them).
  init(
    readIDs: @escaping @Sendable () -> [StackElementID],
    readStack: @escaping @Sendable () -> StackState<Element>,
    popFrom: @escaping @Sendable (StackElementID) -> Void
  ) {
    self.readIDs = readIDs
    self.readStack = readStack
    self.sendPop = popFrom
  }

  /// The ids of the stack now, bottom first: the value of the `NavigationStack`'s path.
  public var ids: [StackElementID] { readIDs() }

  /// The stack now.
  public var stack: StackState<Element> { readStack() }

  /// Takes the path SwiftUI wrote, `newIDs`, and returns what it meant (see
  /// ``StackState/changeWritten(byPath:)``): for ``StackWriteBack/popFrom(_:)`` it sends the
  /// pop; for ``StackWriteBack/unsupported(_:)`` it reports a runtime warning that says why,
  /// and sends nothing; for ``StackWriteBack/unchanged`` it does nothing.
  @discardableResult
  public func write(_ newIDs: [StackElementID]) -> StackWriteBack {
    let writeBack = readStack().changeWritten(byPath: newIDs)
    switch writeBack {
    case .unchanged: break
    case .popFrom(let id): sendPop(id)
    case .unsupported(let reason):
      runtimeWarning(
        "A NavigationStack path over StackState<\(Element.self)> was set to "
          + "[\(newIDs.map(\.description).joined(separator: ", "))]. \(reason)",
        key: "StackPathBinding<\(Element.self)>.write")
    }
    return writeBack
  }

  /// Sends the pop of the screen `id` and those above it, as a write of the path without them
  /// would: what a navigation controller's back button or swipe reports.
  func pop(from id: StackElementID) { sendPop(id) }
}
