/// Every step of a reactor or a store, kept as it happens: the inputs, each mutation with the
/// state it made and its cause, and the effects' starts, ends and cancellations, each with a
/// time. Attach one in one line; several (one per reactor or store) can run in one session,
/// each with its own name, and a step of one names a step of another as its cause when that
/// one sent it.
///
/// ```swift
/// let recording = Recording(of: searchReactor, named: "search")
/// // … the app runs …
/// print(recording.steps.count)
/// ```
///
/// Cost: nothing while no recording is attached (the reactor keeps its shortest `send`).
/// Attached, each step is appended on the thread that processes it, as values (a copy of a
/// collection in the state is a reference count): nothing is encoded, rendered or written
/// there. A recording that writes a file hands its writer a copy of every mutation's state
/// (into memory the writer gave back, so with no allocation), which the writer fingerprints on
/// its own thread. Values are kept until the recording is released, so a recording of a long
/// session holds every step's state; ``stop()`` ends it.
///
/// Thread rules: attach, read and stop from any thread. A reactor has at most one recording:
/// attaching another replaces it. The reactor keeps its recording alive while attached; the
/// recording does not keep the reactor alive.
public final class Recording<Action: Sendable, Mutation: Sendable, State: Sendable>: Sendable {
  /// The step type of this recording.
  public typealias Step = RecordedStep<Action, Mutation, State>
  /// A step waiting in the outbox. For the package's other targets.
  @usableFromInline package typealias Pending = PendingStep<Action, Mutation, State>

  /// The name given when it was attached: what other recordings' causes call it.
  public let name: String
  @usableFromInline package let redactions: [Redaction<Action, Mutation, State>]
  /// What rewrites each recorded mutation (see ``Redaction``), decided once: `nil` when no
  /// redaction applies to mutations.
  @usableFromInline let redactMutation: (@Sendable (Mutation) -> Mutation)?
  /// Whether a redaction rewrites the states (decided once: a state is not copied through
  /// ``redactions`` for nothing).
  @usableFromInline let redactsStates: Bool
  /// The time since the recording began, on its clock.
  @usableFromInline let clock: StepClock
  /// A replay's recording: its reactor starts no effect's task (see the test toolkit).
  @usableFromInline let isReplay: Bool
  /// Whether ``steps`` keeps every step (a recording that only writes a file keeps none).
  @usableFromInline let keepsSteps: Bool
  /// Whether steps wait in an outbox for a consumer on another thread (see ``StepOutbox``).
  @usableFromInline let hasOutbox: Bool
  /// Whether the steps kept hold every mutation's state, or only every ``checkpointEvery``th.
  @usableFromInline let keepsEveryState: Bool
  /// Whether the outbox's consumer gets every mutation's state (a file's writer, which
  /// fingerprints each): those the steps do not keep wait apart, in the buffer's `states`.
  @usableFromInline let keepsStatesApart: Bool
  /// Whether the recording was read from a file: a replay of it checks each mutation's state
  /// against the state or the fingerprint the file holds, and says where it holds neither.
  /// For the package's other targets.
  @usableFromInline package let isReadFromFile: Bool
  /// Reduces a mutation into a state as the recorded reactor does (`false`: the reactor is
  /// gone), to make again the states kept steps do not hold.
  @usableFromInline let reducer: (@Sendable (inout State, Mutation) -> Bool)?
  /// Wakes the consumer of the buffer's outbox (a file's writer) when a batch waits.
  @usableFromInline let wake: (@Sendable () -> Void)?
  @usableFromInline let buffer: Locked<Buffer>
  /// What stops the recording, once: detaching it from its reactor, which then runs
  /// ``finish``. It is handed the recording rather than holding a weak reference to it: an
  /// object with a weak reference has a side table, which makes each of its retains and
  /// releases (two a recorded `send`) take the slow path, 250 instructions a send.
  @usableFromInline let detach: Locked<(@Sendable (Recording) -> Void)?>
  /// What runs once the recording stops or is released (a file's writer writes what is left
  /// and closes the file); see ``finishOnce()``.
  @usableFromInline let finish: Locked<(@Sendable () -> Void)?>
  /// Shows the recorded reactor's observers a state, or (`nil`) its live state again: see
  /// ``travel(to:)``. `nil` for a recording read from a file.
  @usableFromInline let traveler: (@Sendable (State?) -> Void)?
  /// Every how many mutations a recording that keeps no step keeps the state (a checkpoint).
  @usableFromInline package let checkpointEvery: Int
  /// What reading the recording's file noticed without failing (a last line cut short), and
  /// what went wrong writing it (a full disk: see the Recordings article).
  public var warnings: [String] { read + problems.withLock { $0 } }
  /// What reading noticed.
  @usableFromInline let read: [String]
  /// What went wrong since the recording began, without stopping it.
  @usableFromInline let problems = Locked<[String]>([])
  /// Whether the engine times each mutation's `reduce` and delivery for it (see ``costs``).
  @usableFromInline let measuresCosts: Bool
  /// What each mutation cost, when the recording measures: its step's index and its costs in
  /// nanoseconds, in the order of the steps (one reactor's mutations are told one at a time, in
  /// order), so that keeping one is an append and finding one a binary search.
  @usableFromInline let costTable = Locked<[(index: Int, reduce: Int64, delivery: Int64)]>([])

