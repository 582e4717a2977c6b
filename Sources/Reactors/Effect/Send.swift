/// Emits values from a ``Effect/run(priority:_:)`` effect back into its reactor or store.
///
/// `Send` may be called from any task or thread. Values sent after the effect was cancelled
/// (its reactor went away, or it was cancelled by id) are not delivered: the reactor hears of
/// them in ``Reactor/report(_:)`` as ``ReactorIssue/sentAfterCancellation(action:)``, which
/// the default implementation drops silently.
public struct Send<Output: Sendable>: Sendable {
  @usableFromInline let deliver: @Sendable (Output) -> Void

  /// Creates a `Send` that hands each value to `deliver`.
  public init(_ deliver: @escaping @Sendable (Output) -> Void) {
    self.deliver = deliver
  }

  /// Emits one value.
  @inlinable
  public func callAsFunction(_ value: Output) { deliver(value) }
}
