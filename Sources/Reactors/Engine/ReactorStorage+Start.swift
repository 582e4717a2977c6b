extension ReactorStorage {
  /// Starts the reactor if it has not started. Lock released.
  @inlinable
  func startIfNeeded(_ reactor: R) {
    if !locked({ core.pointee.lifecycle.hasStarted }) { start(reactor) }
  }

  /// Reads `initialState` and runs the `transform` hooks once, then installs what they
  /// returned, in one lock scope. Two threads using a new reactor at once may both run the
  /// hooks; the first to install wins, and only its sources start. The loser releases what it
  /// made once its scope has ended, with the lock released (a `deinit` there may run user code).
  ///
  /// Lock released. Inlinable, so it runs specialized for the reactor.
  @inlinable
  func start(_ reactor: R) {
    let initialState = reactor.initialState
    let actions = reactor.transform(action: Upstream())
    let mutations = reactor.transform(mutation: Upstream())
    let states = reactor.transform(state: StateUpstream())
    guard actions.isIdentity && mutations.isIdentity && states.stage == nil else {
      return startTransformed(
        reactor, initialState: initialState, actions: actions, mutations: mutations,
        states: states)
    }
    locked {
      guard core.pointee.lifecycle.installed(hasStages: false) else { return }
      stateSlot.initialize(to: initialState)
    }
  }

  /// ``start(_:)`` for a reactor that overrides a `transform` hook: installs the hooks' stages
  /// (unless another thread did first), then starts their sources, and processes the actions
  /// the action hook starts with. Lock released.
  @usableFromInline
  func startTransformed(
    _ reactor: R, initialState: R.State, actions: Upstream<R.Action>,
    mutations: Upstream<R.Mutation>, states: StateUpstream<R.State>
  ) {
    let published = states.stage.map { $0(initialState) ?? initialState }
    let link = link(to: reactor)
    // `nil`: another thread installed its hooks first.
    let claimed = locked { () -> Bool? in
      guard core.pointee.lifecycle.installed(hasStages: true) else { return nil }
      stateSlot.initialize(to: initialState)
      core.pointee.transforms = Transforms(
        action: actions.stage, mutation: mutations.stage, state: states.stage,
        published: published)
      guard !actions.prefix.isEmpty else { return false }
      // The actions the hook starts with run first, before the work that started the reactor.
      // Nobody processed before the reactor started, so this thread can claim it.
      let claimed = core.pointee.processing.claim(on: .current)
      for action in actions.prefix {
        core.pointee.processing.followUp(.action(action, staged: true))
      }
      return claimed
    }
    guard let claimed else { return }
    start(
      actions.sources, link: link, events: { .actions($0) }, values: { .action($0, staged: true) })
    start(
      mutations.sources, link: link, events: { .mutations($0) },
      values: { .mutation($0, staged: true) })
    if claimed { finishItem(reactor) }
  }

  /// Starts the outside streams a `transform` hook merged: a relay is subscribed to (its events
  /// arrive as `events` work, in line), anything else runs in a task (its values arrive as
  /// `values` work). Lock released.
  func start<Output>(
    _ sources: [Effect<Output>], link: ReactorLink<R>,
    events: @escaping @Sendable (Effect<Output>) -> Work<R>,
    values: @escaping @Sendable (Output) -> Work<R>
  ) {
    for source in sources {
      if case .relay(let relay) = source.operation {
        subscribe(to: relay, link: link, as: events)
      } else {
        ReactorHost(link, origin: nil, makeWork: values)
          .startDetached(source, id: nil, reportsErrors: true)
      }
    }
  }

  /// Submits each event of a relay merged in a `transform` hook to the reactor, at once, from
  /// the thread that accepted it: processed before `accept` returns when the reactor is idle.
  /// The subscription ends with the reactor. Lock released.
  func subscribe<Output>(
    to relay: RelaySource<Output>, link: ReactorLink<R>,
    as makeWork: @escaping @Sendable (Effect<Output>) -> Work<R>
  ) {
    let subscription = relay.subscribe { effect in
      guard let reactor = link.reactor else { return }
      reactor.storage.submit(makeWork(effect), from: reactor)
    }
    locked { core.pointee.makeExtras().subscriptions.append(subscription) }
  }
}

extension ReactorStorage {
  /// Keeps `subscription` until the reactor goes away: a shared value the reactor follows
  /// (``Reactor/follow(_:_:as:)-(Store<SourceState,SourceAction>,_,_)``). Lock released.
  @usableFromInline
  func keep(_ subscription: ObservationToken) {
    locked { core.pointee.makeExtras().subscriptions.append(subscription) }
  }
}
