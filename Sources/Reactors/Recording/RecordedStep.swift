/// One step of a ``Recording``: an input, a mutation and the state it made, or an effect
/// starting, ending or being cancelled; with its time and its cause.
///
/// Values are kept as they were sent (after the recording's ``Redaction``), never encoded or
/// rendered while the app runs: render one with custom-dump (`customDump(step)`) when you look.
public struct RecordedStep<Action: Sendable, Mutation: Sendable, State: Sendable>: Sendable {
  /// What happened at a step.
  public enum Kind: Sendable {
    /// The recording began, with the state it began from.
    case began
    /// An action was sent (a reactor) or dispatched (a store), or a store's middleware
    /// followed up with it.
    case input(Action)
    /// A mutation was reduced (for a store: an action); ``RecordedStep/state`` is the state it
    /// made.
    case mutation(Mutation)
    /// An effect started a task, marked with `id` (its description) when it, or what is left
    /// of it once its synchronous parts ran, is cancellable.
    case effectStarted(id: String?)
    /// The effect started at step `started` ended; `cancelled` when it was cancelled first.
    case effectEnded(started: Int, cancelled: Bool)
    /// The effects marked with `id` (its description) were cancelled.
    case cancelled(id: String)
    /// `dropped` steps are missing here: a file's writer fell behind and dropped them rather
    /// than block the app or grow without bound. A replay stops at a gap.
    case gap(dropped: Int)
  }

  /// The step's place in its recording, from 0.
  public let index: Int
  /// When it happened, since the recording began, on the recording's clock, to the
  /// nanosecond (as a recording's file holds it).
  public let time: Duration
  /// What happened.
  public let kind: Kind
  /// The step that made this one happen: the input whose `mutate` returned a mutation, the
  /// effect that emitted it, another reactor's step that sent an input; `nil` for what came
  /// from outside every recording.
  public let cause: RecordedCause?
  /// Where an ``Kind/input(_:)`` was sent from: the file and line of its `send` or `dispatch`
  /// (or of a view model's `send`). `nil` for every other kind, for an input sent from inside
  /// the engine (an effect's `Send`, a relay, a store's middleware, a replay), and for a step
  /// read from a file: kept in memory only, a recording's file does not hold it yet.
  public let sentFrom: SendSite?
  /// The state after the step: at ``Kind/began`` and after each ``Kind/mutation(_:)``
  /// (after a mutation between checkpoints, only for a recording kept in memory; for one read
  /// from a file, also after its last mutation); `nil` for the other kinds.
  public var state: State? { stateBox?.value }
  /// The state, boxed: a step without one costs a pointer, however large the state.
  @usableFromInline let stateBox: Box<State>?
  /// For a mutation read from a recording file: the fingerprint of the state it made, as the
  /// file's writer computed it (what a replay compares where the file holds no state); `nil`
  /// for a step kept in memory, and for a file that holds none (one written before format 2).
  @usableFromInline package let fingerprint: UInt64?
  /// An input that had been through `transform(action:)` already (a relay's event merged
  /// there): a replay sends it past that stage.
  @usableFromInline package let isStaged: Bool
  /// A store's follow-up action (its middleware returned it): a replay makes it again.
  @usableFromInline package let isFollowUp: Bool
  /// A mutation at one of the recording's checkpoints: its file holds its state.
  @usableFromInline package let isCheckpoint: Bool

  /// A step as recorded or read from a file. For the package's other targets.
  @inlinable
  package init(
    index: Int, time: Duration, kind: Kind, cause: RecordedCause?, state: State?,
    isStaged: Bool = false, isFollowUp: Bool = false, isCheckpoint: Bool = false,
    fingerprint: UInt64? = nil, source: SendSite? = nil
  ) {
    self.init(
      index: index, time: time, kind: kind, cause: cause, stateBox: state.map(Box.init),
      isStaged: isStaged, isFollowUp: isFollowUp, isCheckpoint: isCheckpoint,
      fingerprint: fingerprint, source: source)
  }

  /// A step whose state is already boxed (shared with the step's other copy).
  @inlinable
  init(
    index: Int, time: Duration, kind: Kind, cause: RecordedCause?, stateBox: Box<State>?,
    isStaged: Bool, isFollowUp: Bool, isCheckpoint: Bool, fingerprint: UInt64? = nil,
    source: SendSite? = nil
  ) {
    self.isFollowUp = isFollowUp
    self.isCheckpoint = isCheckpoint
    self.index = index
    self.time = time
    self.kind = kind
    self.cause = cause
    self.stateBox = stateBox
    self.fingerprint = fingerprint
    self.isStaged = isStaged
    self.sentFrom = source
  }

  /// This step holding `state` as the state it made (a file's last state, written apart from
  /// its step's line). For the package's other targets.
  @inlinable
  package func holding(_ state: State) -> Self {
    Self(
      index: index, time: time, kind: kind, cause: cause, stateBox: Box(state),
      isStaged: isStaged, isFollowUp: isFollowUp, isCheckpoint: true, fingerprint: fingerprint,
      source: sentFrom)
  }
}
