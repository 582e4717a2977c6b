/// The one place where the engine calls a reactor's code, in ReactorKit's order:
///
///     action → transform(action:) → mutate → Effect → transform(mutation:) → reduce
///            → transform(state:) → observers → (a store's middleware)
///
/// Only the thread that owns processing (see ``Processing``) runs these, one item at a time.
/// `reduce` and the `transform(state:)` stage run with the lock held: they are pure, and
/// `currentState` waits for them at most. Everything else runs with the lock released.
extension ReactorStorage {
  /// Processes one item of work. Lock released.
  /// `source`: where an action was sent from, for a hooked reactor (see ``StepScope/source``).
  @inlinable
  func process(_ work: Work<R>, _ reactor: R, source: CallSite? = nil) {
    if parts.pointee.modes.holds(work) { return hold(work, source: source) }
    switch work {
    case .action(let action, let staged):
      processAction(action, staged: staged, reactor, source: source)
    case .mutation(let mutation, let staged):
      apply(mutation, staged: staged, reactor)
    case .state(let state):
      setState(state, reactor)
    case .register(let registration):
      register(registration)
    case .actions(let effect):
      start(
        effect, emit: { processAction($0, staged: true, reactor) },
        host: ReactorHost(link(to: reactor), origin: nil) { .action($0, staged: true) })
    case .mutations(let effect):
      start(
        effect, emit: { apply($0, staged: true, reactor) },
        host: ReactorHost(link(to: reactor), origin: nil) { .mutation($0, staged: true) })
    case .marked(let marks, let work):
      if isCurrent(marks) { process(work, reactor) }
    case .control(.hook(let hook)):
      startTelling(hook)
    case .control(.showPast(let state)):
      showPast(state)
    case .control(.showLive):
      showLive(reactor)
    }
  }

  /// ``process(_:_:)`` for an action `send` delivered to this thread: the same, without making
  /// it a work item first. Lock released.
  @inlinable @inline(__always)
  func processSent(_ action: R.Action, _ source: CallSite?, _ reactor: R) {
    guard !parts.pointee.modes.holdsActions else {
      return hold(.action(action, staged: false), source: source)
    }
    processAction(action, staged: false, reactor, source: source)
  }

  /// Runs `transform(action:)`'s stage and `mutate`, then starts the effect: `.just` and
  /// `.none` directly, the rest through the effect interpreter. Lock released.
  /// `source`: where it was sent from, when known (a hook is told).
  @inlinable
  func processAction(
    _ action: R.Action, staged: Bool, _ reactor: R, source: CallSite? = nil
  ) {
    if let hook = unretainedProcessingHook {
      return processHooked(action, staged: staged, reactor, hook, source)
    }
    processUnhooked(action, staged: staged, reactor)
  }

  /// ``processAction(_:staged:_:)``'s work, which a hooked reactor runs too. Lock released.
  @inlinable @inline(__always)
  func processUnhooked(_ action: R.Action, staged: Bool, _ reactor: R) {
    guard let action = staged ? action : passed(action, through: core.pointee.transforms?.action)
    else { return }
    start(reactor.mutate(action: action), of: action, reactor)
  }

  /// Starts what `mutate` returned for `action`: `.just` and `.none` directly, the rest
  /// through the effect interpreter. Lock released.
  @inlinable
  func start(_ effect: Effect<R.Mutation>, of action: R.Action, _ reactor: R) {
    switch effect.operation {
    case .just(let mutation):
      apply(mutation, staged: false, reactor, of: action)
    case .none:
      return
    default:
      startMutations(of: effect, from: action, reactor)
    }
  }

  /// `value` after a `transform` hook's element-wise stage; `nil` when the stage drops it.
  @inlinable
  func passed<Value>(_ value: Value, through stage: ((Value) -> Value?)?) -> Value? {
    guard let stage else { return value }
    return stage(value)
  }

  /// Runs `transform(mutation:)`'s stage, reduces (in a lock scope), then tells the observers
  /// and does what a reactor with extras does after a reduce (lock released).
  ///
  /// With the stub turned on meanwhile, nothing is reduced, and `action` (the action whose
  /// `mutate` returned this one mutation), if given, is recorded as the stub records actions.
  ///
  /// Out of line: inlined into `send`, whose plain path calls it only when the reactor left that
  /// path, it made every plain `send` longer.
  @inlinable @inline(never)
  func apply(_ mutation: R.Mutation, staged: Bool, _ reactor: R, of action: R.Action? = nil) {
    let hook = unretainedProcessingHook
    if let hook, let now = hook._withUnsafeGuaranteedRef({ $0.now }) {
      return applyMeasured(mutation, staged: staged, reactor, of: action, hook, now)
    }
    guard
      let mutation = staged
        ? mutation : passed(mutation, through: core.pointee.transforms?.mutation),
      let reduction = reduceInScope(mutation, reactor, of: action)
    else { return }
    if let hook { return appliedHooked(mutation, reduction, reactor, hook) }
    finishReduce(mutation, reduction, reactor)
  }