  /// The steps kept, the steps waiting for a consumer on another thread (see ``StepOutbox``),
  /// and how many steps there have been: one lock for all, the one a step takes.
  @usableFromInline
  struct Buffer: Sendable {
    @usableFromInline var steps: [Step] = []
    @usableFromInline var count = 0
    @usableFromInline var outbox: StepOutbox<Pending>?
    /// The states waiting apart (see ``keepsStatesApart``), in the order of their steps.
    /// Bounded: past its capacity, a mutation's state is not kept, and the file has no
    /// fingerprint of it.
    @usableFromInline var states: StepOutbox<State>
    /// The state after the last mutation, when no step waiting holds it (its step was dropped,
    /// or its state did not fit): what the consumer's last batch gets as the state at the end.
    @usableFromInline var latest: State?

    @inlinable init(outbox: StepOutbox<Pending>? = nil, statesCapacity: Int = 1) {
      self.outbox = outbox
      states = StepOutbox(capacity: statesCapacity, wakeEvery: .max)
    }
  }

  /// Starts recording `reactor` under `name`, hiding what `redactions` say, with times on
  /// `clock` (a test clock in tests).
  ///
  /// `keepingStatesEvery` (1 by default: every state) keeps a state every that many
  /// mutations: for a large state and a long session, a state every 32 mutations costs a
  /// thirty-second of the memory, and time travel and the inspector make the others again
  /// from the nearest one before, with the reactor's `reduce` (at most 31 of them).
  ///
  /// `measuringCosts` times each mutation's `reduce` and the delivery to the observers after
  /// it, on `clock` (see ``costs``): four readings of the clock a mutation, which is why it is
  /// off unless asked for.
  public convenience init<R: Reactor, C: Clock>(
    of reactor: R, named name: String,
    redacting redactions: [Redaction<Action, Mutation, State>] = [],
    keepingStatesEvery statesEvery: Int = 1, measuringCosts: Bool = false,
    clock: C = ContinuousClock()
  ) where R.Action == Action, R.Mutation == Mutation, R.State == State, C.Duration == Duration {
    self.init(
      reactor, name: name, redactions: redactions, clock: clock, isReplay: false,
      keepsEveryState: statesEvery <= 1, checkpointEvery: statesEvery <= 1 ? 32 : statesEvery,
      measuresCosts: measuringCosts)
  }

  /// Starts recording `store` under `name`: its dispatched actions are the inputs, and its
  /// reduced actions (the same, after the action middlewares) the mutations.
  public convenience init<C: Clock>(
    of store: Store<State, Action>, named name: String,
    redacting redactions: [Redaction<Action, Mutation, State>] = [],
    keepingStatesEvery statesEvery: Int = 1, measuringCosts: Bool = false,
    clock: C = ContinuousClock()
  ) where Mutation == Action, C.Duration == Duration {
    self.init(
      of: store.engine, named: name, redacting: redactions, keepingStatesEvery: statesEvery,
      measuringCosts: measuringCosts, clock: clock)
  }

