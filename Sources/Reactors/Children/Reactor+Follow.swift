/// Shared state: a value several screens show (the signed-in user, the settings, a data set)
/// lives in one place, a ``Store`` (or a reactor), and each screen's reactor follows the part
/// it shows. The follower receives the value as one of its own actions, now and after each
/// change, so its state holds a copy that its `reduce` treats like any other input, and its
/// tests send that action directly.
///
/// ```swift
/// final class ProfileReactor: Reactor {
///   enum Action { case userChanged(User?), rename(String) }
///   init(app: Store<AppState, AppAction>) {
///     follow(app, \.user, as: Action.userChanged)
///   }
/// }
/// ```
///
/// **Same turn.** A change made through the store reaches every follower before `dispatch`
/// returns when the store and the followers are idle (the store tells its observers on the
/// dispatching thread, and an idle reactor processes a `send` at once); otherwise it is queued,
/// in order.
///
/// **Lifetime.** The subscription belongs to the follower: it ends when the follower is
/// deallocated, and holds the follower weakly, so a screen's reactor never outlives its screen
/// because of what it follows. Nothing is global: a test makes its own store, so no value
/// leaks from one test into another.
extension Reactor {
  /// Sends `toAction(value)` now with the value at `keyPath` of `store`'s state, and again each
  /// time it changes (repeats skipped), until this reactor is deallocated.
  public func follow<SourceState: Sendable, SourceAction: Sendable, Value: Equatable & Sendable>(
    _ store: Store<SourceState, SourceAction>,
    _ keyPath: KeyPath<SourceState, Value> & Sendable,
    as toAction: @escaping @Sendable (Value) -> Action
  ) {
    storage.keep(store.observe(keyPath) { [weak self] in self?.send(toAction($0)) })
  }

  /// Sends `toAction(value)` now with the value at `keyPath` of `source`'s state, and again
  /// each time it changes (repeats skipped), until this reactor is deallocated: one reactor's
  /// state shared with another.
  public func follow<Source: Reactor, Value: Equatable & Sendable>(
    _ source: Source,
    _ keyPath: KeyPath<Source.State, Value> & Sendable,
    as toAction: @escaping @Sendable (Value) -> Action
  ) {
    storage.keep(source.observe(keyPath) { [weak self] in self?.send(toAction($0)) })
  }
}
