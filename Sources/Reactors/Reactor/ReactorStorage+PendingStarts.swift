extension ReactorStorage {
  /// Starts the effects that the work just processed scheduled, in order, each on this thread
  /// with the lock released, and each running until its first suspension: what an effect
  /// sends before it suspends is processed before the `send` that started it returns.
  ///
  /// Called by ``leave()`` with the lock held, when processing is over; releases it. Effects
  /// scheduled meanwhile are started here too, one after another: those that a starting
  /// effect's sends schedule wait for this loop rather than start inside that effect, so a
  /// chain of effects that send at once cannot grow the stack. Another thread that schedules
  /// effects starts them itself, alongside this one, so no thread is held back by another's.
  ///
  /// A start is scheduled with its slot in the reactor's ``TaskRegistry`` reserved, so a
  /// cancellation processed before it starts finds it, and then it never starts.
  @inlinable @inline(never)
  func startPendingEffects() {
    let thread = ThreadIdentity.current
    guard !core.pointee.startingThreads.contains(thread) else { return lock.unlock() }
    core.pointee.startingThreads.append(thread)
    while let start = core.pointee.pendingStarts.popFirst() {
      lock.unlock()
      start()
      lock.lock()
    }
    core.pointee.startsPending = false
    core.pointee.startingThreads.removeAll { $0 == thread }
    lock.unlock()
  }
}

extension ReactorHost {
  /// Starts `effect` in a task that runs on this thread until its first suspension, in the
  /// slot `token` reserved, unless it was cancelled while it waited to start. Lock not held.
  ///
  /// Only systems with `Task.immediate` schedule starts (see `startParts`); elsewhere effects
  /// are launched at once on the global executor.
  @available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
  @inlinable @inline(__always)
  func start(_ effect: Effect<Output>, owning token: TaskRegistry.Token) {
    let tasks = link.tasks
    guard tasks.withLock({ $0.holds(token) }) else { return }
    let task: Task<Void, any Error>
    if let priority = effect.requestedRawPriority {
      task = Task.immediate(priority: TaskPriority(rawValue: priority)) {
        try await run(effect, owning: token, reportsErrors: true)
      }
    } else {
      // No `TaskPriority?` to pass: copying that resilient value costs more than the task's own
      // bookkeeping.
      task = Task.immediate { try await run(effect, owning: token, reportsErrors: true) }
    }
    // A task that ended before it suspended has given its slot back already.
    if !tasks.withLock({ $0.fill(token, with: task) }) { task.cancel() }
  }
}
