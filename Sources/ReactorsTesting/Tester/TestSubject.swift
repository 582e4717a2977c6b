import Reactors

/// What a tester drives: a reactor or a store, seen through the few operations a test needs.
struct TestSubject<State: Sendable, Input: Sendable, Output: Sendable>: Sendable {
  /// Sends an action (a reactor) or dispatches it (a store).
  let send: @Sendable (Input) -> Void
  /// The state the outside sees now.
  let currentState: @Sendable () -> State
  /// Returns once nothing is processed or queued.
  let idle: @Sendable () async -> Void
  /// Returns once no effect runs and nothing is queued.
  let settled: @Sendable () async -> Void
  /// How many effect tasks run now.
  let runningEffects: @Sendable () -> Int
  /// How many of them may be held by a clock (not waiting for a child task or a relay).
  let activeEffects: @Sendable () -> Int
  /// Returns once fewer effects than the count are active (or the task is cancelled).
  let activeEffectsBelow: @Sendable (Int) async -> Void
  /// Installs the engine's tap, called after each reduce with what was reduced and the state;
  /// returns the state when it starts.
  let tap: @Sendable (@escaping @Sendable (Output, State, Bool) -> Void) -> State
  /// Removes the tap.
  let untap: @Sendable () -> Void
  /// Whether every reduce the sending thread makes while `send` runs belongs to the send (a
  /// reactor: the mutations its `mutate` returned at once), or only the first (a store: the
  /// others are follow-up actions of its middleware, to be received one by one).
  let sendOwnsEveryStep: Bool
}

extension TestSubject {
  /// A reactor, seen as a tester sees it.
  init<R: Reactor>(reactor: R) where R.State == State, R.Action == Input, R.Mutation == Output {
    self.init(reactor: reactor, sendOwnsEveryStep: true)
  }

  /// A store, seen as a tester sees it: the reactor inside, whose mutations are its actions.
  init(store: Store<State, Input>) where Output == Input {
    self.init(reactor: store.engine, sendOwnsEveryStep: false)
  }

  private init<R: Reactor>(reactor: R, sendOwnsEveryStep: Bool)
  where R.State == State, R.Action == Input, R.Mutation == Output {
    let storage = reactor.storage
    self.init(
      send: { reactor.send($0) },
      currentState: { reactor.currentState },
      idle: { await storage.idle() },
      settled: { await storage.settled() },
      runningEffects: { storage.runningEffectCount },
      activeEffects: { storage.activeEffectCount },
      activeEffectsBelow: { await storage.activeEffects(below: $0) },
      tap: { storage.tap(from: reactor, $0) },
      untap: { storage.untap() },
      sendOwnsEveryStep: sendOwnsEveryStep)
  }
}
