/// Where the engine tells a ``Recording`` what it does. None of it runs for a reactor that has
/// never been recorded but a check of ``EngineCore/recording``, and `send`'s shortest path
/// none at all: attaching a recording gives the reactor extras, which takes it off that path.
extension ReactorStorage {
  /// The recording the processing thread records into (see ``EngineCore/recording``).
  @inlinable @inline(__always)
  var processingRecording: Recording<R.Action, R.Mutation, R.State>? {
    core.pointer(to: \.recording).unsafelyUnwrapped.pointee
  }

  /// Attaches `recording` (`nil` detaches): arrivals are marked with their cause from now on,
  /// and the processing thread starts recording in the work's order, from the state it has
  /// reached then. Lock released.
  func attach(_ recording: Recording<R.Action, R.Mutation, R.State>?, from reactor: R) {
    locked {
      if let recording {
        core.pointee.makeExtras().recording = recording
      } else {
        core.pointee.extras?.recording = nil
      }
    }
    submit(.record(recording), from: reactor)
  }

  /// `work`, marked with the recorded step that sends it (see ``RecordedCause``) when the
  /// reactor is recorded. In a lock scope.
  @inlinable @inline(__always)
  func recorded(_ work: Work<R>) -> Work<R> {
    guard let extras = core.pointee.extras, extras.recording != nil else { return work }
    return .caused(RecordedCause.inContext, work)
  }

  /// The processing thread starts (or stops) recording into `recording`. Lock released.
  @usableFromInline
  func startRecording(_ recording: Recording<R.Action, R.Mutation, R.State>?) {
    core.pointer(to: \.recording).unsafelyUnwrapped.pointee = recording
    recording?.began(from: locked { core.pointee.state! })
  }

  /// ``processAction(_:staged:_:)`` for a recorded reactor: records the input, then runs
  /// `mutate` and what it returned with the input as the cause of what they send. Lock
  /// released.
  @inlinable @inline(never)
  func processRecorded(
    _ action: R.Action, staged: Bool, _ reactor: R,
    _ recording: Recording<R.Action, R.Mutation, R.State>
  ) {
    let step = recording.input(action, staged: staged, cause: RecordedCause.inContext)
    RecordedCause.during(step) { processUnrecorded(action, staged: staged, reactor) }
  }

  /// The rest of ``apply(_:staged:_:of:)`` for a recorded reactor: records the mutation and
  /// the state it made, then tells the observers with the mutation as the cause of what they
  /// send. Lock released.
  @inlinable @inline(never)
  func appliedRecorded(
    _ mutation: R.Mutation, _ after: AfterReduce<R>, hasDelivery: Bool, _ reactor: R,
    _ recording: Recording<R.Action, R.Mutation, R.State>
  ) {
    // Only this thread reduces: the state read now is the one this mutation made.
    let state = locked { core.pointee.state! }
    let step = recording.mutation(mutation, made: state, cause: RecordedCause.inContext)
    RecordedCause.during(step) {
      if hasDelivery { deliverChanges() }
      if after.hasExtras { afterReduce(mutation, after, reactor) }
    }
  }

  /// Records an effect's task starting, in `host`, which records its end; `false` for a
  /// replay's recording, whose effects start no task. Lock released.
  @inlinable @inline(never)
  func recordStart<Output>(
    of host: inout ReactorHost<R, Output>, id: EffectID?,
    _ recording: Recording<R.Action, R.Mutation, R.State>
  ) -> Bool {
    let step = recording.effectStarted(id: id, cause: RecordedCause.inContext)
    guard !recording.isReplay else { return false }
    host.recorded = RecordedEffect(step: step) { recording.effectEnded(step, cancelled: $0) }
    return true
  }
}

/// A recorded effect's start, which its task names as the cause of what it sends, and how it
/// records its end.
@usableFromInline
final class RecordedEffect: Sendable {
  @usableFromInline let step: RecordedCause
  @usableFromInline let ended: @Sendable (_ cancelled: Bool) -> Void

  @usableFromInline
  init(step: RecordedCause, ended: @escaping @Sendable (Bool) -> Void) {
    self.step = step
    self.ended = ended
  }
}
