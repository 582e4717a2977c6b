/// Where the engine tells a ``Recording`` what it does. None of it runs for a reactor that has
/// never been recorded but a check of ``EngineCore/recording``, and `send`'s shortest path
/// none at all: attaching a recording gives the reactor extras, which takes it off that path.
extension ReactorStorage {
  /// The recording the processing thread records into (see ``EngineCore/recording``).
  @inlinable @inline(__always)
  var processingRecording: Recording<R.Action, R.Mutation, R.State>? {
    core.pointer(to: \.recording).unsafelyUnwrapped.pointee
  }

  /// ``processingRecording`` without a retain, for each step's path: the core holds it until
  /// the processing thread itself stops recording into it (``Work/record(_:)``), which it
  /// cannot do while it processes an item. A retain and a release are atomic, and the file's
  /// writer touches the recording too.
  @inlinable @inline(__always)
  var unretainedProcessingRecording: Unmanaged<Recording<R.Action, R.Mutation, R.State>>? {
    core.pointer(to: \.recording).unsafelyUnwrapped.unretained()
  }

  /// Attaches `recording`, in place of the one attached before: arrivals are marked with their
  /// cause from now on, and the processing thread starts recording in the work's order, from
  /// the state it has reached then. Lock released.
  @usableFromInline
  func attach(_ recording: Recording<R.Action, R.Mutation, R.State>, from reactor: R) {
    locked {
      core.pointee.makeExtras().recording = recording
      core.pointee.lifecycle.recordingAttached()
    }
    submit(.record(recording), from: reactor)
  }

  /// Detaches `recording` if it is still the one attached (a recording replaced by another
  /// is detached already): the processing thread stops recording into it, and finishes it,
  /// after the work queued before. A reactor that shows a past state returns to its live state
  /// first (its recording may be the last way back). Lock released.
  @usableFromInline
  func detach(_ recording: Recording<R.Action, R.Mutation, R.State>, from reactor: R) {
    let isAttached = locked { () -> Bool in
      guard let extras = core.pointee.extras, extras.recording === recording else {
        return false
      }
      extras.recording = nil
      core.pointee.lifecycle.recordingDetached()
      return true
    }
    guard isAttached else { return }
    submit(.live, from: reactor)
    submit(.record(nil), from: reactor)
  }

  /// `work`, marked with the recorded step that sends it (see ``RecordedCause``) when the
  /// reactor is recorded. In a lock scope.
  @inlinable @inline(__always)
  func recorded(_ work: Work<R>) -> Work<R> {
    // An idle reactor processes the work now, on this thread, where its cause is read then.
    guard let extras = core.pointee.extras, extras.recording != nil,
      !core.pointee.processing.isIdle
    else { return work }
    return .caused(RecordedCause.inContext, work)
  }

  /// A store's follow-up `work`, marked as one, with the step that made it, when the store is
  /// recorded. In a lock scope.
  @inlinable @inline(__always)
  func recordedFollowUp(_ work: Work<R>) -> Work<R> {
    guard let extras = core.pointee.extras, extras.recording != nil else { return work }
    return .followUp(RecordedCause.inContext, work)
  }

  /// The processing thread starts recording into `recording`, or stops with `nil`, and
  /// finishes the recording it stops recording into (a file's writer writes what is left).
  /// Lock released.
  @usableFromInline
  func startRecording(_ recording: Recording<R.Action, R.Mutation, R.State>?) {
    let current = core.pointer(to: \.recording).unsafelyUnwrapped
    let previous = current.pointee
    current.pointee = recording
    let state = locked { () -> R.State in
      core.pointee.extras?.activeRecording = recording
      core.pointee.extras?.recordedMutations = 0
      return stateSlot.pointee
    }
    recording?.began(from: state)
    previous?.finishOnce()
  }

