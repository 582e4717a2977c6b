/// A recorded step waiting in a ``StepOutbox`` for a consumer on another thread (a file's
/// writer, a replay), kept compact: its index is its place in the batch, its time a count of
/// nanoseconds (what a file holds), and a cause in its own recording is that step's index.
///
/// The thread that records writes each step into memory the consumer read last, or into fresh
/// pages: what that costs grows with the bytes a step takes, and a ``RecordedStep`` of small
/// types takes 88 where this takes 56. The consumer makes the ``RecordedStep`` again
/// (``StepBatch/forEachStep(named:_:)``).
@usableFromInline
package struct PendingStep<Action: Sendable, Mutation: Sendable, State: Sendable>: Sendable {
  /// A step's cause, without its recording's name when that is the step's own recording.
  @usableFromInline
  enum Cause: Sendable {
    /// From outside every recording.
    case none
    /// Step `index` of the same recording.
    case local(Int)
    /// A step of another recording (boxed, so that the common cases stay one word).
    case other(CauseBox)

    /// `cause`, for a step of the recording named `recording`.
    @inlinable
    init(_ cause: RecordedCause?, in recording: String) {
      guard let cause else {
        self = .none
        return
      }
      // The same name: the step made again names the same recording and index.
      self = cause.recording == recording ? .local(cause.index) : .other(CauseBox(cause))
    }
  }

  /// What happened.
  @usableFromInline let kind: RecordedStep<Action, Mutation, State>.Kind
  @usableFromInline let isStaged: Bool
  @usableFromInline let isFollowUp: Bool
  @usableFromInline let isCheckpoint: Bool
  /// A mutation whose state waits apart, in the recording's outbox of states (a file's
  /// recording: the state of a mutation that is no checkpoint), rather than in ``stateBox``.
  @usableFromInline let hasStateApart: Bool
  /// When it happened, in nanoseconds since the recording began.
  @usableFromInline let nanoseconds: Int64
  /// The state it made, when it is kept with the step: at `began`, and at the mutations whose
  /// state the recording keeps (checkpoints, or every mutation for a recording that keeps every
  /// state). A file's recording keeps the others apart (``hasStateApart``).
  @usableFromInline let stateBox: Box<State>?
  @usableFromInline let cause: Cause

  /// A step caused by `cause` (see ``Cause/init(_:in:)``).
  @inlinable
  init(
    kind: consuming RecordedStep<Action, Mutation, State>.Kind, nanoseconds: Int64,
    cause: Cause, stateBox: Box<State>?, isStaged: Bool, isFollowUp: Bool, isCheckpoint: Bool,
    hasStateApart: Bool = false
  ) {
    self.kind = kind
    self.isStaged = isStaged
    self.isFollowUp = isFollowUp
    self.isCheckpoint = isCheckpoint
    self.hasStateApart = hasStateApart
    self.nanoseconds = nanoseconds
    self.stateBox = stateBox
    self.cause = cause
  }

  /// `step`, a step of the recording named `recording`, as it waits (its index is its place).
  @inlinable
  package init(_ step: RecordedStep<Action, Mutation, State>, in recording: String) {
    self.init(
      kind: step.kind, nanoseconds: step.time.wholeNanoseconds,
      cause: Cause(step.cause, in: recording), stateBox: step.stateBox, isStaged: step.isStaged,
      isFollowUp: step.isFollowUp, isCheckpoint: step.isCheckpoint)
  }

  /// The step, as step `index` of the recording named `recording`.
  @inlinable
  package func step(index: Int, in recording: String) -> RecordedStep<Action, Mutation, State> {
    let cause: RecordedCause? =
      switch self.cause {
      case .none: nil
      case .local(let index): RecordedCause(recording: recording, index: index)
      case .other(let box): box.cause
      }
    return RecordedStep(
      index: index, time: .nanoseconds(nanoseconds), kind: kind, cause: cause,
      stateBox: stateBox, isStaged: isStaged, isFollowUp: isFollowUp,
      isCheckpoint: isCheckpoint)
  }
}

extension StepBatch {
  /// Runs `body` on each step that waited, in order, made again as steps of the recording
  /// named `recording`.
  @inlinable
  package func forEachStep<Action, Mutation, State>(
    named recording: String, _ body: (RecordedStep<Action, Mutation, State>) throws -> Void
  ) rethrows where Step == PendingStep<Action, Mutation, State> {
    var index = firstIndex
    for chunk in chunks {
      for pending in chunk {
        try body(pending.step(index: index, in: recording))
        index += 1
      }
    }
  }

  /// Runs `body` on each step that waited, in order, made again as steps of the recording
  /// named `recording`, with the state of a mutation whose state waited apart: the next of
  /// `states` (`nil` for the other steps, whose state, if any, is the step's).
  @inlinable
  package func forEachStep<Action, Mutation, State>(
    named recording: String, states: StepBatch<State>,
    _ body: (RecordedStep<Action, Mutation, State>, State?) throws -> Void
  ) rethrows where Step == PendingStep<Action, Mutation, State> {
    var index = firstIndex
    var chunk = 0
    var position = 0
    for steps in chunks {
      for pending in steps {
        var apart: State?
        if pending.hasStateApart {
          while chunk < states.chunks.count, position == states.chunks[chunk].count {
            chunk += 1
            position = 0
          }
          if chunk < states.chunks.count {
            apart = states.chunks[chunk][position]
            position += 1
          }
        }
        try body(pending.step(index: index, in: recording), apart)
        index += 1
      }
    }
  }

  /// The steps that waited, in order, made again as steps of the recording named `recording`.
  @inlinable
  package func steps<Action, Mutation, State>(
    named recording: String
  ) -> [RecordedStep<Action, Mutation, State>] where Step == PendingStep<Action, Mutation, State> {
    var steps: [RecordedStep<Action, Mutation, State>] = []
    steps.reserveCapacity(chunks.reduce(0) { $0 + $1.count })
    forEachStep(named: recording) { steps.append($0) }
    return steps
  }
}
