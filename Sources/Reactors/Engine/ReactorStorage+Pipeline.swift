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
  @inlinable
  func process(_ work: Work<R>, _ reactor: R) {
    switch work {
    case .action(let action, let staged):
      processAction(action, staged: staged, reactor)
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
    }
  }

  /// Runs `transform(action:)`'s stage and `mutate`, then starts the effect: `.just` and
  /// `.none` directly, the rest through the effect interpreter. Lock released.
  @inlinable
  func processAction(_ action: R.Action, staged: Bool, _ reactor: R) {
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

  /// Runs `transform(mutation:)`'s stage, reduces (lock held), then tells the observers and
  /// runs the store's middleware (lock released).
  ///
  /// With the stub turned on meanwhile, nothing is reduced, and `action` (the action whose
  /// `mutate` returned this one mutation), if given, is recorded as the stub records actions.
  @inlinable
  func apply(_ mutation: R.Mutation, staged: Bool, _ reactor: R, of action: R.Action? = nil) {
    guard
      let mutation = staged
        ? mutation : passed(mutation, through: core.pointee.transforms?.mutation)
    else { return }
    lock.lock()
    if let extras = core.pointee.extras, extras.stubIsEnabled {
      if let action { extras.stubActions.append(action) }
      return lock.unlock()
    }
    core.pointee.isReducing = true
    reactor.reduce(state: &core.pointee.state!, mutation: mutation)
    core.pointee.isReducing = false
    if let extras = core.pointee.extras { return reduced(mutation, with: extras, reactor) }
    reduced(reactor)
  }

  /// After a reduce: applies `transform(state:)`'s stage, then tells the observers. Lock
  /// held; released here.
  ///
  /// The state the stage replaces is released after the lock is: it may hold the last
  /// reference to an object whose `deinit` runs user code.
  @inlinable
  func reduced(_ reactor: R) {
    guard let transforms = core.pointee.transforms, let stage = transforms.state else {
      return notifyObservers()
    }
    guard let transformed = stage(core.pointee.state!) else { return lock.unlock() }
    let replaced = transforms.published.take()
    transforms.published = transformed
    withExtendedLifetime(replaced) { notifyObservers() }
  }

  /// Captures what changed for the observers (lock held), then tells them (lock released).
  /// Lock held; released here.
  @inlinable
  func notifyObservers() {
    let hasDelivery = captureChanges()
    lock.unlock()
    if hasDelivery { deliverChanges() }
  }

  /// Compares the state with what each observed key path saw last and snapshots what changed
  /// into ``EngineCore/delivery``; `false` when nobody is to be told. Lock held.
  @inlinable
  func captureChanges() -> Bool {
    guard !core.pointee.observers.isEmpty else { return false }
    // The state is compared where it lies: copying it would retain every collection it holds.
    guard let transforms = core.pointee.transforms, transforms.state != nil else {
      return withUnsafePointer(to: &core.pointee.state!) {
        core.pointee.observers.capture($0, into: &core.pointee.delivery)
      }
    }
    return withUnsafePointer(to: &transforms.published!) {
      core.pointee.observers.capture($0, into: &core.pointee.delivery)
    }
  }

  /// Tells the observers what ``captureChanges()`` captured. Lock released; the processing
  /// thread only.
  @inlinable
  func deliverChanges() {
    Delivery.deliver(core.pointer(to: \.delivery).unsafelyUnwrapped)
  }

  /// ``reduced(_:)`` for a reactor with ``EngineExtras``: reports what `reduce` misused, and
  /// runs a store's middleware. Lock held; released here.
  @inlinable @inline(never)
  func reduced(_ mutation: R.Mutation, with extras: EngineExtras<R>, _ reactor: R) {
    let issues = extras.issues
    extras.issues = []
    let afterReduce = extras.afterReduce
    let tap = extras.tap
    let state = afterReduce == nil ? nil : publishedState
    reduced(reactor)
    // Only this thread reduces: the state read now is the one this mutation made.
    if let tap {
      let isLater = core.pointer(to: \.isProcessingLaterItem).unsafelyUnwrapped.pointee
      tap(mutation, locked { publishedState }, isLater)
    }
    for issue in issues { reactor.report(issue) }
    if let afterReduce, let state {
      startFollowUps(afterReduce(state, mutation), after: mutation, reactor)
    }
  }

  /// Replaces the state (the stub) and tells the observers. Lock released.
  ///
  /// The states it replaces are released after the lock is (see ``reduced(_:)``).
  @usableFromInline
  func setState(_ state: R.State, _ reactor: R) {
    lock.lock()
    let replaced = core.pointee.state.take()
    core.pointee.state = state
    var replacedPublished: R.State?
    if let transforms = core.pointee.transforms, transforms.state != nil {
      replacedPublished = transforms.published.take()
      transforms.published = state
    }
    withExtendedLifetime((replaced, replacedPublished)) { notifyObservers() }
  }

  /// Registers an observer that waited for its turn, unless it was cancelled meanwhile, and
  /// gives it the current value. Lock released.
  @usableFromInline
  func register(_ registration: ObserverRegistration<R.State>) {
    lock.lock()
    guard let extras = core.pointee.extras,
      let index = extras.pendingRegistrations.firstIndex(of: registration.id)
    else { return lock.unlock() }
    extras.pendingRegistrations.remove(at: index)
    let first = registration.add(&core.pointee.observers, publishedState)
    lock.unlock()
    first()
  }
}
