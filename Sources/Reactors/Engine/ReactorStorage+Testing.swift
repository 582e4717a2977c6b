/// What the test toolkit (`ReactorsTesting`) reads of the engine, and nobody else: package
/// access, so that apps never see it.
extension ReactorStorage {
  /// The registry of the reactor's tasks; `nil` until its first effect.
  @usableFromInline
  var taskRegistry: Locked<TaskRegistry>? {
    locked { core.pointee.link?.tasks }
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
        if locked({ core.pointee.processing.isIdle }) { return }
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

  /// How many effect tasks run and are not waiting for a child task or a relay's next event:
  /// those a test clock may be holding.
  package var activeEffectCount: Int {
    taskRegistry?.withLock { $0.active } ?? 0
  }

  /// Returns once fewer than `count` effect tasks are active (see ``activeEffectCount``): at
  /// once when fewer are now (or the reactor has started none), or once the calling task is
  /// cancelled. What the test toolkit awaits, beside a clock's sleepers and the tasks' ends,
  /// for an effect that stops being awake without falling asleep or ending: it starts waiting
  /// for a child task or a relay's next event.
  package func activeEffects(below count: Int) async {
    guard let registry = taskRegistry else { return }
    let id = registry.withLock { registry in
      registry.nextWatcherID += 1
      return registry.nextWatcherID
    }
    await registry.waitUntilWoken { registry, continuation in
      guard registry.active >= count else { return true }
      registry.watchers.append(ActiveWatcher(id: id, below: count, continuation: continuation))
      return false
    } dequeue: { registry in
      registry.watchers.firstIndex { $0.id == id }.map { registry.watchers.remove(at: $0) }?
        .continuation
    }
  }

  /// Whether any observer is registered, for the test toolkit: a view's bindings that ended
  /// leave none behind.
  package var hasObservers: Bool { locked { !core.pointee.observers.isEmpty } }

  /// How many key paths are observed (observers of one key path share one), for tests.
  package var observedKeyPathCount: Int { locked { core.pointee.observers.groups.count } }

  /// The effect tasks the reactor owns now.
  package var effectTasks: [Task<Void, any Error>] {
    taskRegistry?.withLock { $0.tasks } ?? []
  }

  /// Starts the reactor if needed, then calls `body` after each reduce with the mutation, the
  /// state the outside then sees, and whether the work that made it came later than the `send`
  /// that started processing (another thread queued it, or an effect's task sent it: see
  /// ``ProcessingModes/isLaterItem``), on the processing thread, with the lock released, in
  /// reduce order; replaces an earlier one. Returns the state as it is when the tap starts, read
  /// under the same lock, so that no reduce falls between the two. From then on every `send`
  /// takes the general path: for a reactor under test only.
  package func tap(
    from reactor: R, _ body: @escaping @Sendable (R.Mutation, R.State, Bool) -> Void
  ) -> R.State {
    startIfNeeded(reactor)
    return locked {
      core.pointee.makeExtras().tap = body
      core.pointee.lifecycle.tapInstalled()
      return publishedState
    }
  }

  /// Calls `pause` instead of pausing each time a `send` joins a backlog of work queued for
  /// another thread (see `Processing.backlog`), with how many threads pause now (the caller
  /// included): for tests that count those pauses.
  package func replacePauseBehindBacklog(with pause: @escaping @Sendable (Int) -> Void) {
    locked { core.pointee.makeExtras().pauseBehindBacklog = pause }
  }

  /// Removes the tap (see ``tap(from:_:)``).
  package func untap() {
    locked {
      core.pointee.extras?.tap = nil
      core.pointee.lifecycle.tapRemoved()
    }
  }
}
