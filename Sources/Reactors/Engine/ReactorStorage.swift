/// The engine of one reactor: its state, its queue of work, its observers and its tasks.
///
/// Declare it in the reactor as `let storage = Storage()`; it is created empty and starts on
/// first use (reading `initialState` and calling the `transform` hooks once). The reactor owns
/// it, and it owns everything the reactor runs: when the reactor is deallocated, the storage
/// cancels every effect still in flight and ends every state stream. No global table is
/// involved.
///
/// Thread rules: every method may be called from any thread. One thread at a time processes
/// the reactor's work: the one that found it idle (see `Processing`). It calls `mutate`,
/// observers, middleware and effects with the engine's lock released, and holds the lock only
/// to take the next item and to `reduce` (with `transform(state:)`'s stage), which are pure.
/// Work that arrives meanwhile, from any thread, is queued and processed by it in arrival
/// order; so no thread ever waits for user code running on another thread, and reactors that
/// send to each other from any threads cannot deadlock. A `send` whose action joins 256 or more
/// items queued for another thread sleeps about 0.1 ms after queueing it (32 items, and up to
/// 0.8 ms, while a crowd of threads pauses on the reactor: see `Processing`; a pause on the
/// clock, never a wait for that thread), so that a sender outrunning the processing thread lets
/// it work alone for a while; work an effect sends through its `Send` never pauses. Values a
/// change replaces (an observed value, a published state) are released with the lock released,
/// since a `deinit` may run user code; values `reduce` drops are released inside `reduce`.
public final class ReactorStorage<R: Reactor>: @unchecked Sendable {
  // Audited: `core` is read and written only inside a lock scope (`locked(_:)`), except what
  // belongs to the thread processing the reactor's work (`parts`, beside the core in its
  // allocation and never reached through it; the extras' `workAfterReduce`, `liveState`,
  // `livePublished` and `held`; the transforms' `replaced`), `core.transforms` after the
  // reactor started, and `core.extras` once made (neither is replaced again), each documented
  // where it is declared. Ownership of processing passes from thread to thread through the
  // lock, which orders those accesses. The pointer is allocated in `init` and freed in
  // `deinit`, when no other reference exists.
  @usableFromInline let lock = PlatformLock()
  @usableFromInline let core: UnsafeMutablePointer<EngineCore<R>>
  /// The reduced state, where `reduce` changes it in place and the observers compare it:
  /// initialized once the reactor starts (``Lifecycle/hasStarted``), and read and written under
  /// the lock like the core. It lies after the core, in the core's allocation (see
  /// ``EngineAllocation``): a state of its own type, not an optional's payload. Computed from
  /// ``core`` (a constant offset once specialized), not stored: one load fewer a use.
  @inlinable @inline(__always)
  var stateSlot: UnsafeMutablePointer<R.State> {
    EngineAllocation.state(after: core, ProcessingThreadParts<R>.self, R.State.self)
  }

  /// What belongs to the thread processing the reactor's work (see
  /// ``ProcessingThreadParts``): that thread only, with the lock held or not. In the core's
  /// allocation, after it; computed from ``core``, like ``stateSlot``.
  @inlinable @inline(__always)
  var parts: UnsafeMutablePointer<ProcessingThreadParts<R>> {
    EngineAllocation.parts(after: core, ProcessingThreadParts<R>.self)
  }

  /// Creates the storage of a reactor that has not started yet.
  @inlinable
  public init() {
    core = EngineAllocation.allocate(
      EngineCore<R>.self, ProcessingThreadParts<R>.self, R.State.self)
    core.initialize(to: EngineCore())
    parts.initialize(to: ProcessingThreadParts())
  }

  deinit {
    let tasks = core.pointee.link?.tasks.withLock { $0.removeAll() } ?? []
    let finishers = core.pointee.observers.removeAll()
    let waiters = core.pointee.extras?.idleWaiters.map(\.continuation) ?? []
    for task in tasks { task.cancel() }
    for finish in finishers { finish() }
    for waiter in waiters { waiter.resume() }
    if core.pointee.lifecycle.hasStarted { stateSlot.deinitialize(count: 1) }
    parts.deinitialize(count: 1)
    core.deinitialize(count: 1)
    EngineAllocation.deallocate(core)
    lock.deallocate()
  }

