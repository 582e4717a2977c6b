/// The engine of one reactor: its state, its queue of work, its observers and its tasks.
///
/// Declare it in the reactor as `let storage = Storage()`; it is created empty and starts on
/// first use (reading `initialState` and calling the `transform` hooks once). The reactor owns
/// it, and it owns everything the reactor runs: when the reactor is deallocated, the storage
/// cancels every effect still in flight and ends every state stream. No global table is
/// involved.
///
/// Thread rules: every method may be called from any thread. Work is processed with a lock
/// held, one item at a time; work that arrives while an item is being processed on the same
/// thread (from `mutate`, `reduce`, an observer) is queued and processed right after it. The
/// tasks of the effects that work returned start after the lock is released, on the same
/// thread, one after another (see ``startPendingEffects()``).
public final class ReactorStorage<R: Reactor>: @unchecked Sendable {
  // Audited: `core` is read and written only between `lock.lock()` and `lock.unlock()`, and
  // the pointer is allocated in `init` and freed in `deinit`, when no other reference exists.
  @usableFromInline let lock = PlatformLock()
  @usableFromInline let core: UnsafeMutablePointer<EngineCore<R>>

  /// Creates the storage of a reactor that has not started yet.
  @inlinable
  public init() {
    core = .allocate(capacity: 1)
    core.initialize(to: EngineCore())
  }

  deinit {
    let tasks = core.pointee.link?.tasks.withLock { $0.removeAll() } ?? []
    let finishers = core.pointee.observers.removeAll()
    for task in tasks { task.cancel() }
    for finish in finishers { finish() }
    core.deinitialize(count: 1)
    core.deallocate()
    lock.deallocate()
  }

  // MARK: - Entry points

  /// Takes the lock for work that may run user code and start effects.
  @inlinable @inline(__always)
  func enter() { lock.lock() }

  /// Releases the lock taken by ``enter()``; the outermost processing first starts the effects
  /// its work scheduled (see ``startPendingEffects()``).
  @inlinable @inline(__always)
  func leave() {
    if core.pointee.startsPending && core.pointee.phase == .idle { return startPendingEffects() }
    lock.unlock()
  }

  /// Processes `work` now, or queues it when work is already being processed.
  @inlinable
  func submit(_ work: Work<R>, from reactor: R) {
    enter()
    defer { leave() }
    submitLocked(work, reactor)
  }

  /// ``submit(_:from:)`` with the lock already held.
  @inlinable
  func submitLocked(_ work: Work<R>, _ reactor: R) {
    if core.pointee.state == nil { start(reactor) }
    switch core.pointee.phase {
    case .idle:
      core.pointee.phase = .processing
      process(work, reactor)
      drain(reactor)
      core.pointee.phase = .idle
    case .processing:
      core.pointee.queue.append(work)
    case .reducing:
      if case .action(let action, _) = work { reactor.report(.sentFromReduce(action)) }
      core.pointee.queue.append(work)
    }
  }

  /// Sends an action: recorded when the stub is on, processed otherwise. One lock, and on the
  /// common path (nothing queued, `mutate` returns `.just` or `.none`) no `Work` value at all.
  @inlinable
  func send(_ action: R.Action, from reactor: R) {
    enter()
    guard core.pointee.phase == .idle, core.pointee.state != nil, !core.pointee.stubIsEnabled
    else { return sendUncommonly(action, reactor) }
    core.pointee.phase = .processing
    processAction(action, staged: false, reactor)
    if !core.pointee.queue.isEmpty { drain(reactor) }
    core.pointee.phase = .idle
    // Idle when this send began, so this is the outermost processing: no need to test the
    // phase as `leave()` does.
    if core.pointee.startsPending { return startPendingEffects() }
    lock.unlock()
  }

  /// ``send(_:from:)`` when the stub is on, work is being processed, or the reactor has not
  /// started. Lock held; released here.
  @inlinable @inline(never)
  func sendUncommonly(_ action: R.Action, _ reactor: R) {
    defer { leave() }
    if core.pointee.stubIsEnabled {
      core.pointee.stubActions.append(action)
      return
    }
    submitLocked(.action(action, staged: false), reactor)
  }

  /// The state the outside sees.
  @inlinable
  func currentState(of reactor: R) -> R.State {
    enter()
    defer { leave() }
    if core.pointee.state == nil { start(reactor) }
    return core.pointee.currentState
  }

  // MARK: - Processing (lock held)

  @inlinable
  func drain(_ reactor: R) {
    while let work = core.pointee.queue.popFirst() { process(work, reactor) }
  }

  @inlinable
  func process(_ work: Work<R>, _ reactor: R) {
    switch work {
    case .action(let action, let staged):
      processAction(action, staged: staged, reactor)
    case .mutation(let mutation, let staged):
      if core.pointee.stubIsEnabled { return }
      apply(mutation, staged: staged, reactor)
    case .state(let state):
      core.pointee.state = state
      if core.pointee.stateStage != nil { core.pointee.published = state }
      notifyObservers()
    }
  }

