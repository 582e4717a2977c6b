/// Something that went wrong in a reactor without stopping it, handed to
/// ``Reactor/report(_:)``.
public enum ReactorIssue<Action: Sendable>: Sendable, CustomStringConvertible {
  /// An effect threw and nothing caught it. The reactor keeps working; add `.catch { }` to the
  /// effect to turn the error into a mutation.
  case effectFailed(any Error, action: Action?)
  /// `send` was called from inside `reduce`. The action is queued and runs after the current
  /// one; move the call to `mutate` (return the follow-up as an effect) since `reduce` must be
  /// pure.
  case sentFromReduce(Action)
  /// An effect sent a value after it had been cancelled; the value was not delivered. Not
  /// printed by default (see ``warnsByDefault``): an effect that keeps working after it was
  /// cancelled can check `Task.isCancelled`, or let a cancelled `clock.sleep` end its loop.
  case sentAfterCancellation(action: Action?)
  /// `stub.state` was set while `stub.isEnabled` was false; the state was not changed. Set
  /// `reactor.stub.isEnabled = true` first.
  case stubStateWhileDisabled
  /// An action was dispatched to a scoped store whose child is gone (an optional part that is
  /// `nil`, a row that was removed): the screen outlived its state. The action was dropped.
  case dispatchedToMissingState(Action)

  /// Whether the default `report(_:)` prints it. A value sent after its effect was cancelled is
  /// the cancellation working (the newest search won, the screen went away), as TCA's `Send`
  /// and RxSwift's `flatMapLatest` drop such values too: it is dropped silently, and a reactor
  /// that wants to hear of it implements `report(_:)`. Every other issue is a mistake to fix.
  public var warnsByDefault: Bool {
    if case .sentAfterCancellation = self { return false }
    return true
  }

  /// The issue's case, without its values: what a repeated warning is counted by.
  public var kind: String {
    switch self {
    case .effectFailed: "effectFailed"
    case .sentFromReduce: "sentFromReduce"
    case .sentAfterCancellation: "sentAfterCancellation"
    case .stubStateWhileDisabled: "stubStateWhileDisabled"
    case .dispatchedToMissingState: "dispatchedToMissingState"
    }
  }

  /// A sentence that says what happened and how to fix it.
  public var description: String {
    switch self {
    case .effectFailed(let error, let action):
      return "an effect started by \(action.map { "\($0)" } ?? "a transform source") failed "
        + "with \(error); the reactor keeps working. Add .catch { } to turn it into a mutation."
    case .sentFromReduce(let action):
      return "send(\(action)) was called from reduce; it is queued and runs next. reduce must "
        + "be pure: return the follow-up from mutate instead."
    case .sentAfterCancellation(let action):
      return "an effect started by \(action.map { "\($0)" } ?? "a transform source") sent a "
        + "value after it was cancelled; it was not delivered."
    case .stubStateWhileDisabled:
      return "stub.state was set while the stub is off; nothing changed. Set "
        + "stub.isEnabled = true first."
    case .dispatchedToMissingState(let action):
      return "\(action) was dispatched to a scoped store whose state is gone (its part of the "
        + "tree is nil, or its row was removed); it was dropped. End the screen's bindings "
        + "when its state goes away, or check currentState before dispatching."
    }
  }
}