  /// Runs `body` with the lock held: with ``reducePlainInItsScope(_:_:)``, the only places the
  /// engine takes its lock, so that no function is entered or left holding it. `body` does the
  /// engine's own work (taking the next item, `reduce`, comparing observed values: no other user
  /// code) and returns what to do once the lock is released.
  @inlinable @inline(__always)
  func locked<T>(_ body: () -> T) -> T {
    lock.lock()
    let result = body()  // `body` cannot throw: no `defer` needed
    lock.unlock()
    return result
  }

  // MARK: - Entry points

  /// Sends an action: processed now when the reactor is idle, queued otherwise, kept when the
  /// stub is on. Where it goes is ``Lifecycle/plainActionArrived(from:_:)``'s decision, then
  /// ``Lifecycle/actionArrived(as:scope:from:fromEffect:_:)``'s.
  ///
  /// The common path (a plain reactor, idle, whose `mutate` returns `.just`, with nothing to
  /// tell and nothing queued) takes the lock twice: to claim processing, and to reduce and let
  /// go.
  ///
  /// `source`, where the action was sent from, is read only by a hooked reactor (a recorded
  /// one), which a plain reactor never is.
  @inlinable
  func send(_ action: R.Action, from reactor: R, at source: CallSite? = nil) {
    let route = locked { () -> Lifecycle.SendRoute<Work<R>, ThreadIdentity> in
      guard core.pointee.lifecycle.plainActionArrived(from: .current, &core.pointee.processing)
      else { return arrivedUncommonly(action, source) }
      return .reducePlain
    }
    guard case .reducePlain = route else { return sendUncommonly(route, action, reactor, source) }
    let effect = reactor.mutate(action: action)
    guard case .just(let mutation) = effect.operation else {
      start(effect, of: action, reactor)
      return finishItem(reactor)
    }
    switch reducePlainInItsScope(mutation, reactor) {
    case .idle:
      return
    case .takeGeneralPath:
      // The reactor stopped being plain since the claim.
      apply(mutation, staged: true, reactor, of: action)
    case .deliver:
      deliverChanges()
    case .finish:
      break
    case .reportMisuse:
      reducedWithExtras(mutation, reactor)
    }
    finishItem(reactor)
  }

  /// Reduces the `.just` of ``send(_:from:)``'s short path and decides what follows (or the
  /// general path), in a lock scope of its own: ``locked(_:)`` written out, because the
  /// optimizer leaves this closure out of line once `reduce` is inlined into it (32 instructions
  /// more a send, 11% on a store's dispatch).
  @inlinable @inline(__always)
  func reducePlainInItsScope(_ mutation: R.Mutation, _ reactor: R) -> Lifecycle.Reduced {
    lock.lock()
    let reduced = reducePlain(mutation, reactor)
    lock.unlock()
    return reduced
  }

  /// ``reducePlainInItsScope(_:_:)``'s work. In a lock scope.
  @inlinable @inline(__always)
  func reducePlain(_ mutation: R.Mutation, _ reactor: R) -> Lifecycle.Reduced {
    guard core.pointee.lifecycle.mayReducePlain else { return .takeGeneralPath }
    reduce(mutation, reactor)
    return core.pointee.lifecycle.plainReduced(&core.pointee.processing) { captureChanges() }
  }

