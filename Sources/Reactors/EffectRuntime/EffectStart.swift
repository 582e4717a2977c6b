/// What starting one effect decides, as a pure value: whether a part that needs a task starts
/// in line (in the task that runs what is left) or in a task of its own, whether what is left
/// is started or dropped (a replay starts no task), and when the effect's start is recorded:
/// once, when it first needs a task. Its methods are named after what happened while the
/// effect's synchronous parts ran, and return what the storage is to do; the storage does it
/// (`ReactorStorage.start(_:emit:host:)`).
///
/// A pure value on the processing thread's stack: no lock, no thread, tested alone
/// (`EffectStartTests`).
@usableFromInline
struct EffectStart {
  /// What to do with the effect's recorded start.
  @usableFromInline
  enum RecordedStart: Equatable {
    /// The reactor is not recorded: nothing.
    case none
    /// Record the start now, by `id` (see `Recording.effectStarted(id:cause:)`).
    case recordNow(id: EffectID?)
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
  /// The id of a `.cancellable` at the effect's top, which names its recorded start first.
  @usableFromInline let id: EffectID?
  /// Whether the start has been recorded.
  @usableFromInline private(set) var hasRecordedStart = false

  @inlinable
  init(tasksStartInLine: Bool, isRecorded: Bool, isReplay: Bool, id: EffectID?) {
    precondition(isRecorded || !isReplay, "a replay records what its reactor does")
    self.tasksStartInLine = tasksStartInLine
    self.isRecorded = isRecorded
    self.isReplay = isReplay
    self.id = id
  }

  /// A cancellable part marked `partID` needs a task while the synchronous parts run.
  @inlinable
  mutating func partDeferred(id partID: EffectID) -> DeferredPart {
    if tasksStartInLine || isReplay { return .runInLine }
    return .startTask(startNeeded(id: id ?? partID))
  }

  /// The synchronous parts ran, and something is left to run in a task, marked `restID` when
  /// it is a cancellable part.
  @inlinable
  mutating func restRemains(id restID: EffectID?) -> Rest {
    let start = startNeeded(id: id ?? restID)
    return isReplay ? .dropAfterRecording(start) : .start(start)
  }

  /// The effect needs a task: its start is recorded now, the first time, by `id`.
  @inlinable
  mutating func startNeeded(id: EffectID?) -> RecordedStart {
    guard isRecorded else { return .none }
    if hasRecordedStart { return .recorded }
    hasRecordedStart = true
    return .recordNow(id: id)
  }
}
