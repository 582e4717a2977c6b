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
        locked {
          core.pointee.processing.followUp(
            .action(action, staged: false), scope: followUpScope())
        }
      },
      host: host)
  }

  /// Runs the parts of `effect` that need no waiting now, through `emit`, and starts the rest
  /// as one task marked with the id of a `.cancellable` at the top. Lock released.
  @inlinable @inline(__always)
  func start<Output>(
    _ effect: Effect<Output>, emit: (Output) -> Void, host: ReactorHost<R, Output>
  ) {
    var effect = effect
    var id: EffectID?
    var hasTopID = false
    var host = host
    if case .cancellable(let inner, let marked, let cancelInFlight) = effect.operation {
      if cancelInFlight { cancelEffects(id: marked) }
      effect = inner
      id = marked
      hasTopID = true
      host = host.marked(mark(marked))
    }
    let hook = processingHook
    var decisions = EffectStart(
      tasksStartInLine: ImmediateTasks.areAvailable, isHooked: hook != nil,
      dropsEffects: hook?.dropsEffects == true, hasTopID: hasTopID)
    // The effect's start, told when it first needs a task (see ``StepHook``).
    var told: HookedEffect?
    let rest = effect.startSynchronously(
      emit: emit, cancel: { cancelEffects(id: $0) },
      defer: { part, partID in
        switch decisions.partDeferred() {
        case .runInLine:
          // Started in line, on this thread, by the task that runs what is left (a replay
          // starts no task: what is left is dropped below).
          return Effect(.cancellable(part, id: partID, cancelInFlight: false))
        case .startTask(let start):
          var partHost = host.marked(mark(partID))
          told = hookedEffect(start, before: told, top: id, other: partID, hook)
          partHost.hooked = told
          return Effect(.join(partHost.startDetached(part, id: partID, reportsErrors: false)))
        }
      })
    guard let rest else { return }
    switch decisions.restRemains() {
    case .dropAfterTelling(let start):
      _ = hookedEffect(start, before: told, top: id, other: rest.cancellableID, hook)
    case .start(let start):
      host.hooked = hookedEffect(
        start, before: told, top: id, other: rest.cancellableID, hook)
      whileStartingEffect { host.start(rest, id: id, reportsErrors: true) }
    }
  }

  /// The effect's start as its hook is told, as ``EffectStart`` decided: none, told now (named
  /// by the `top` id or the `other`, read only then), or the one told `before`. Lock released.
  @inlinable @inline(__always)
  func hookedEffect(
    _ start: EffectStart.ToldStart, before: HookedEffect?, top: EffectID?,
    other: @autoclosure () -> EffectID?, _ hook: Hook?
  ) -> HookedEffect? {
    switch start {
    case .none: return nil
    case .toldBefore: return before
    case .tellNow(let namer):
      guard let hook else { return nil }
      return hookedEffect(id: namer == .top ? top : other(), hook)
    }
  }

  /// Runs `body`, which starts an effect's task, flagged as starting one: where the task starts
  /// on this thread, what it queues before it suspends is its own (see
  /// ``ProcessingModes/isStartingEffect``). The processing thread only; lock released.
  @inlinable @inline(__always)
  func whileStartingEffect(_ body: () -> Void) {
    let wasStarting = parts.pointee.modes.effectStarting()
    body()
    parts.pointee.modes.effectStarted(restoring: wasStarting)
  }

  /// Installs the step that runs after each reduce (a store's middleware). Call before use.
  func setAfterReduce(
    _ step: @escaping @Sendable (R.State, R.Mutation) -> Effect<R.Action>
  ) {
    locked {
      core.pointee.makeExtras().afterReduce = step
      core.pointee.lifecycle.middlewareInstalled()
    }
  }

  /// What the reactor's effects share (see ``ReactorLink``), made with its first effect.
  @inlinable
  func link(to reactor: R) -> ReactorLink<R> {
    locked {
      if let link = core.pointee.link { return link }
      let link = ReactorLink(reactor)
      core.pointee.link = link
      return link
    }
  }

  /// Cancels every running effect marked with `id`, and makes stale what they sent that is
  /// still queued (see ``EffectMark``).
  @usableFromInline
  func cancelEffects(id: EffectID) {
    let (tasks, hook) = locked {
      core.pointee.cancellations[id, default: 0] &+= 1
      return (core.pointee.link?.tasks, core.pointee.extras?.activeHook)
    }
    hook?.cancelled(id, CauseScope.current)
    for task in tasks?.withLock({ $0.removeAll(id: id) }) ?? [] { task.cancel() }
  }

  /// The mark of an effect with `id` starting now.
  @usableFromInline
  func mark(_ id: EffectID) -> EffectMark {
    locked { EffectMark(id: id, epoch: core.pointee.cancellations[id] ?? 0) }
  }

  /// Whether no id in `marks` has been cancelled since the effect started.
  @usableFromInline
  func isCurrent(_ marks: [EffectMark]) -> Bool {
    locked { marks.allSatisfy { (core.pointee.cancellations[$0.id] ?? 0) == $0.epoch } }
  }
}
