/// What starting one effect decides, as a pure value: whether a part that needs a task starts
/// in line (in the task that runs what is left) or in a task of its own, whether what is left
/// is started or dropped (a replay starts no task), and when the effect's start is recorded:
/// once, when it first needs a task. Its methods are named after what happened while the
/// effect's synchronous parts ran, and return what the storage is to do; the storage does it
/// (`ReactorStorage.start(_:emit:host:)`).
///
/// A pure value on the processing thread's stack: no lock, no thread, tested alone
/// (`EffectStartTests`). It holds no id, only which one names the start (``Namer``): its
/// answers are trivial values, which an effect's start copies and matches without the
/// runtime's help (an id holds an existential).
@usableFromInline
struct EffectStart {
  /// Which id a recorded start is named by (see ``StepHook/effectStarted``).
  @usableFromInline
  enum Namer: Equatable {
    /// The id of the `.cancellable` at the effect's top.
    case top
    /// The id of the cancellable part that needed a task first.
    case part
    /// The id of what is left, when it is a cancellable part (none otherwise).
    case rest
  }

  /// What to do with the effect's recorded start.
  @usableFromInline
  enum RecordedStart: Equatable {
    /// The reactor is not recorded: nothing.
    case none
    /// Record the start now, named by the id `Namer` says.
    case recordNow(namedBy: Namer)
    /// The start is recorded already: use that record.
    case recorded
  }

  /// What to do with a cancellable part that needs a task.
  @usableFromInline
  enum DeferredPart: Equatable {
    /// Leave it in the effect: the task that runs what is left starts it in line.
    case runInLine
    /// Start it now in a task of its own, which the effect then awaits.
    case startTask(RecordedStart)
  }

  /// What to do with what is left once the synchronous parts ran.
  @usableFromInline
  enum Rest: Equatable {
    /// Start it in a task the reactor owns.
    case start(RecordedStart)
    /// Record its start and start nothing: a replay's reactor runs no task.
    case dropAfterRecording(RecordedStart)
  }

  /// Whether tasks start on the calling thread here (`ImmediateTasks.areAvailable`).
  @usableFromInline let tasksStartInLine: Bool
  /// Whether the reactor is recorded, and whether by a replay.
  @usableFromInline let isRecorded: Bool
  @usableFromInline let isReplay: Bool
  /// Whether a `.cancellable` is at the effect's top: its id names the recorded start.
  @usableFromInline let hasTopID: Bool
  /// Whether the start has been recorded.
  @usableFromInline private(set) var hasRecordedStart = false

  @inlinable
  init(tasksStartInLine: Bool, isRecorded: Bool, isReplay: Bool, hasTopID: Bool) {
    precondition(isRecorded || !isReplay, "a replay records what its reactor does")
    self.tasksStartInLine = tasksStartInLine
    self.isRecorded = isRecorded
    self.isReplay = isReplay
    self.hasTopID = hasTopID
  }

  /// A cancellable part needs a task while the synchronous parts run.
  @inlinable @inline(__always)
  mutating func partDeferred() -> DeferredPart {
    if tasksStartInLine || isReplay { return .runInLine }
    return .startTask(startNeeded(otherwise: .part))
  }

  /// The synchronous parts ran, and something is left to run in a task.
  @inlinable @inline(__always)
  mutating func restRemains() -> Rest {
    let start = startNeeded(otherwise: .rest)
    return isReplay ? .dropAfterRecording(start) : .start(start)
  }

  /// The effect needs a task: its start is recorded now, the first time, named by the top's
  /// id, or else by `namer`'s.
  @inlinable @inline(__always)
  mutating func startNeeded(otherwise namer: Namer) -> RecordedStart {
    guard isRecorded else { return .none }
    if hasRecordedStart { return .recorded }
    hasRecordedStart = true
    return .recordNow(namedBy: hasTopID ? .top : namer)
  }
}