  /// Starts recording `reactor`. A replay's recording (`isReplay`) keeps its effects from
  /// starting tasks; `outbox` keeps each step, in order, for a consumer on another thread (a
  /// file's writer; see ``outboxTaker``), woken by `wake` when a batch waits, with every
  /// mutation's state when `statesBudget` is given (at most that many bytes of states wait
  /// apart: see ``outboxBatchTaker``); `finish` runs once when the recording stops or is
  /// released, and `keepsSteps: false` keeps no step in memory. For the package's other
  /// targets.
  @inlinable
  package init<R: Reactor, C: Clock>(
    _ reactor: R, name: String, redactions: [Redaction<Action, Mutation, State>], clock: C,
    isReplay: Bool, keepsSteps: Bool = true, keepsEveryState: Bool = true,
    checkpointEvery: Int = 32, outbox: StepOutbox<Pending>? = nil, statesBudget: Int? = nil,
    wake: (@Sendable () -> Void)? = nil, finish: (@Sendable () -> Void)? = nil,
    measuresCosts: Bool = false
  ) where R.Action == Action, R.Mutation == Mutation, R.State == State, C.Duration == Duration {
    self.checkpointEvery = max(checkpointEvery, 1)
    self.measuresCosts = measuresCosts
    self.keepsEveryState = keepsEveryState
    keepsStatesApart = outbox != nil && statesBudget != nil
    reducer = { [weak reactor] state, mutation in
      guard let reactor else { return false }
      reactor.reduce(state: &state, mutation: mutation)
      return true
    }
    self.name = name
    self.redactions = redactions
    redactMutation = redactions.mutationRedaction()
    redactsStates = redactions.contains { $0.state != nil }
    self.isReplay = isReplay
    self.keepsSteps = keepsSteps
    isReadFromFile = false
    self.wake = wake
    hasOutbox = outbox != nil
    buffer = Locked(
      Buffer(
        outbox: outbox,
        statesCapacity: max((statesBudget ?? 0) / max(MemoryLayout<State>.stride, 1), 64)))
    self.finish = Locked(finish)
    read = []
    self.clock = StepClock(clock)
    detach = Locked(nil)
    traveler = { [weak reactor] state in
      guard let reactor else { return }
      if let state {
        reactor.storage.travel(to: state, from: reactor)
      } else {
        reactor.storage.returnToLive(from: reactor)
      }
    }
    detach.withLock {
      $0 = { [weak reactor] recording in
        if let reactor { reactor.storage.detach(recording, from: reactor) }
      }
    }
    reactor.storage.attach(hook, from: reactor)
  }

  /// A recording attached to nothing, holding `steps` (read from a file). For the package's
  /// other targets.
  @usableFromInline
  package init(name: String, steps: [Step], warnings: [String]) {
    self.name = name
    redactions = []
    redactMutation = nil
    redactsStates = false
    isReplay = false
    keepsSteps = true
    keepsEveryState = true
    keepsStatesApart = false
    isReadFromFile = true
    reducer = nil
    checkpointEvery = 1
    wake = nil
    hasOutbox = false
    finish = Locked(nil)
    read = warnings
    measuresCosts = false
    clock = StepClock()
    detach = Locked(nil)
    traveler = nil
    var buffer = Buffer()
    buffer.steps = steps
    buffer.count = (steps.last?.index ?? -1) + 1
    self.buffer = Locked(buffer)
  }

  deinit { finishOnce() }

  /// What notes a problem that did not stop the recording (see ``warnings``), without a
  /// reference to the recording, for what the recording owns (a file's writer). For the
  /// package's other targets.
  @usableFromInline
  package var warner: @Sendable (String) -> Void {
    let problems = problems
    return { problem in problems.withLock { $0.append(problem) } }
  }

  /// The steps so far, in order; none for a recording that only writes a file.
  public var steps: [Step] { buffer.withLock { $0.steps } }

  /// Stops recording: the reactor records no more steps here once it has processed the work
  /// queued before the call, and then finishes the recording (a file being written is
  /// complete): before this returns when the reactor is idle, as soon as the thread processing
  /// it gets there otherwise. The steps stay.
  public func stop() { detach.takeOnce()?(self) }

  /// Runs ``finish`` if it has not run: when the reactor stops recording into this recording
  /// (stopped, or replaced by another), or when the recording is released.
  @usableFromInline
  func finishOnce() { finish.takeOnce()?() }
}
