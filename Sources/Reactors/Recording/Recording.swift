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
/// there. Values are kept until the recording is released, so a recording of a long session
/// holds every step's state; ``stop()`` ends it.
///
/// Thread rules: attach, read and stop from any thread. A reactor has at most one recording:
/// attaching another replaces it. The reactor keeps its recording alive while attached; the
/// recording does not keep the reactor alive.
public final class Recording<Action: Sendable, Mutation: Sendable, State: Sendable>: Sendable {
  /// The step type of this recording.
  public typealias Step = RecordedStep<Action, Mutation, State>

  /// The name given when it was attached: what other recordings' causes call it.
  public let name: String
  @usableFromInline package let redactions: [Redaction<Action, Mutation, State>]
  /// The time since the recording began, on its clock.
  @usableFromInline let now: @Sendable () -> Duration
  /// A replay's recording: its reactor starts no effect's task (see the test toolkit).
  @usableFromInline let isReplay: Bool
  /// Whether ``steps`` keeps every step (a recording that only writes a file keeps none).
  @usableFromInline let keepsSteps: Bool
  /// Whether the steps kept hold every mutation's state, or only every ``checkpointEvery``th.
  @usableFromInline let keepsEveryState: Bool
  /// Reduces a mutation into a state as the recorded reactor does (`false`: the reactor is
  /// gone), to make again the states kept steps do not hold.
  @usableFromInline let reducer: (@Sendable (inout State, Mutation) -> Bool)?
  /// Told each step in order, under the buffer's lock (a file's writer, which only queues it).
  @usableFromInline let stream: (@Sendable (Step) -> Void)?
  @usableFromInline let buffer = Locked(Buffer())
  /// What stops the recording, once: detaching it from its reactor, which then runs
  /// ``finish``.
  @usableFromInline let detach: Locked<(@Sendable () -> Void)?>
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

  /// The steps kept, and how many steps there have been.
  @usableFromInline
  struct Buffer: Sendable {
    @usableFromInline var steps: [Step] = []
    @usableFromInline var count = 0

    @inlinable init() {}
  }

  /// Starts recording `reactor` under `name`, hiding what `redactions` say, with times on
  /// `clock` (a test clock in tests).
  ///
  /// `keepingStatesEvery` (1 by default: every state) keeps a state every that many
  /// mutations: for a large state and a long session, a state every 32 mutations costs a
  /// thirty-second of the memory, and time travel and the inspector make the others again
  /// from the nearest one before, with the reactor's `reduce` (at most 31 of them).
  public convenience init<R: Reactor, C: Clock>(
    of reactor: R, named name: String,
    redacting redactions: [Redaction<Action, Mutation, State>] = [],
    keepingStatesEvery statesEvery: Int = 1, clock: C = ContinuousClock()
  ) where R.Action == Action, R.Mutation == Mutation, R.State == State, C.Duration == Duration {
    self.init(
      reactor, name: name, redactions: redactions, clock: clock, isReplay: false,
      keepsEveryState: statesEvery <= 1, checkpointEvery: statesEvery <= 1 ? 32 : statesEvery)
  }

  /// Starts recording `store` under `name`: its dispatched actions are the inputs, and its
  /// reduced actions (the same, after the action middlewares) the mutations.
  public convenience init<C: Clock>(
    of store: Store<State, Action>, named name: String,
    redacting redactions: [Redaction<Action, Mutation, State>] = [],
    keepingStatesEvery statesEvery: Int = 1, clock: C = ContinuousClock()
  ) where Mutation == Action, C.Duration == Duration {
    self.init(
      of: store.engine, named: name, redacting: redactions, keepingStatesEvery: statesEvery,
      clock: clock)
  }

  /// Starts recording `reactor`. A replay's recording (`isReplay`) keeps its effects from
  /// starting tasks; `stream` hears each step in order (a file's writer), `finish` runs once
  /// when the recording stops or is released, and `keepsSteps: false` keeps no step in
  /// memory. For the package's other targets.
  @inlinable
  package init<R: Reactor, C: Clock>(
    _ reactor: R, name: String, redactions: [Redaction<Action, Mutation, State>], clock: C,
    isReplay: Bool, keepsSteps: Bool = true, keepsEveryState: Bool = true,
    checkpointEvery: Int = 32, stream: (@Sendable (Step) -> Void)? = nil,
    finish: (@Sendable () -> Void)? = nil
  ) where R.Action == Action, R.Mutation == Mutation, R.State == State, C.Duration == Duration {
    self.checkpointEvery = max(checkpointEvery, 1)
    self.keepsEveryState = keepsEveryState
    reducer = { [weak reactor] state, mutation in
      guard let reactor else { return false }
      reactor.reduce(state: &state, mutation: mutation)
      return true
    }
    self.name = name
    self.redactions = redactions
    self.isReplay = isReplay
    self.keepsSteps = keepsSteps
    self.stream = stream
    self.finish = Locked(finish)
    read = []
    now = Self.elapsed(on: clock)
    detach = Locked(nil)
    traveler = { [weak reactor] state in
      guard let reactor else { return }
      if let state {
        reactor.storage.travel(to: state, from: reactor)
      } else {
        reactor.storage.returnToLive(from: reactor)
      }
    }
    let stop: @Sendable () -> Void = { [weak reactor, weak self] in
      if let reactor, let self { reactor.storage.detach(self, from: reactor) }
    }
    detach.withLock { $0 = stop }
    reactor.storage.attach(self, from: reactor)
  }

