extension Locked where Value: Sendable {
  /// Suspends the calling task until whoever changes the value wakes it, or until the task is
  /// cancelled: what a test awaits instead of polling a count that other threads change.
  ///
  /// `enqueue` runs under the lock with the task's continuation, unless the task is cancelled
  /// already: it keeps the continuation in the value and returns `false`, or returns `true` when
  /// the wait is over already. Whoever later removes a kept continuation from the value resumes
  /// it; when the task is cancelled while it waits, `dequeue` runs under the lock and returns
  /// the continuation if it is still kept, and it is resumed here. So each one is resumed once.
  package func waitUntilWoken(
    enqueue: (inout Value, CheckedContinuation<Void, Never>) -> Bool,
    dequeue: @escaping @Sendable (inout Value) -> CheckedContinuation<Void, Never>?
  ) async {
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let isOver = withLock { value in Task.isCancelled || enqueue(&value, continuation) }
        if isOver { continuation.resume() }
      }
    } onCancel: {
      withLock(dequeue)?.resume()
    }
  }
}