  /// ``apply(_:staged:_:of:)`` for a hook that measures what each step costs (``StepHook/now``):
  /// the same work, timed on the hook's clock, the hook's own work left out. Lock released.
  @inlinable @inline(never)
  func applyMeasured(
    _ mutation: R.Mutation, staged: Bool, _ reactor: R, of action: R.Action?,
    _ hook: Unmanaged<Hook>, _ now: @Sendable () -> Int64
  ) {
    let start = now()
    guard
      let mutation = staged
        ? mutation : passed(mutation, through: core.pointee.transforms?.mutation),
      let reduction = reduceInScope(mutation, reactor, of: action)
    else { return }
    let reduce = now() &- start
    let step = tellReduced(mutation, hook)
    let delivering = now()
    if !reduction.isEmpty {
      CauseScope.run(step) { finishReduce(mutation, reduction, reactor) }
    }
    let delivery = now() &- delivering
    hook._withUnsafeGuaranteedRef { $0.costs(step, reduce, delivery) }
  }

  /// Reduces `mutation` in a lock scope (see ``reduced()``); `nil` when the stub is on, which
  /// keeps `action` (the action whose `mutate` returned this one mutation), if given, instead.
  @inlinable @inline(__always)
  func reduceInScope(_ mutation: R.Mutation, _ reactor: R, of action: R.Action?) -> Reduction? {
    locked { () -> Reduction? in
      if core.pointee.lifecycle.isStubbed {
        if let action { core.pointee.extras?.stubActions.append(action) }
        return nil
      }
      reduce(mutation, reactor)
      return reduced()
    }
  }

  /// Runs `reduce` on the state where it lies, flagged so that a `send` from inside it is
  /// reported. In a lock scope.
  @inlinable @inline(__always)
  func reduce(_ mutation: R.Mutation, _ reactor: R) {
    core.pointee.lifecycle.reduceStarted()
    reactor.reduce(state: &stateSlot.pointee, mutation: mutation)
    core.pointee.lifecycle.reduceEnded()
  }

  /// After a reduce, in a lock scope: keeps what is left to do once the lock is released, when
  /// anything is (the tap, the issues `reduce` made, the state a store's middleware sees:
  /// ``Lifecycle/hasWorkAfterReduce``), applies `transform(state:)`'s stage, and captures what
  /// changed for the observers. Returns what ``finishReduce(_:_:_:)`` is to do.
  ///
  /// The state the stage replaces is kept too (``Transforms/replaced``), to be released once
  /// the lock is: it may hold the last reference to an object whose `deinit` runs user code.
  @inlinable @inline(__always)
  func reduced() -> Reduction {
    var reduction = Reduction()
    if core.pointee.lifecycle.hasWorkAfterReduce {
      keepWorkAfterReduce()
      reduction.hasWorkAfter = true
    }
    guard let transforms = core.pointee.transforms, let stage = transforms.state else {
      reduction.hasDelivery = captureChanges()
      return reduction
    }
    guard let transformed = stage(stateSlot.pointee) else { return reduction }
    transforms.replaced = transforms.published.take()
    transforms.published = transformed
    reduction.hasReplaced = true
    reduction.hasDelivery = captureChanges()
    return reduction
  }

  /// Keeps in the extras (``EngineExtras/workAfterReduce``) what a reactor with a tap, a store's
  /// middleware or misuses waiting does after a reduce. In a lock scope.
  @inlinable @inline(never)
  func keepWorkAfterReduce() {
    var after = AfterReduce<R>()
    // Extras are never replaced or dropped once made, and a mode that needs them made them.
    let extras = core.pointee.extras.unsafelyUnwrapped
    after.tap = extras.tap
    if !extras.issues.isEmpty {
      after.issues = extras.issues
      extras.issues = []
      core.pointee.lifecycle.issuesTaken()
    }
    if let middleware = extras.afterReduce {
      after.middleware = middleware
      after.middlewareState = publishedState
    }
    extras.workAfterReduce = after
  }

  /// Does what a reduce left to do (see ``reduced()``): tells the observers, then, when there
  /// is more, ``afterReduce(_:_:_:)``. Lock released; the processing thread only.
  @inlinable @inline(__always)
  func finishReduce(_ mutation: R.Mutation, _ reduction: Reduction, _ reactor: R) {
    if reduction.hasDelivery { deliverChanges() }
    if reduction.hasWorkAfter || reduction.hasReplaced {
      afterReduce(mutation, reduction, reactor)
    }
  }

