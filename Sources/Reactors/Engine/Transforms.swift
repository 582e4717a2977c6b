/// The element-wise stages of a reactor's `transform` hooks (`nil` is the identity), and the
/// state after `transform(state:)`'s. Made when a reactor that overrides a hook starts: a
/// reactor that overrides none carries none of it.
@usableFromInline
final class Transforms<R: Reactor> {
  @usableFromInline let action: (@Sendable (R.Action) -> R.Action?)?
  @usableFromInline let mutation: (@Sendable (R.Mutation) -> R.Mutation?)?
  @usableFromInline let state: (@Sendable (R.State) -> R.State?)?
  /// The state the outside sees, when `transform(state:)` has a stage; `nil` otherwise.
  /// Guarded by the engine's lock.
  @usableFromInline var published: R.State?
  /// The published state the stage last replaced, kept by the processing thread with the lock
  /// held and released by it once the lock is (see `ReactorStorage.reduced()`). Belongs to that
  /// thread.
  @usableFromInline var replaced: R.State?

  @usableFromInline
  init(
    action: (@Sendable (R.Action) -> R.Action?)?,
    mutation: (@Sendable (R.Mutation) -> R.Mutation?)?,
    state: (@Sendable (R.State) -> R.State?)?, published: R.State?
  ) {
    self.action = action
    self.mutation = mutation
    self.state = state
    self.published = published
  }
}
