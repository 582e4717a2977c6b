/// Connects a running effect back to its reactor without keeping the reactor alive.
///
/// Inlinable throughout: an effect's values reach an engine specialized for the concrete
/// reactor, not generic code.
@usableFromInline
struct ReactorHost<R: Reactor, Output: Sendable>: EffectHost {
  @usableFromInline let link: ReactorLink<R>
  @usableFromInline let origin: R.Action?
  /// Wraps a value as the engine's work. Captures nothing, so building a host allocates
  /// nothing.
  @usableFromInline let makeWork: @Sendable (Output) -> Work<R>
  /// The ids of the cancellable effects this host runs inside, with their epochs: what it
  /// sends is dropped if one of them is cancelled before it is processed. Empty for most.
  @usableFromInline var marks: [EffectMark] = []
  /// The start of the effect this host runs as its reactor's hook was told it, when the reactor
  /// is hooked (``StepHook``): what it sends names that step as its cause, and its task tells
  /// its end.
  @usableFromInline var hooked: HookedEffect?

  @inlinable
  init(
    _ link: ReactorLink<R>, origin: R.Action?,
    makeWork: @escaping @Sendable (Output) -> Work<R>
  ) {
    self.link = link
    self.origin = origin
    self.makeWork = makeWork
  }

  /// This host, inside one more cancellable effect.
  @inlinable
  func marked(_ mark: EffectMark) -> ReactorHost {
    var host = self
    host.marks.append(mark)
    return host
  }

  /// The body of a task the reactor owns, marked with `id`: runs `effect`, then gives up the
  /// task's slot (`token`). A top-level task (`reportsErrors`) reports its uncaught errors,
  /// except cancellation; a part of a larger effect leaves them to the effect that awaits it.
  @inlinable @inline(__always)
  func run(
    _ effect: Effect<Output>, owning token: TaskRegistry.Token, id: EffectID?,
    reportsErrors: Bool
  ) async throws {
    defer { link.tasks.withLock { $0.remove(token) } }
    guard let hooked else { return try await run(effect, reportsErrors: reportsErrors) }
    guard reportsErrors else {
      // A part of a larger effect is not a task of its own in the recording; the part the
      // effect is known by, cancelled, ends the effect cancelled, though the effect's own
      // task goes on (it awaits the part, and takes its cancellation for the part's end).
      defer { if Task.isCancelled, let id, id == hooked.id { hooked.partCancelled() } }
      return try await RecordedCause.during(hooked.step) {
        try await run(effect, reportsErrors: false)
      }
    }
    try await RecordedCause.during(hooked.step) {
      try await run(effect, reportsErrors: true)
    }
    hooked.ended(Task.isCancelled || hooked.isPartCancelled)
  }

  /// Runs `effect`, reporting its uncaught errors (but cancellation) when `reportsErrors`.
  @inlinable @inline(__always)
  func run(_ effect: Effect<Output>, reportsErrors: Bool) async throws {
    do {
      try await effect.run(on: self)
    } catch let error where reportsErrors {
      if !(error is CancellationError) && !Task.isCancelled { reportFailure(error) }
    }
  }

  /// Starts `effect` in a task the reactor owns, marked with `id`: with `Task.immediate` where
  /// there is one (it runs on this thread until its first suspension, and what it sends before
  /// then is queued for the thread processing the reactor's work, which is this one), on the
  /// global executor elsewhere (Apple systems before 26). Lock released.
  @inlinable
  @discardableResult
  func start(
    _ effect: Effect<Output>, id: EffectID?, reportsErrors: Bool
  )
    -> Task<Void, any Error>
  {
    own(id: id) { token in
      // Until it suspends, the task runs inside the scope of the step that started it: a
      // hooked effect's in a scope of its own start (see `CauseScope`).
      CauseScope.aroundEffect(hooked?.step) {
        ImmediateTasks.start(rawPriority: effect.requestedRawPriority) {
          try await run(effect, owning: token, id: id, reportsErrors: reportsErrors)
        }
      } ?? detachedTask(effect, owning: token, id: id, reportsErrors: reportsErrors)
    }
  }

  /// Starts `effect` on the global executor, in a task the reactor owns, marked with `id`: for a
  /// `transform` hook's sources (started as the reactor starts, never on the thread that does)
  /// and, without `Task.immediate`, for every effect.
  @inlinable
  @discardableResult
  func startDetached(
    _ effect: Effect<Output>, id: EffectID?, reportsErrors: Bool
  )
    -> Task<Void, any Error>
  {
    own(id: id) { token in
      detachedTask(effect, owning: token, id: id, reportsErrors: reportsErrors)
    }
  }

  /// A task on the global executor that runs `effect` in the slot `token` reserved, marked
  /// with `id`.
  @inlinable @inline(__always)
  func detachedTask(
    _ effect: Effect<Output>, owning token: TaskRegistry.Token, id: EffectID?,
    reportsErrors: Bool
  ) -> Task<Void, any Error> {
    Task(priority: effect.requestedPriority) {
      try await run(effect, owning: token, id: id, reportsErrors: reportsErrors)
    }
  }

  /// Registers the task `make` creates in a slot reserved first, and cancels it at once if its
  /// slot is gone by then (its id was cancelled meanwhile; or it ended before it suspended, and
  /// gave its slot back already: then cancelling does nothing).
  @inlinable @inline(__always)
  func own(
    id: EffectID?, _ make: (TaskRegistry.Token) -> Task<Void, any Error>
  )
    -> Task<Void, any Error>
  {
    let tasks = link.tasks
    let token = tasks.withLock { $0.reserve(id: id) }
    let task = make(token)
    if !tasks.withLock({ $0.fill(token, with: task) }) { task.cancel() }
    return task
  }

  @inlinable
  func deliver(_ output: Output) {
    guard let reactor = link.reactor else { return }
    if Task.isCancelled {
      reactor.report(.sentAfterCancellation(action: origin))
      return
    }
    let work = makeWork(output)
    reactor.storage.submit(marks.isEmpty ? work : .marked(marks, work), from: reactor)
  }

  @inlinable
  func cancelEffects(id: EffectID) { link.reactor?.storage.cancelEffects(id: id) }

  @inlinable
  func waitingBegan() { link.tasks.withLock { $0.waitingBegan() } }

  @inlinable
  func waitingEnded() { link.tasks.withLock { $0.waitingEnded() } }

  @inlinable
  func launch(_ effect: Effect<Output>, id: EffectID?) -> Task<Void, any Error>? {
    guard let reactor = link.reactor else { return nil }
    let host = id.map { marked(reactor.storage.mark($0)) } ?? self
    return host.start(effect, id: id, reportsErrors: false)
  }

  @inlinable
  func reportFailure(_ error: any Error) {
    link.reactor?.report(.effectFailed(error, action: origin))
  }
}
