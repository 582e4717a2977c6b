/// Where the engine tells a ``StepHook`` what it does. A reactor that has never been hooked
/// pays a check of ``ProcessingThreadParts/hook`` on the general path (and makes a
/// ``StepScope`` for what it holds while a past state is shown), and `send`'s shortest path
/// nothing at all: attaching a hook gives the reactor extras, which takes it off that path.
extension ReactorStorage {
  /// The hook the engine's type uses.
  @usableFromInline typealias Hook = StepHook<R.Action, R.Mutation, R.State>

  /// The hook the processing thread tells (see ``ProcessingThreadParts/hook``).
  @inlinable @inline(__always)
  var processingHook: Hook? {
    parts.pointee.hook
  }

  /// ``processingHook`` without a retain, for each step's path: ``ProcessingThreadParts/hook``
  /// holds it until the processing thread itself stops telling it (``EngineControl/hook(_:)``),
  /// which no step's path does while it holds this (a held `.control(.hook)` runs from
  /// `showLive`, a path of its own). A retain and a release are atomic, and the hook's owner may
  /// touch what the hook holds on another thread (a file's writer).
  @inlinable @inline(__always)
  var unretainedProcessingHook: Unmanaged<Hook>? {
    parts.pointee.unretainedHook
  }

  /// Attaches `hook`, in place of the one attached before: arrivals are kept with their
  /// cause from now on, and the processing thread starts telling it in the work's order, from
  /// the state it has reached then. Lock released.
  @usableFromInline
  func attach(_ hook: Hook, from reactor: R) {
    locked {
      core.pointee.makeExtras().hook = hook
      core.pointee.lifecycle.hookAttached()
    }
    submit(.control(.hook(hook)), from: reactor)
  }

  /// Detaches the hook of `owner` if it is still the one attached (a hook replaced by another
  /// is detached already): the processing thread stops telling it, and tells it it finished,
  /// after the work queued before. A reactor that shows a past state returns to its live state
  /// first (its hook's owner may be the last way back). Lock released.
  @usableFromInline
  func detach(_ owner: any AnyObject & Sendable, from reactor: R) {
    let isAttached = locked { () -> Bool in
      guard let extras = core.pointee.extras, extras.hook?.owner === owner else { return false }
      extras.hook = nil
      core.pointee.lifecycle.hookDetached()
      return true
    }
    guard isAttached else { return }
    submit(.control(.showLive), from: reactor)
    submit(.control(.hook(nil)), from: reactor)
  }

  /// The scope a queued item is processed in (see ``StepScope``): the step that sends it, when
  /// the reactor is hooked. Read only when the item waits (an item processed now, on this
  /// thread, is in that step's scope already). In a lock scope.
  @inlinable @inline(__always)
  func scopeIfQueued(_ source: CallSite? = nil) -> StepScope? {
    guard core.pointee.lifecycle.isHooked else { return nil }
    return StepScope(cause: CauseScope.current, isFollowUp: false, source: source)
  }

  /// The scope of a store's follow-up action, with the step that made it, when the store is
  /// hooked. In a lock scope.
  @inlinable @inline(__always)
  func followUpScope() -> StepScope? {
    guard core.pointee.lifecycle.isHooked else { return nil }
    return StepScope(cause: CauseScope.current, isFollowUp: true)
  }

  /// Processes `work` in `scope`: with its step as the cause of what it sends, flagged as a
  /// follow-up when it is one. Lock released; the processing thread only.
  @inlinable @inline(never)
  func process(_ work: Work<R>, in scope: StepScope, _ reactor: R) {
    let wasFollowUp = parts.pointee.modes.scopeEntered(isFollowUp: scope.isFollowUp)
    CauseScope.run(scope.cause) { process(work, reactor, source: scope.source) }
    parts.pointee.modes.scopeLeft(restoring: wasFollowUp)
  }

