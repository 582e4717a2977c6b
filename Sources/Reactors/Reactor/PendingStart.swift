/// An effect whose task is registered but not started yet: it starts on the thread that
/// processed its action, as soon as that thread releases the engine's lock (see
/// ``ReactorStorage/startPendingEffects()``).
///
/// Its slot in the reactor's ``TaskRegistry`` is reserved when it is scheduled, so a
/// cancellation processed before it starts finds it, and then it never starts.
@usableFromInline
enum PendingStart<R: Reactor> {
  /// What is left of an effect returned by `mutate`, delivering mutations.
  case mutations(Effect<R.Mutation>, TaskRegistry.Token, ReactorHost<R, R.Mutation>)
  /// What is left of an effect returned by a store's middleware, delivering actions.
  case actions(Effect<R.Action>, TaskRegistry.Token, ReactorHost<R, R.Action>)
}