  /// Runs `mutate` and starts its effect: `.just` and `.none` directly, the rest through the
  /// effect interpreter.
  @inlinable
  func processAction(_ action: R.Action, staged: Bool, _ reactor: R) {
    guard let action = staged ? action : passed(action, through: core.pointee.actionStage)
    else { return }
    let effect = reactor.mutate(action: action)
    switch effect.operation {
    case .just(let mutation):
      apply(mutation, staged: false, reactor)
    case .none:
      return
    default:
      startMutations(of: effect, from: action, reactor)
    }
  }

  /// Starts an effect that is not a single mutation. Specialized where the reactor is, but
  /// kept out of line, so that the common path of ``processAction(_:staged:_:)`` stays small.
  @inlinable @inline(never)
  func startMutations(of effect: Effect<R.Mutation>, from action: R.Action, _ reactor: R) {
    // The closure does not escape and `reactor` outlives it: capturing it unowned saves a
    // retain, which is slow once the reactor has a weak reference (see `ReactorLink`).
    start(
      effect, emit: { [unowned(unsafe) reactor] in apply($0, staged: false, reactor) },
      host: mutationHost(reactor, origin: action))
  }

  /// `value` after a `transform` hook's element-wise stage; `nil` when the stage drops it.
  @inlinable
  func passed<Value>(_ value: Value, through stage: ((Value) -> Value?)?) -> Value? {
    guard let stage else { return value }
    return stage(value)
  }

  @inlinable
  func apply(_ mutation: R.Mutation, staged: Bool, _ reactor: R) {
    guard let mutation = staged ? mutation : passed(mutation, through: core.pointee.mutationStage)
    else { return }
    core.pointee.phase = .reducing
    reactor.reduce(state: &core.pointee.state!, mutation: mutation)
    core.pointee.phase = .processing
    if let stage = core.pointee.stateStage {
      guard let transformed = stage(core.pointee.state!) else { return }
      core.pointee.published = transformed
    }
    notifyObservers()
    if let afterReduce = core.pointee.afterReduce {
      startFollowUps(afterReduce(core.pointee.currentState, mutation), after: mutation, reactor)
    }
  }

  /// Reads `initialState` and runs the `transform` hooks once. A reactor that overrides none
  /// of them is started here, compiled for its concrete types; the others go through
  /// ``startTransforms(_:actions:mutations:states:)``.
  @inlinable
  func start(_ reactor: R) {
    core.pointee.state = reactor.initialState
    let actions = reactor.transform(action: Effect(.upstream(nil)))
    let mutations = reactor.transform(mutation: Effect(.upstream(nil)))
    let states = reactor.transform(state: Effect(.upstream(nil)))
    if actions.isUntransformedUpstream && mutations.isUntransformedUpstream
      && states.isUntransformedUpstream
    {
      return
    }
    startTransforms(reactor, actions: actions, mutations: mutations, states: states)
  }

  /// Analyses what the `transform` hooks returned and starts what they merged.
  @usableFromInline
  func startTransforms(
    _ reactor: R, actions: Effect<R.Action>, mutations: Effect<R.Mutation>,
    states: Effect<R.State>
  ) {
    let actions = Pipeline(analyzing: actions)
    let mutations = Pipeline(analyzing: mutations)
    let states = Pipeline(analyzing: states)
    core.pointee.actionStage = actions.stage
    core.pointee.mutationStage = mutations.stage
    if let stage = states.stage {
      core.pointee.stateStage = stage
      core.pointee.published = stage(core.pointee.state!) ?? core.pointee.state!
    }
    var problems = actions.problems + mutations.problems + states.problems
    if !states.prefix.isEmpty || !states.sources.isEmpty {
      problems.append(
        "transform(state:) applies map and filter only; prepend and merge are ignored")
    }
    for problem in problems { reactor.report(.unsupportedTransform(problem)) }
    for source in actions.sources {
      launch(
        source, id: nil, reportsErrors: true,
        host: ReactorHost(link(to: reactor), origin: nil) { .action($0, staged: true) })
    }
    for source in mutations.sources {
      launch(
        source, id: nil, reportsErrors: true,
        host: ReactorHost(link(to: reactor), origin: nil) { .mutation($0, staged: true) })
    }
    guard !actions.prefix.isEmpty, core.pointee.phase == .idle else {
      for action in actions.prefix { core.pointee.queue.append(.action(action, staged: true)) }
      return
    }
    core.pointee.phase = .processing
    for action in actions.prefix { core.pointee.queue.append(.action(action, staged: true)) }
    drain(reactor)
    core.pointee.phase = .idle
  }
}