  /// The processing thread starts telling `hook`, or stops with `nil`, and tells the hook it
  /// stops telling that it finished. Lock released.
  @usableFromInline
  func startTelling(_ hook: Hook?) {
    let previous = parts.pointee.hook
    parts.pointee.tell(hook)
    let state = locked { stateSlot.pointee }
    hook?.began(state)
    // Told of cancellations from other threads only once it began: until then they go to the
    // hook before, which has not finished yet.
    locked { core.pointee.extras?.activeHook = hook }
    previous?.finished()
  }

  /// ``processAction(_:staged:_:source:)`` for a hooked reactor: tells the input (sent from
  /// `source`, when known), then runs `mutate` and what it returned with the input as the cause
  /// of what they send. Lock released.
  @inlinable @inline(never)
  func processHooked(
    _ action: R.Action, staged: Bool, _ reactor: R, _ hook: Unmanaged<Hook>,
    _ source: CallSite?
  ) {
    let isFollowUp = parts.pointee.modes.isFollowUp
    let step = hook._withUnsafeGuaranteedRef {
      $0.input(action, staged, isFollowUp, CauseScope.current, source)
    }
    CauseScope.run(step) { processUnhooked(action, staged: staged, reactor) }
  }

  /// The rest of ``apply(_:staged:_:of:)`` for a hooked reactor: tells the mutation and the
  /// state it made, then tells the observers with the mutation as the cause of what they send.
  /// Lock released.
  @inlinable @inline(__always)
  func appliedHooked(
    _ mutation: R.Mutation, _ reduction: Reduction, _ reactor: R, _ hook: Unmanaged<Hook>
  ) {
    let step = tellReduced(mutation, hook)
    guard !reduction.isEmpty else { return }
    CauseScope.run(step) { finishReduce(mutation, reduction, reactor) }
  }

  /// Tells the hook of `mutation`, which this thread has just reduced; returns its step. Lock
  /// released.
  @inlinable @inline(__always)
  func tellReduced(_ mutation: R.Mutation, _ hook: Unmanaged<Hook>) -> RecordedCause {
    let ordinal = parts.pointee.mutationTold()
    // Only this thread reduces: the state read now is the one this mutation made.
    return hook._withUnsafeGuaranteedRef { hook in
      hook.reduced(mutation, ordinal, CauseScope.current) { locked { stateSlot.pointee } }
    }
  }

  /// Tells the hook an effect (known by `id`) starts its task: the task names the step as the
  /// cause of what it sends, and tells its end. Lock released.
  @inlinable @inline(never)
  func hookedEffect(id: EffectID?, _ hook: Hook) -> HookedEffect {
    let step = hook.effectStarted(id, CauseScope.current)
    return HookedEffect(step: step, id: id) { hook.effectEnded(step, $0) }
  }
}

extension Effect {
  /// The id of a cancellable effect: what a recording names an effect's task by when only a
  /// part of it is cancellable (what is left of `.concat(.just(…), run.cancellable(id:))`).
  @usableFromInline
  var cancellableID: EffectID? {
    guard case .cancellable(_, let id, _) = operation else { return nil }
    return id
  }
}

/// What a replay (the test toolkit's) drives of the engine: package access, so apps never see
/// it.
extension ReactorStorage {
  /// Starts the reactor from `state` instead of its initial state (the state a recording
  /// began from), in the work's order.
  @inlinable
  package func replace(stateWith state: R.State, from reactor: R) {
    submit(.state(state), from: reactor)
  }

  /// Sends a recorded input: past `transform(action:)` when it had been through it already
  /// (`staged`).
  @inlinable
  package func replay(input action: R.Action, staged: Bool, from reactor: R) {
    if staged {
      submit(.action(action, staged: true), from: reactor)
    } else {
      send(action, from: reactor)
    }
  }

  /// Reduces a mutation a recorded effect emitted, as it was recorded (past
  /// `transform(mutation:)`, which it had been through).
  @inlinable
  package func replay(effectOutput mutation: R.Mutation, from reactor: R) {
    submit(.mutation(mutation, staged: true), from: reactor)
  }
}