  /// A recording attached to nothing, holding `steps` (read from a file). For the package's
  /// other targets.
  @usableFromInline
  package init(name: String, steps: [Step], warnings: [String]) {
    self.name = name
    redactions = []
    isReplay = false
    keepsSteps = true
    keepsEveryState = true
    reducer = nil
    checkpointEvery = 1
    stream = nil
    finish = Locked(nil)
    read = warnings
    now = { .zero }
    detach = Locked(nil)
    traveler = nil
    var buffer = Buffer()
    buffer.steps = steps
    buffer.count = (steps.last?.index ?? -1) + 1
    self.buffer.withLock { $0 = buffer }
  }

  deinit { finishOnce() }

  /// Notes a problem that did not stop the recording (see ``warnings``). For the package's
  /// other targets.
  @usableFromInline
  package func warn(_ problem: String) {
    problems.withLock { $0.append(problem) }
  }

  /// The time since now on `clock`, read where its type is known: the continuous clock (the
  /// default) directly, any other through the protocol.
  @usableFromInline
  static func elapsed<C: Clock>(on clock: C) -> @Sendable () -> Duration
  where C.Duration == Duration {
    if let continuous = clock as? ContinuousClock {
      let start = continuous.now
      return { start.duration(to: ContinuousClock.now) }
    }
    let start = clock.now
    return { start.duration(to: clock.now) }
  }

  /// The steps so far, in order; none for a recording that only writes a file.
  public var steps: [Step] { buffer.withLock { $0.steps } }

  /// Stops recording: the reactor records no more steps here once it has processed the work
  /// queued before the call, and then finishes the recording (a file being written is
  /// complete): before this returns when the reactor is idle, as soon as the thread processing
  /// it gets there otherwise. The steps stay.
  public func stop() { detach.runOnce() }

  /// Runs ``finish`` if it has not run: when the reactor stops recording into this recording
  /// (stopped, or replaced by another), or when the recording is released.
  @usableFromInline
  func finishOnce() { finish.runOnce() }

  // MARK: - Steps, as the engine takes them

  /// Appends a step made by `make` from its index and time; returns its cause for what follows.
  @inlinable
  func append(_ make: (_ index: Int, _ time: Duration) -> Step) -> RecordedCause {
    let index = buffer.withLock { buffer -> Int in
      let step = make(buffer.count, now())
      buffer.count += 1
      stream?(step)
      if keepsSteps { buffer.steps.append(step) }
      return step.index
    }
    return RecordedCause(recording: name, index: index)
  }

  /// The recording begins from `state`.
  @usableFromInline
  func began(from state: State) {
    let state = redactions.redacted(state)
    _ = append { Step(index: $0, time: $1, kind: .began, cause: nil, state: state) }
  }

  /// `action` arrived, sent by `cause`'s step.
  @inlinable
  func input(
    _ action: Action, staged: Bool, followUp: Bool, cause: RecordedCause?
  ) -> RecordedCause {
    let action = redactions.redacted(action: action)
    return append {
      Step(
        index: $0, time: $1, kind: .input(action), cause: cause, state: nil, isStaged: staged,
        isFollowUp: followUp)
    }
  }

  /// `mutation` was reduced into `state`; every ``checkpointEvery``th mutation is a
  /// checkpoint (the engine counts them).
  @inlinable
  func mutation(
    _ mutation: Mutation, cause: RecordedCause?, isCheckpoint: Bool, made readState: () -> State
  ) -> RecordedCause {
    let mutation = redactions.redacted(mutation: mutation)
    // A recording that keeps no step needs the state only at its checkpoints.
    let state =
      keepsSteps && keepsEveryState || isCheckpoint ? redactions.redacted(readState()) : nil
    return append {
      Step(
        index: $0, time: $1, kind: .mutation(mutation), cause: cause, state: state,
        isCheckpoint: isCheckpoint)
    }
  }

  /// An effect (marked `id`) started a task.
  @usableFromInline
  func effectStarted(id: EffectID?, cause: RecordedCause?) -> RecordedCause {
    let id = id.map { String(describing: $0.base) }
    return append {
      Step(index: $0, time: $1, kind: .effectStarted(id: id), cause: cause, state: nil)
    }
  }

  /// The effect started at `start` ended.
  @usableFromInline
  func effectEnded(_ start: RecordedCause, cancelled: Bool) {
    _ = append {
      Step(
        index: $0, time: $1, kind: .effectEnded(started: start.index, cancelled: cancelled),
        cause: start, state: nil)
    }
  }

  /// The effects marked `id` were cancelled.
  @usableFromInline
  func cancelled(_ id: EffectID, cause: RecordedCause?) {
    let id = String(describing: id.base)
    _ = append { Step(index: $0, time: $1, kind: .cancelled(id: id), cause: cause, state: nil) }
  }
}

extension Locked where Value == (@Sendable () -> Void)? {
  /// Takes the closure out, leaving `nil`, and runs it with the lock released: once, whoever
  /// calls first.
  @usableFromInline
  func runOnce() {
    let body = withLock { body in
      defer { body = nil }
      return body
    }
    body?()
  }
}