  /// ``processAction(_:staged:_:)`` for a recorded reactor: records the input, then runs
  /// `mutate` and what it returned with the input as the cause of what they send. Lock
  /// released.
  @inlinable @inline(never)
  func processRecorded(
    _ action: R.Action, staged: Bool, _ reactor: R,
    _ recording: Unmanaged<Recording<R.Action, R.Mutation, R.State>>
  ) {
    let isFollowUp = core.pointer(to: \.isProcessingFollowUp).unsafelyUnwrapped.pointee
    let step = recording._withUnsafeGuaranteedRef {
      $0.input(action, staged: staged, followUp: isFollowUp, cause: RecordedCause.inContext)
    }
    RecordedCause.during(step) { processUnrecorded(action, staged: staged, reactor) }
  }

  /// The rest of ``apply(_:staged:_:of:)`` for a recorded reactor: records the mutation and
  /// the state it made, then tells the observers with the mutation as the cause of what they
  /// send. Lock released.
  @inlinable @inline(never)
  func appliedRecorded(
    _ mutation: R.Mutation, _ after: AfterReduce<R>, hasDelivery: Bool, _ reactor: R,
    _ recording: Unmanaged<Recording<R.Action, R.Mutation, R.State>>
  ) {
    let step = recordMutation(mutation, recording)
    RecordedCause.during(step) {
      if hasDelivery { deliverChanges() }
      if after.hasExtras { afterReduce(mutation, after, reactor) }
    }
  }

  /// Records `mutation`, which this thread has just reduced, with the state it made at a
  /// checkpoint; returns its step. Lock released.
  @inlinable @inline(__always)
  func recordMutation(
    _ mutation: R.Mutation, _ recording: Unmanaged<Recording<R.Action, R.Mutation, R.State>>
  ) -> RecordedCause {
    // Extras were made before the recording was attached, and are never replaced (so they are
    // read without a retain); the count belongs to this thread.
    let extras = core.pointer(to: \.extras).unsafelyUnwrapped.unretained().unsafelyUnwrapped
    let count = extras._withUnsafeGuaranteedRef { extras in
      extras.recordedMutations &+= 1
      return extras.recordedMutations
    }
    // Only this thread reduces: the state read now is the one this mutation made.
    return recording._withUnsafeGuaranteedRef { recording in
      recording.mutation(
        mutation, cause: RecordedCause.inContext,
        isCheckpoint: count % recording.checkpointEvery == 0
      ) { locked { stateSlot.pointee } }
    }
  }

  /// Records an effect starting its task (marked `id`): its host names the step as the cause
  /// of what it sends, and records the task's end. Lock released.
  @inlinable @inline(never)
  func recordStart(
    id: EffectID?, _ recording: Recording<R.Action, R.Mutation, R.State>
  ) -> RecordedEffect {
    let step = recording.effectStarted(id: id, cause: RecordedCause.inContext)
    return RecordedEffect(step: step, id: id) { recording.effectEnded(step, cancelled: $0) }
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

/// A recorded effect's start, which its task names as the cause of what it sends, and how it
/// records its end: cancelled when its task was, or when the part it is recorded by (the
/// cancellable part marked `id`, which its task awaits) was.
@usableFromInline
final class RecordedEffect: Sendable {
  @usableFromInline let step: RecordedCause
  /// The id the effect is recorded by (see ``Recording/effectStarted(id:cause:)``).
  @usableFromInline let id: EffectID?
  @usableFromInline let ended: @Sendable (_ cancelled: Bool) -> Void
  /// Whether the part marked ``id`` ended cancelled: by its id, by an effect with its id that
  /// cancels in flight, or with the reactor. The effect's own task, which only awaits it, is not
  /// cancelled then, and goes on to its end.
  @usableFromInline let cancelledPart = Locked(false)

  @usableFromInline
  init(step: RecordedCause, id: EffectID?, ended: @escaping @Sendable (Bool) -> Void) {
    self.step = step
    self.id = id
    self.ended = ended
  }

  /// The part marked ``id`` ended cancelled.
  @inlinable
  func partCancelled() { cancelledPart.withLock { $0 = true } }

  /// Whether the part marked ``id`` ended cancelled (read once the effect's task awaited it).
  @inlinable
  var isPartCancelled: Bool { cancelledPart.withLock { $0 } }
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
