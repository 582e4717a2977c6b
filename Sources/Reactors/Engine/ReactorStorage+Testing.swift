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

  /// Calls `body` after each reduce with the mutation and the state the outside then sees, on
  /// the processing thread, with the lock released, in reduce order; replaces an earlier one.
  /// From then on every `send` takes the general path: for a reactor under test only.
  package func tap(_ body: @escaping @Sendable (R.Mutation, R.State) -> Void) {
    locked { core.pointee.makeExtras().tap = body }
  }
}