  /// Does what ``send(_:from:)``'s lock scope decided when the reactor was not plain and idle:
  /// start it and send again, nothing (the stub kept the action), or what the processing state
  /// machine said of the action arriving as work (process it, or
  /// pause behind a backlog). Out of line, so that `send`'s short path stays small (and `send`
  /// does not call itself). Lock released.
  @inlinable @inline(never)
  func sendUncommonly(
    _ route: Lifecycle.SendRoute<Work<R>, ThreadIdentity>, _ action: R.Action, _ reactor: R,
    _ source: CallSite?
  ) {
    switch route {
    case .reducePlain:
      preconditionFailure("the short path of send handles a plain reactor it claimed")
    case .start:
      start(reactor)
      send(action, from: reactor, at: source)
    case .keepForStub, .arrived(.queued, _):
      return
    case .arrived(.queuedBehindBacklog(let pausing), _):
      // Read apart: this pause lasts 0.1 ms at least anyway.
      if let pause = locked({ core.pointee.extras?.pauseBehindBacklog }) {
        pause(pausing)
      } else {
        giveTheProcessingThreadAHeadStart(pausing: pausing)
      }
      locked { core.pointee.processing.pauseEnded() }
    case .arrived(let arrival, _):
      act(on: arrival, reactor) { processSent(action, source, reactor) }
    }
  }
  /// The rest of a reduce on ``send(_:from:)``'s short path, for a `reduce` that misused the
  /// reactor: the issue is reported now, before what it queued runs. Only this thread reduces,
  /// so the state is still the one the reduce made. Lock released.
  @inlinable @inline(never)
  func reducedWithExtras(_ mutation: R.Mutation, _ reactor: R) {
    finishReduce(mutation, locked { reduced() }, reactor)
  }

  /// What ``send(_:from:)``'s lock scope decides for an action off the plain path, as
  /// ``Lifecycle/actionArrived(as:scope:from:fromEffect:_:)`` says; then the stub keeps the action,
  /// or a send from inside `reduce` is noticed, to be reported. In a lock scope; out of line, so
  /// that `send`'s short path stays small.
  @inlinable @inline(never)
  func arrivedUncommonly(
    _ action: R.Action, _ source: CallSite?
  ) -> Lifecycle.SendRoute<Work<R>, ThreadIdentity> {
    let thread = ThreadIdentity.current
    let route = core.pointee.lifecycle.actionArrived(
      as: .action(action, staged: false), scope: scopeIfQueued(source), from: thread,
      fromEffect: isStartingEffect(on: thread), &core.pointee.processing)
    switch route {
    case .keepForStub:
      core.pointee.makeExtras().stubActions.append(action)
    case .arrived(_, sentFromReduce: true):
      core.pointee.makeExtras().issues.append(.sentFromReduce(action))
      core.pointee.lifecycle.issueNoticed()
    default:
      break
    }
    return route
  }

  /// Processes `work` now when the reactor is idle, or queues it.
  @inlinable
  func submit(_ work: Work<R>, from reactor: R) {
    let arrival = locked { () -> Processing<Work<R>, ThreadIdentity>.Arrival? in
      guard core.pointee.lifecycle.hasStarted else { return nil }
      let thread = ThreadIdentity.current
      return core.pointee.processing.arrived(
        work, scope: scopeIfQueued(), from: thread, fromEffect: isStartingEffect(on: thread))
    }
    guard let arrival else {
      start(reactor)
      return submit(work, from: reactor)
    }
    act(on: arrival, reactor) { process(work, reactor) }
  }

  /// Whether `thread` processes the reactor's work and is starting an effect's task now (see
  /// ``ProcessingModes/isStartingEffect``). In a lock scope; the flag is read only by the thread
  /// that owns it.
  @inlinable @inline(__always)
  func isStartingEffect(on thread: ThreadIdentity) -> Bool {
    core.pointee.processing.isOwned(by: thread) && parts.pointee.modes.isStartingEffect
  }

  /// Does what the state machine said when work arrived: `process` it now and go on with the
  /// queue, take the queue (the item is last in it), or nothing (it is queued). Lock released.
  @inlinable @inline(__always)
  func act(
    on arrival: Processing<Work<R>, ThreadIdentity>.Arrival, _ reactor: R, process: () -> Void
  ) {
    switch arrival {
    case .process:
      process()
      finishItem(reactor)
    case .processQueued:
      finishItem(reactor)
    case .queued:
      return
    case .queuedBehindBacklog:
      // Only `send` is told to pause (`mayPause`), and it pauses before it gets here.
      preconditionFailure("work that never pauses was counted as pausing")
    }
  }

  /// The state the outside sees. Waits only for the engine's lock (see `PlatformLock`).
  @inlinable
  func currentState(of reactor: R) -> R.State {
    withPublishedState(of: reactor) { $0.pointee }
  }

