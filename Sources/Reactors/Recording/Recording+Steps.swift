/// The steps, as the engine hands them to a recording (see ``Recording``).
extension Recording {

  /// What takes the steps waiting in the outbox, for its consumer (a replay), which gives back
  /// the chunks of its last batch, emptied, for the steps to come; once `closing`, no later step
  /// is kept there. It holds the recording's buffer, not the recording, so a consumer the
  /// recording owns makes no cycle. For the package's other targets.
  @inlinable
  package var outboxTaker: @Sendable (_ closing: Bool, _ emptied: [[Pending]]) -> StepBatch<Pending>
  {
    let buffer = buffer
    return { closing, emptied in
      buffer.withLock { buffer in
        buffer.outbox?.taken(closing: closing, giving: emptied) ?? StepBatch(chunks: [])
      }
    }
  }

  /// What takes what waits in the outbox, for a consumer that gets every mutation's state (a
  /// file's writer; see ``keepsStatesApart``): the steps, the states waiting apart, and, in the
  /// last batch (`closing`), the state after the last mutation when no step waiting holds it.
  /// The consumer gives back the chunks of its last batch, emptied. It holds the recording's
  /// buffer, not the recording. For the package's other targets.
  @inlinable
  package var outboxBatchTaker:
    @Sendable (_ closing: Bool, _ emptied: OutboxChunks<Action, Mutation, State>) -> OutboxBatch<
      Action, Mutation, State
    >
  {
    let buffer = buffer
    return { closing, emptied in
      buffer.withLock { buffer in
        guard buffer.outbox != nil else { return OutboxBatch(steps: StepBatch(chunks: [])) }
        let steps = buffer.outbox!.taken(closing: closing, giving: emptied.steps)
        let states = buffer.states.taken(closing: closing, giving: emptied.states)
        return OutboxBatch(steps: steps, states: states, latest: closing ? buffer.latest : nil)
      }
    }
  }

  /// Appends a step of `kind`, caused by `cause`, with `state` when it has one (kept with the
  /// step), or `apart`, a mutation's state for the outbox's consumer only (see
  /// ``keepsStatesApart``); returns its cause for what follows.
  @inlinable
  func append(
    _ kind: Step.Kind, cause: RecordedCause?, state: State? = nil,
    apart: consuming State? = nil, isStaged: Bool = false, isFollowUp: Bool = false,
    isCheckpoint: Bool = false, source: CallSite? = nil
  ) -> RecordedCause {
    // Moved into the states' outbox, not copied: a copy is a reference count for each
    // collection and string in the state, and one more release.
    var apart = consume apart
    let stateBox = state.map(Box.init)
    // Made before the lock: a cause in another recording is boxed.
    let pendingCause = hasOutbox ? Pending.Cause(cause, in: name) : .none
    let (index, wakes) = buffer.withLock { buffer -> (Int, Bool) in
      let index = buffer.count
      buffer.count = index &+ 1
      let nanoseconds = clock.elapsedNanoseconds()
      if keepsSteps {
        buffer.steps.append(
          Step(
            index: index, time: .nanoseconds(nanoseconds), kind: kind, cause: cause,
            stateBox: stateBox, isStaged: isStaged, isFollowUp: isFollowUp,
            isCheckpoint: isCheckpoint, source: source.map(SendSite.init)))
      }
      guard buffer.outbox != nil else { return (index, false) }
      var hasStateApart = false
      if keepsStatesApart, stateBox != nil || apart != nil {
        hasStateApart = Self.keep(apart.take(), boxed: stateBox, in: &buffer)
      }
      let pending = Pending(
        kind: kind, nanoseconds: nanoseconds, cause: pendingCause, stateBox: stateBox,
        isStaged: isStaged, isFollowUp: isFollowUp, isCheckpoint: isCheckpoint,
        hasStateApart: hasStateApart)
      return (index, buffer.outbox!.took(consume pending, index: index))
    }
    if wakes { wake?() }
    return RecordedCause(recording: name, index: index)
  }

  /// The recording begins from `state`.
  @usableFromInline
  func began(from state: State) {
    _ = append(.began, cause: nil, state: redactions.redacted(state))
  }

  /// `action` arrived, sent by `cause`'s step, from `source` (its `send` or `dispatch`).
  @inlinable
  func input(
    _ action: Action, staged: Bool, followUp: Bool, cause: RecordedCause?,
    source: CallSite? = nil
  ) -> RecordedCause {
    append(
      .input(redactions.redacted(action: action)), cause: cause, isStaged: staged,
      isFollowUp: followUp, source: source)
  }

  /// Keeps the state of the step about to wait in the outbox (under the lock): `apart` in the
  /// states' outbox when the step and the state both have room (returns `true`), and notes
  /// the state in ``Buffer/latest`` when no waiting step will hold it (the step is dropped, or
  /// its state does not fit). `boxed`: the state the step holds itself.
  @inlinable
  static func keep(
    _ apart: consuming State?, boxed: Box<State>?, in buffer: inout Buffer
  ) -> Bool {
    let stepFits = buffer.outbox!.hasRoom
    if stepFits, apart != nil, buffer.states.hasRoom {
      _ = buffer.states.took(apart.take()!, index: buffer.states.count)
      buffer.latest = nil
      return true
    }
    if stepFits, boxed != nil {
      buffer.latest = nil
    } else {
      buffer.latest = apart.take() ?? boxed?.value
    }
    return false
  }

  /// `mutation` was reduced into `state`; every ``checkpointEvery``th mutation is a
  /// checkpoint (the engine counts them).
  ///
  /// The steps kept in memory hold the state at every mutation, or only at checkpoints
  /// (``keepsEveryState``). A file's recording (``keepsStatesApart``) hands its writer every
  /// mutation's state: the writer writes a fingerprint of each (and the whole state at
  /// checkpoints), so that a replay from the file finds the first state that differs. That
  /// costs this thread a copy of the state (a reference count for each collection or string
  /// it holds) into a chunk of memory the writer gave back, never an allocation or an
  /// encoding: the writer encodes on its own thread.
  @inlinable
  func mutation(
    _ mutation: Mutation, cause: RecordedCause?, isCheckpoint: Bool, made readState: () -> State
  ) -> RecordedCause {
    let mutation = redactMutation.map { $0(mutation) } ?? mutation
    let keepsState = keepsSteps && keepsEveryState || isCheckpoint
    guard keepsState || keepsStatesApart else {
      return append(.mutation(mutation), cause: cause, isCheckpoint: isCheckpoint)
    }
    let state = redactsStates ? redactions.redacted(readState()) : readState()
    return keepsState
      ? append(.mutation(mutation), cause: cause, state: state, isCheckpoint: isCheckpoint)
      : append(.mutation(mutation), cause: cause, apart: state, isCheckpoint: isCheckpoint)
  }

  /// An effect (marked `id`) started a task.
  @usableFromInline
  func effectStarted(id: EffectID?, cause: RecordedCause?) -> RecordedCause {
    let id = id.map { String(describing: $0.base) }
    return append(.effectStarted(id: id), cause: cause)
  }

  /// The effect started at `start` ended.
  @usableFromInline
  func effectEnded(_ start: RecordedCause, cancelled: Bool) {
    _ = append(.effectEnded(started: start.index, cancelled: cancelled), cause: start)
  }

  /// The effects marked `id` were cancelled.
  @usableFromInline
  func cancelled(_ id: EffectID, cause: RecordedCause?) {
    let id = String(describing: id.base)
    _ = append(.cancelled(id: id), cause: cause)
  }
}
