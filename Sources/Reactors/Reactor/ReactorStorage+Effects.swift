extension ReactorStorage {
  /// Starts what a store's middleware returned: actions it emits at once join the queue, in
  /// order, after the current work; the rest runs in a task whose actions are sent back.
  @usableFromInline
  func startFollowUps(_ effect: Effect<R.Action>, after mutation: R.Mutation, _ reactor: R) {
    if case .none = effect.operation { return }
    let host = ReactorHost(link(to: reactor), origin: mutation as? R.Action) {
      Work<R>.action($0, staged: false)
    }
    start(effect, emit: { core.pointee.queue.append(.action($0, staged: false)) }, host: host)
  }

  /// Runs the parts of `effect` that need no waiting now, through `emit`, and the rest in a
  /// task that delivers to `host`. Lock held.
  @inlinable @inline(__always)
  func start<Output>(
    _ effect: Effect<Output>, emit: (Output) -> Void, host: ReactorHost<R, Output>
  ) {
    if case .cancellable(let inner, let id, let cancelInFlight) = effect.operation {
      return startCancellable(inner, id: id, cancelInFlight: cancelInFlight, emit: emit, host: host)
    }
    startParts(of: effect, marked: nil, emit: emit, host: host)
  }

  /// ``start(_:emit:host:)`` for a cancellable effect at the top: it runs as one task, marked
  /// with its id and reporting its own errors, rather than as that task plus one awaiting it.
  /// Kept out of line, so that `start` stays small enough to be inlined where it is called.
  @inlinable @inline(never)
  func startCancellable<Output>(
    _ effect: Effect<Output>, id: EffectID, cancelInFlight: Bool, emit: (Output) -> Void,
    host: ReactorHost<R, Output>
  ) {
    if cancelInFlight { cancelEffects(id: id) }
    startParts(of: effect, marked: id, emit: emit, host: host)
  }

  /// Runs what needs no waiting, then schedules the rest as one top-level task marked with
  /// `id`, to start when the lock is released. Where `Task.immediate` is not available (Apple
  /// systems before 26), the task is launched at once instead and starts on the global
  /// executor.
  @inlinable @inline(__always)
  func startParts<Output>(
    of effect: Effect<Output>, marked id: EffectID?, emit: (Output) -> Void,
    host: ReactorHost<R, Output>
  ) {
    let rest = effect.startSynchronously(
      emit: emit,
      cancel: { cancelEffects(id: $0) },
      launch: { part, id in launch(part, id: id, reportsErrors: false, host: host) })
    guard let rest else { return }
    if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
      let token = host.link.tasks.withLock { $0.reserve(id: id) }
      core.pointee.pendingStarts.append { host.start(rest, owning: token) }
      core.pointee.startsPending = true
    } else {
      launch(rest, id: id, reportsErrors: true, host: host)
    }
  }

  /// Installs the step that runs after each reduce (a store's middleware). Call before use.
  func setAfterReduce(
    _ step: @escaping @Sendable (R.State, R.Mutation) -> Effect<R.Action>
  ) {
    lock.lock()
    defer { lock.unlock() }
    core.pointee.afterReduce = step
  }

  /// Where the mutations of an effect started by `origin` go.
  @inlinable
  func mutationHost(_ reactor: R, origin: R.Action) -> ReactorHost<R, R.Mutation> {
    ReactorHost(link(to: reactor), origin: origin) { .mutation($0, staged: false) }
  }

  /// What the reactor's effects share (see ``ReactorLink``), made with its first effect.
  /// Lock held.
  @inlinable
  func link(to reactor: R) -> ReactorLink<R> {
    if let link = core.pointee.link { return link }
    let link = ReactorLink(reactor)
    core.pointee.link = link
    return link
  }

  /// Starts `effect` on the global executor, in a task owned by this storage, marked with `id`
  /// for cancellation. A top-level task (`reportsErrors`) reports its uncaught errors, except
  /// cancellation; a part of a larger effect leaves them to the effect that awaits it.
  ///
  /// Used for what must be running before the caller goes on (a cancellable part that the
  /// rest of its effect awaits, a `transform` hook's sources, effects started from a running
  /// effect) and, on systems without `Task.immediate`, for every effect. The task is created at
  /// once, even with the engine's lock held: measured, a task that starts early and waits for
  /// the lock answers sooner than one created after it is released. It is created outside the
  /// tasks' own lock: reserved first, then filled in, and cancelled at once if its id was
  /// cancelled in between.
  @inlinable @inline(__always) @discardableResult
  func launch<Output>(
    _ effect: Effect<Output>, id: EffectID?, reportsErrors: Bool, host: ReactorHost<R, Output>
  ) -> Task<Void, any Error> {
    let tasks = host.link.tasks
    let token = tasks.withLock { $0.reserve(id: id) }
    let task = Task(priority: effect.requestedPriority) {
      try await host.run(effect, owning: token, reportsErrors: reportsErrors)
    }
    if !tasks.withLock({ $0.fill(token, with: task) }) { task.cancel() }
    return task
  }

  /// Cancels every running effect marked with `id`.
  @usableFromInline
  func cancelEffects(id: EffectID) {
    for task in taskRegistry?.withLock({ $0.removeAll(id: id) }) ?? [] { task.cancel() }
  }

  /// The registry of the reactor's tasks; `nil` until its first effect.
  @usableFromInline
  var taskRegistry: Locked<TaskRegistry>? {
    lock.lock()
    defer { lock.unlock() }
    return core.pointee.link?.tasks
  }

  /// How many effect tasks the reactor owns right now: a debugging aid (a number that only
  /// grows points at an effect that never ends).
  public var runningEffectCount: Int {
    taskRegistry?.withLock { $0.count } ?? 0
  }
}
