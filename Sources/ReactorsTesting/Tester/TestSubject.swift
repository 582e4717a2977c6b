import Reactors

/// What a tester drives: a reactor or a store, seen through the few operations a test needs.
struct TestSubject<State: Sendable, Input: Sendable, Output: Sendable>: Sendable {
  /// Sends an action (a reactor) or dispatches it (a store).
  let send: @Sendable (Input) -> Void
  /// The state the outside sees now.
  let currentState: @Sendable () -> State
  /// Returns once no effect runs and nothing is queued.
  let settled: @Sendable () async -> Void
  /// How many effect tasks run now.
  let runningEffects: @Sendable () -> Int
  /// Installs the engine's tap: called after each reduce with what was reduced and the state.
  let tap: @Sendable (@escaping @Sendable (Output, State) -> Void) -> Void
  /// Whether every reduce made while `send` runs belongs to the send (a reactor: the mutations
  /// its `mutate` returned at once), or only the first (a store: the others are follow-up
  /// actions of its middleware, to be received one by one).
  let sendOwnsEveryStep: Bool
}

extension TestSubject {
  /// A reactor, seen as a tester sees it.
  init<R: Reactor>(reactor: R) where R.State == State, R.Action == Input, R.Mutation == Output {
    self.init(
      send: { reactor.send($0) },
      currentState: { reactor.currentState },
      settled: { await reactor.storage.settled() },
      runningEffects: { reactor.storage.runningEffectCount },
      tap: { reactor.storage.tap($0) },
      sendOwnsEveryStep: true)
  }

  /// A store, seen as a tester sees it: its mutations are its actions.
  init(store: Store<State, Input>) where Output == Input {
    self.init(
      send: { store.dispatch($0) },
      currentState: { store.currentState },
      settled: { await store.settled() },
      runningEffects: { store.runningEffectCount },
      tap: { store.tap($0) },
      sendOwnsEveryStep: false)
  }
}