  /// Compares the state with what each observed key path saw last and snapshots what changed
  /// into ``ProcessingThreadParts/delivery``; `false` when nobody is to be told. In a lock scope.
  @inlinable
  func captureChanges() -> Bool {
    guard !core.pointee.observers.isEmpty else { return false }
    // The state is compared where it lies: copying it would retain every collection it holds.
    guard let transforms = core.pointee.transforms, transforms.state != nil else {
      return core.pointee.observers.capture(UnsafePointer(stateSlot), into: &parts.pointee.delivery)
    }
    return withUnsafePointer(to: &transforms.published!) {
      core.pointee.observers.capture($0, into: &parts.pointee.delivery)
    }
  }

  /// Tells the observers what ``captureChanges()`` captured. Lock released; the processing
  /// thread only.
  @inlinable
  func deliverChanges() {
    Delivery.deliver(address(of: &parts.pointee.delivery))
  }

  /// What is left to do after a reduce (see ``reduced()``), lock released: releases the
  /// published state a `transform(state:)` stage replaced, tells the test toolkit's tap,
  /// reports what `reduce` misused, and runs a store's middleware. Both fields it takes belong
  /// to the processing thread, and exist when the reduction says they hold something.
  @inlinable @inline(never)
  func afterReduce(_ mutation: R.Mutation, _ reduction: Reduction, _ reactor: R) {
    if reduction.hasReplaced { core.pointee.transforms.unsafelyUnwrapped.replaced = nil }
    guard reduction.hasWorkAfter,
      let after = core.pointee.extras.unsafelyUnwrapped.workAfterReduce.take()
    else { return }
    // Only this thread reduces: the state read now is the one this mutation made.
    if let tap = after.tap {
      tap(mutation, locked { publishedState }, parts.pointee.modes.isLaterItem)
    }
    for issue in after.issues { reactor.report(issue) }
    if let middleware = after.middleware, let state = after.middlewareState {
      startFollowUps(middleware(state, mutation), after: mutation, reactor)
    }
  }

  /// Replaces the state (the stub) and tells the observers. Lock released.
  @usableFromInline
  func setState(_ state: R.State, _ reactor: R) {
    show(state, published: state)
  }

  /// Replaces the state, and the state the observers see: `published` or, when that is `nil`
  /// and the reactor has a `transform(state:)` stage, the stage's output (the state itself
  /// when the stage drops it); then tells the observers. Lock released.
  ///
  /// The states it replaces are released after the lock is (see ``reduced()``).
  @usableFromInline
  func show(_ state: R.State, published: R.State?) {
    var replaced: (R.State?, R.State?)
    let hasDelivery = locked { () -> Bool in
      replaced.0 = stateSlot.move()
      stateSlot.initialize(to: state)
      if let transforms = core.pointee.transforms, let stage = transforms.state {
        replaced.1 = transforms.published.take()
        transforms.published = published ?? stage(state) ?? state
      }
      return captureChanges()
    }
    if hasDelivery { deliverChanges() }
    withExtendedLifetime(replaced) {}
  }

  /// Registers an observer that waited for its turn, unless it was cancelled meanwhile, and
  /// gives it the current value. Lock released.
  @usableFromInline
  func register(_ registration: ObserverRegistration<R.State>) {
    let first = locked { () -> (() -> Void)? in
      guard let extras = core.pointee.extras,
        let index = extras.pendingRegistrations.firstIndex(of: registration.id)
      else { return nil }
      extras.pendingRegistrations.remove(at: index)
      return registration.add(&core.pointee.observers, publishedState)
    }
    first?()
  }
}

/// What a reduce left to do once the lock is released (see ``ReactorStorage/reduced()``):
/// nothing, for most reactors. Plain flags: what they stand for is kept where it belongs.
@usableFromInline
struct Reduction {
  /// The observers are to be told of a change (``ProcessingThreadParts/delivery``).
  @usableFromInline var hasDelivery = false
  /// The extras hold work for after the reduce (``EngineExtras/workAfterReduce``).
  @usableFromInline var hasWorkAfter = false
  /// A `transform(state:)` stage replaced the published state (``Transforms/replaced``), to be
  /// released.
  @usableFromInline var hasReplaced = false

  @inlinable init() {}

  /// Whether nothing is left to do.
  @inlinable var isEmpty: Bool { !hasDelivery && !hasWorkAfter && !hasReplaced }
}

/// What a reactor with a tap, a store's middleware or misuses waiting does after a reduce once
/// the lock is released (see ``ReactorStorage/keepWorkAfterReduce()``).
@usableFromInline
struct AfterReduce<R: Reactor> {
  /// The test toolkit's tap, when one is installed.
  @usableFromInline var tap: (@Sendable (R.Mutation, R.State, _ isLater: Bool) -> Void)?
  /// What `reduce` misused, to report.
  @usableFromInline var issues: [ReactorIssue<R.Action>] = []
  /// A store's middleware, and the state it sees.
  @usableFromInline var middleware: (@Sendable (R.State, R.Mutation) -> Effect<R.Action>)?
  @usableFromInline var middlewareState: R.State?

  @inlinable init() {}
}