  /// The state the outside sees: transformed when `transform(state:)` has a stage. Lock held.
  ///
  /// Read field by field, never through a computed property of the whole core: calling one
  /// may copy the core (unoptimized builds do), and a copy retains what the core holds, which
  /// other threads change meanwhile under the lock.
  @inlinable
  var publishedState: R.State {
    if let transforms = core.pointee.transforms, let published = transforms.published {
      return published
    }
    return stateSlot.pointee
  }

  /// Calls `body` with the state the outside sees, where it lies, with the lock held: `body`
  /// only reads. A computed property read through a key path runs its getter here, which
  /// must be pure, as the `==` and the getters the observers' comparisons run with the lock
  /// held must be (see the threads article). Waits only for the engine's lock.
  @inlinable
  func withPublishedState<Result>(
    of reactor: R, _ body: (UnsafePointer<R.State>) -> Result
  ) -> Result {
    let result = locked { () -> Result? in
      guard core.pointee.lifecycle.hasStarted else { return nil }
      guard let transforms = core.pointee.transforms, transforms.state != nil else {
        // The state where it lies, in its own slot: no copy.
        return body(UnsafePointer(stateSlot))
      }
      return withUnsafePointer(to: &transforms.published!, body)
    }
    if let result { return result }
    start(reactor)
    return withPublishedState(of: reactor, body)
  }

  // MARK: - Processing

  /// The owner finished an item: takes the next, until the queue is empty or the rest is
  /// handed to a task (see `Processing`). Lock released.
  @inlinable
  func finishItem(_ reactor: R) {
    while true {
      // The tasks waiting for the reactor to be idle, if any, once it is.
      var waiters: [UnsafeContinuation<Void, Never>]?
      let next = locked { () -> Processing<Work<R>, ThreadIdentity>.Next in
        let next = core.pointee.processing.finishedItems(into: &parts.pointee.taken)
        if case .idle = next, let extras = core.pointee.extras, !extras.idleWaiters.isEmpty {
          waiters = extras.idleWaiters.map(\.continuation)
          extras.idleWaiters = []
        }
        return next
      }
      switch next {
      case .process:
        // Moved out one by one, in order: reversed once, then taken from the end. Only this
        // thread touches `taken`, and never from inside `process`.
        parts.pointee.taken.reverse()
        while let queued = parts.pointee.taken.popLast() {
          parts.pointee.modes.queuedItemStarted(isLater: queued.isLater)
          if let scope = queued.scope {
            process(queued.item, in: scope, reactor)
          } else {
            process(queued.item, reactor)
          }
        }
        parts.pointee.modes.queuedItemsFinished()
      case .idle:
        if let waiters { for waiter in waiters { waiter.resume() } }
        return
      case .handOff:
        return handOff(reactor)
      }
    }
  }

  /// Goes on processing in a task, which keeps the reactor alive until the queue is empty.
  /// Inlinable, so the task runs the engine specialized for the concrete reactor.
  @inlinable
  func handOff(_ reactor: R) {
    Task {
      let storage = reactor.storage
      let owns = storage.locked { storage.core.pointee.processing.handOffStarted(on: .current) }
      if owns { storage.finishItem(reactor) }
    }
  }

  /// Returns once no work is being processed or queued, or once the calling task is cancelled
  /// (a test's time limit): what the test toolkit awaits instead of polling. Effects still
  /// running may queue more later.
  package func idle() async {
    let call = IdleCall()  // its identity tells this call's continuation from the others
    let id = ObjectIdentifier(call)
    await withTaskCancellationHandler {
      await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
        let isDone = locked { () -> Bool in
          // Cancelled already: the handler below may have run before this was registered.
          if Task.isCancelled || core.pointee.processing.isIdle { return true }
          core.pointee.makeExtras().idleWaiters.append((id, continuation))
          return false
        }
        if isDone { continuation.resume() }
      }
    } onCancel: {
      let waiter = locked { () -> UnsafeContinuation<Void, Never>? in
        guard let extras = core.pointee.extras,
          let index = extras.idleWaiters.firstIndex(where: { $0.id == id })
        else { return nil }
        return extras.idleWaiters.remove(at: index).continuation
      }
      waiter?.resume()
    }
    withExtendedLifetime(call) {}
  }
}

/// One call of ``ReactorStorage/idle()``, by identity.
@usableFromInline
final class IdleCall: Sendable {
  @usableFromInline init() {}
}
