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
  /// Lock held on entry and on return.
  @usableFromInline
  func start(_ reactor: R) {
    lock.unlock()
    let initialState = reactor.initialState
    let actions = reactor.transform(action: Effect(.upstream(nil)))
    let mutations = reactor.transform(mutation: Effect(.upstream(nil)))
    let states = reactor.transform(state: Effect(.upstream(nil)))
    let isTransformed =
      !(actions.isUntransformedUpstream && mutations.isUntransformedUpstream
      && states.isUntransformedUpstream)
    let pipelines =
      isTransformed
      ? (
        actions: TransformPipeline(analyzing: actions),
        mutations: TransformPipeline(analyzing: mutations),
        states: TransformPipeline(analyzing: states)
      ) : nil
    let published = pipelines?.states.stage.map { $0(initialState) ?? initialState }
    lock.lock()
    guard core.pointee.state == nil else { return }
    core.pointee.state = initialState
    guard let pipelines else { return }
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
    core.pointee.issues += problems.map { .unsupportedTransform($0) }
    for source in pipelines.actions.sources {
      launch(
        source, id: nil, reportsErrors: true,
        host: ReactorHost(link(to: reactor), origin: nil) { .action($0, staged: true) })
    }
    for source in pipelines.mutations.sources {
      launch(
        source, id: nil, reportsErrors: true,
        host: ReactorHost(link(to: reactor), origin: nil) { .mutation($0, staged: true) })
    }
    guard !pipelines.actions.prefix.isEmpty || !core.pointee.issues.isEmpty else { return }
    // The actions the hook starts with run first, before the work that started the reactor.
    // Nobody processed before the reactor started, so this thread can claim it.
    let claimed = core.pointee.processing.claim(on: .current)
    for action in pipelines.actions.prefix {
      core.pointee.processing.followUp(.action(action, staged: true))
    }
    let issues = core.pointee.issues
    core.pointee.issues = []
    lock.unlock()
    for issue in issues { reactor.report(issue) }
    if claimed { finishItem(reactor) }
    lock.lock()
  }
}
