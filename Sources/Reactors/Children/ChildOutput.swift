/// How a child feature tells its parent what happened: a typed outcome ("saved", "deleted",
/// "closed") that the parent receives as one of its own actions.
///
/// A child reactor takes one in its `init` and calls it from `mutate` or an effect. The parent
/// makes it (``ReactorChildren`` does, mapping each outcome to the parent's action through a
/// weak reference to the parent); a test makes one that collects the outcomes. There is no
/// global event bus: an output reaches only the parent that made the child.
///
/// ```swift
/// final class RowReactor: Reactor {
///   enum Output: Sendable { case deleted }
///   let output: ChildOutput<Output>
///   init(row: Row, output: ChildOutput<Output>) { ... }
///   func mutate(action: Action) -> Effect<Mutation> {
///     switch action {
///     case .delete:
///       output(.deleted)
///       return .none
///     }
///   }
/// }
/// ```
///
/// Thread rules: call it from any thread. The parent's action is sent with `send`, so when the
/// parent is idle it is processed before the call returns, and queued otherwise. Called from
/// `mutate`, it reaches the parent before the child's own mutation is reduced; to tell the
/// parent after the child changed, call it from an effect that follows the mutation:
/// `.concat(.just(.setTitle(title)), .run { _ in output(.renamed(title)) })`.
public struct ChildOutput<Output: Sendable>: Sendable {
  /// Hands an outcome on.
  @usableFromInline let deliver: @Sendable (Output) -> Void

  /// An output that calls `deliver` with each outcome (a test collects them this way).
  @inlinable
  public init(_ deliver: @escaping @Sendable (Output) -> Void) { self.deliver = deliver }

  /// An output nobody hears: for a screen used alone, or a preview.
  public static var ignored: ChildOutput { ChildOutput { _ in } }

  /// Tells the parent `output`.
  @inlinable
  public func callAsFunction(_ output: Output) { deliver(output) }
}

extension ChildOutput {
  /// An output that sends the parent `toAction(output)`, holding the parent weakly: once the
  /// parent is gone, outcomes are dropped (nobody is left to hear them).
  @inlinable
  public static func sending<Parent: Reactor>(
    to parent: Parent, _ toAction: @escaping @Sendable (Output) -> Parent.Action
  ) -> ChildOutput {
    ChildOutput { [weak parent] output in parent?.send(toAction(output)) }
  }
}
