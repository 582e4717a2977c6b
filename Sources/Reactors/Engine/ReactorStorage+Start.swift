extension ReactorStorage {
  /// Starts the reactor on first use. Lock held; it may be released and taken again meanwhile.
  @inlinable @inline(__always)
  func startIfNeeded(_ reactor: R) {
    if core.pointee.state == nil { start(reactor) }
  }

  /// Reads `initialState` and runs the `transform` hooks once, with the lock released, then
  /// installs what they returned. Two threads using a new reactor at once may both run the
  /// hooks; the first to install wins, and only its sources start.
  ///
  /// Lock held on entry and on return. Inlinable, so it runs specialized for the reactor.
  @inlinable
  func start(_ reactor: R) {
    lock.unlock()
    let initialState = reactor.initialState
    let actions = reactor.transform(action: Effect(.upstream(nil)))
    let mutations = reactor.transform(mutation: Effect(.upstream(nil)))
    let states = reactor.transform(state: Effect(.upstream(nil)))
    guard
      actions.isUntransformedUpstream && mutations.isUntransformedUpstream
        && states.isUntransformedUpstream
    else {
      return startTransformed(
        reactor, initialState: initialState, actions: actions, mutations: mutations,
        states: states)
    }
    lock.lock()
    guard core.pointee.state == nil else { return }
    core.pointee.state = initialState
    core.pointee.isPlain = core.pointee.extras == nil
  }

  /// ``start(_:)`` for a reactor that overrides a `transform` hook: analyses what the hooks
  /// returned, installs their stages and starts their sources. Lock released on entry, held on
  /// return.
  @usableFromInline
  func startTransformed(
    _ reactor: R, initialState: R.State, actions: Effect<R.Action>,
    mutations: Effect<R.Mutation>, states: Effect<R.State>
  ) {
    let pipelines = (
      actions: TransformPipeline(analyzing: actions),
      mutations: TransformPipeline(analyzing: mutations),
      states: TransformPipeline(analyzing: states)
    )
    let published = pipelines.states.stage.map { $0(initialState) ?? initialState }
    lock.lock()
    guard core.pointee.state == nil else { return }
    core.pointee.state = initialState
    core.pointee.stages.action = pipelines.actions.stage
    core.pointee.stages.mutation = pipelines.mutations.stage
    core.pointee.stages.state = pipelines.states.stage
    core.pointee.published = published
    var problems = pipelines.actions.problems + pipelines.mutations.problems
    problems += pipelines.states.problems
    if !pipelines.states.prefix.isEmpty || !pipelines.states.sources.isEmpty {
      problems.append(
        "transform(state:) applies map and filter only; prepend and merge are ignored")
    }
    let issues: [ReactorIssue<R.Action>] = problems.map { .unsupportedTransform($0) }
    let link = link(to: reactor)
    for source in pipelines.actions.sources {
      if case .relay(let relay) = source.operation {
        subscribe(to: relay, link: link) { .actions($0) }
      } else {
        launch(
          source, id: nil, reportsErrors: true,
          host: ReactorHost(link, origin: nil) { .action($0, staged: true) })
      }
    }
    for source in pipelines.mutations.sources {
      if case .relay(let relay) = source.operation {
        subscribe(to: relay, link: link) { .mutations($0) }
      } else {
        launch(
          source, id: nil, reportsErrors: true,
          host: ReactorHost(link, origin: nil) { .mutation($0, staged: true) })
      }
    }
    guard !pipelines.actions.prefix.isEmpty || !issues.isEmpty else { return }
    // The actions the hook starts with run first, before the work that started the reactor.
    // Nobody processed before the reactor started, so this thread can claim it.
    let claimed = core.pointee.processing.claim(on: .current)
    for action in pipelines.actions.prefix {
      core.pointee.processing.followUp(.action(action, staged: true))
    }
    lock.unlock()
    for issue in issues { reactor.report(issue) }
    if claimed { finishItem(reactor) }
    lock.lock()
  }

  /// Submits each event of a relay merged in a `transform` hook to the reactor, at once, from
  /// the thread that accepted it: processed before `accept` returns when the reactor is idle.
  /// The subscription ends with the reactor. Lock held.
  func subscribe<Output>(
    to relay: RelaySource<Output>, link: ReactorLink<R>,
    as makeWork: @escaping @Sendable (Effect<Output>) -> Work<R>
  ) {
    let subscription = relay.subscribe { effect in
      guard let reactor = link.reactor else { return }
      reactor.storage.submit(makeWork(effect), from: reactor)
    }
    core.pointee.makeExtras().subscriptions.append(subscription)
  }
}
