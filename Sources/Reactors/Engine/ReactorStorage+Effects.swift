extension ReactorStorage {
  /// Starts an effect that is not a single mutation: its synchronous parts are reduced now,
  /// the rest runs in a task the reactor owns. Lock released. Specialized where the reactor is,
  /// but kept out of line, so that the common path of `processAction` stays small.
  @inlinable @inline(never)
  func startMutations(of effect: Effect<R.Mutation>, from action: R.Action, _ reactor: R) {
    start(
      effect, emit: { apply($0, staged: false, reactor) },
      host: ReactorHost(link(to: reactor), origin: action) { .mutation($0, staged: false) })
  }

  /// Starts what a store's middleware returned: actions it emits at once join the queue, in
  /// order, after the current work; the rest runs in a task whose actions are sent back.
  /// Lock released.
  @usableFromInline
  func startFollowUps(_ effect: Effect<R.Action>, after mutation: R.Mutation, _ reactor: R) {
    if case .none = effect.operation { return }
    let host = ReactorHost(link(to: reactor), origin: mutation as? R.Action) {
      Work<R>.action($0, staged: false)
    }
    start(
      effect,
      emit: { action in
        lock.lock()
        core.pointee.processing.followUp(.action(action, staged: false))
        lock.unlock()
      }, host: host)
  }

  /// Runs the parts of `effect` that need no waiting now, through `emit`, and starts the rest
  /// as one task marked with the id of a `.cancellable` at the top. Lock released.
  @inlinable @inline(__always)
  func start<Output>(
    _ effect: Effect<Output>, emit: (Output) -> Void, host: ReactorHost<R, Output>
  ) {
    var effect = effect
    var id: EffectID?
    var host = host
    if case .cancellable(let inner, let marked, let cancelInFlight) = effect.operation {
      if cancelInFlight { cancelEffects(id: marked) }
      effect = inner
      id = marked
      host = host.marked(mark(marked))
    }
    let rest = effect.startSynchronously(
      emit: emit, cancel: { cancelEffects(id: $0) },
      defer: { part, id in
        if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
          // Started in line, on this thread, by the task that runs what is left.
          return Effect(.cancellable(part, id: id, cancelInFlight: false))
        }
        return Effect(
          .join(launch(part, id: id, reportsErrors: false, host: host.marked(mark(id)))))
      })
    guard let rest else { return }
    if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
      host.startImmediately(rest, id: id)
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
    core.pointee.makeExtras().afterReduce = step
  }

  /// What the reactor's effects share (see ``ReactorLink``), made with its first effect.
  @inlinable
  func link(to reactor: R) -> ReactorLink<R> {
    lock.lock()
    defer { lock.unlock() }
    if let link = core.pointee.link { return link }
    let link = ReactorLink(reactor)
    core.pointee.link = link
    return link
  }

  /// Starts `effect` on the global executor, in a task owned by this storage, marked with `id`
  /// for cancellation. A top-level task (`reportsErrors`) reports its uncaught errors, except
  /// cancellation; a part of a larger effect leaves them to the effect that awaits it.
  ///
  /// Used for a `transform` hook's sources and, on systems without `Task.immediate`, for
  /// every effect. The task is reserved first, then created and filled in, and cancelled at
  /// once if its id was cancelled in between.
  @inlinable @discardableResult
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

  /// Cancels every running effect marked with `id`, and makes stale what they sent that is
  /// still queued (see ``EffectMark``).
  @usableFromInline
  func cancelEffects(id: EffectID) {
    lock.lock()
    core.pointee.cancellations[id, default: 0] &+= 1
    let tasks = core.pointee.link?.tasks
    lock.unlock()
    for task in tasks?.withLock({ $0.removeAll(id: id) }) ?? [] { task.cancel() }
  }

  /// The mark of an effect with `id` starting now.
  @usableFromInline
  func mark(_ id: EffectID) -> EffectMark {
    lock.lock()
    defer { lock.unlock() }
    return EffectMark(id: id, epoch: core.pointee.cancellations[id] ?? 0)
  }

  /// Whether no id in `marks` has been cancelled since the effect started.
  @usableFromInline
  func isCurrent(_ marks: [EffectMark]) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    return marks.allSatisfy { (core.pointee.cancellations[$0.id] ?? 0) == $0.epoch }
  }

  /// The registry of the reactor's tasks; `nil` until its first effect.
  @usableFromInline
  var taskRegistry: Locked<TaskRegistry>? {
    lock.lock()
    defer { lock.unlock() }
    return core.pointee.link?.tasks
  }

  /// Returns once the reactor owns no effect task and has no work queued or in progress: what
  /// the test toolkit awaits instead of polling. It awaits the tasks themselves, so an effect
  /// that never ends (asleep on a clock nobody advances) keeps it waiting: bound the test with a
  /// time limit.
  package func settled() async {
    while true {
      await idle()
      let (count, tasks) = taskRegistry?.withLock { ($0.count, $0.tasks) } ?? (0, [])
      if count == 0 {
        lock.lock()
        let isIdle = core.pointee.processing.isIdle
        lock.unlock()
        if isIdle { return }
      } else if tasks.isEmpty {
        await Task.yield()  // a slot reserved, its task a moment from being created
      }
      for task in tasks { _ = await task.result }
    }
  }

  /// How many effect tasks the reactor owns right now, for the test toolkit.
  package var runningEffectCount: Int {
    taskRegistry?.withLock { $0.count } ?? 0
  }
}
