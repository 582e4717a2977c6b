/// What starting one effect decides, as a pure value: whether a part that needs a task starts
/// in line (in the task that runs what is left) or in a task of its own, whether what is left
/// is started or dropped (a replay starts no task), and when the reactor's hook is told of the
/// effect's start (see ``StepHook``): once, when it first needs a task. Its methods are named after what happened while the
/// effect's synchronous parts ran, and return what the storage is to do; the storage does it
/// (`ReactorStorage.start(_:emit:host:)`).
///
/// A pure value on the processing thread's stack: no lock, no thread, tested alone
/// (`EffectStartTests`). It holds no id, only which one names the start (``Namer``): its
/// answers are trivial values, which an effect's start copies and matches without the
/// runtime's help (an id holds an existential).
@usableFromInline
struct EffectStart {
  /// Which id a start told to the hook is named by (see ``StepHook/effectStarted``).
  @usableFromInline
  enum Namer: Equatable {
    /// The id of the `.cancellable` at the effect's top.
    case top
    /// The id of the cancellable part that needed a task first.
    case part
    /// The id of what is left, when it is a cancellable part (none otherwise).
    case rest
  }

  /// What to do about telling the hook of the effect's start.
  @usableFromInline
  enum ToldStart: Equatable {
    /// The reactor is not hooked: nothing.
    case none
    /// Tell the start now, named by the id `Namer` says.
    case tellNow(namedBy: Namer)
    /// The start was told already: use what the hook answered then.
    case toldBefore
  }

  /// What to do with a cancellable part that needs a task.
  @usableFromInline
  enum DeferredPart: Equatable {
    /// Leave it in the effect: the task that runs what is left starts it in line.
    case runInLine
    /// Start it now in a task of its own, which the effect then awaits.
    case startTask(ToldStart)
  }

  /// What to do with what is left once the synchronous parts ran.
  @usableFromInline
  enum Rest: Equatable {
    /// Start it in a task the reactor owns.
    case start(ToldStart)
    /// Tell its start and start nothing: a replay's reactor runs no task (its hook drops
    /// effects, ``StepHook/dropsEffects``).
    case dropAfterTelling(ToldStart)
  }

  /// Whether tasks start on the calling thread here (`ImmediateTasks.areAvailable`).
  @usableFromInline let tasksStartInLine: Bool
  /// Whether the reactor is hooked, and whether its hook drops effects (a replay's).
  @usableFromInline let isHooked: Bool
  @usableFromInline let dropsEffects: Bool
  /// Whether a `.cancellable` is at the effect's top: its id names the start told.
  @usableFromInline let hasTopID: Bool
  /// Whether the hook has been told of the start.
  @usableFromInline private(set) var hasToldStart = false

  @inlinable
  init(tasksStartInLine: Bool, isHooked: Bool, dropsEffects: Bool, hasTopID: Bool) {
    precondition(isHooked || !dropsEffects, "a hook that drops effects is told of what it drops")
    self.tasksStartInLine = tasksStartInLine
    self.isHooked = isHooked
    self.dropsEffects = dropsEffects
    self.hasTopID = hasTopID
  }

  /// A cancellable part needs a task while the synchronous parts run.
  @inlinable @inline(__always)
  mutating func partDeferred() -> DeferredPart {
    if tasksStartInLine || dropsEffects { return .runInLine }
    return .startTask(startNeeded(otherwise: .part))
  }

  /// The synchronous parts ran, and something is left to run in a task.
  @inlinable @inline(__always)
  mutating func restRemains() -> Rest {
    let start = startNeeded(otherwise: .rest)
    return dropsEffects ? .dropAfterTelling(start) : .start(start)
  }

  /// The effect needs a task: its start is told now, the first time, named by the top's
  /// id, or else by `namer`'s.
  @inlinable @inline(__always)
  mutating func startNeeded(otherwise namer: Namer) -> ToldStart {
    guard isHooked else { return .none }
    if hasToldStart { return .toldBefore }
    hasToldStart = true
    return .tellNow(namedBy: hasTopID ? .top : namer)
  }
}
