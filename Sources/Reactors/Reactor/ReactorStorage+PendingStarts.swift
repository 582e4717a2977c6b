extension ReactorStorage {
  /// Starts the effects that the work just processed scheduled, in order, each on this thread
  /// with the lock released, and each running until its first suspension: what an effect
  /// sends before it suspends is processed before the `send` that started it returns.
  ///
  /// Called by ``leave()`` with the lock held, when processing is over; releases it. Effects
  /// scheduled meanwhile (by what a starting effect sends, from any thread) are started here
  /// too, one after another rather than nested, so a chain of effects that send at once
  /// cannot grow the stack.
  @inlinable @inline(never)
  func startPendingEffects() {
    core.pointee.isStartingEffects = true
    core.pointee.startsPending = false
    while let pending = core.pointee.pendingStarts.popFirst() {
      lock.unlock()
      if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
        switch pending {
        case .mutations(let effect, let token, let host):
          startImmediately(effect, owning: token, host: host)
        case .actions(let effect, let token, let host):
          startImmediately(effect, owning: token, host: host)
        }
      }
      lock.lock()
    }
    core.pointee.isStartingEffects = false
    lock.unlock()
  }

  /// Starts `effect` in a task that runs on this thread until its first suspension, unless it
  /// was cancelled while it waited to start. Lock not held.
  @available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
  @inlinable @inline(__always)
  func startImmediately<Output>(
    _ effect: Effect<Output>, owning token: TaskRegistry.Token, host: ReactorHost<R, Output>
  ) {
    let tasks = host.link.tasks
    guard tasks.withLock({ $0.holds(token) }) else { return }
    let task = Task.immediate(priority: effect.requestedPriority) {
      try await host.run(effect, owning: token, reportsErrors: true)
    }
    // A task that ended before it suspended has given its slot back already.
    if !tasks.withLock({ $0.fill(token, with: task) }) { task.cancel() }
  }
}
