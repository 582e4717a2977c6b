import Foundation

/// A value shared between a test and the threads or tasks it starts.
package final class Shared<Value: Sendable>: @unchecked Sendable {
  // Audited (test support): `value` is only touched inside `withLock`, under `lock`.
  private let lock = NSLock()
  private var value: Value

  package init(_ value: Value) { self.value = value }

  @discardableResult
  package func withLock<T>(_ body: (inout Value) -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body(&value)
  }

  package var current: Value { withLock { $0 } }
}

extension Shared where Value == Int {
  package func increment() { withLock { $0 += 1 } }
}

/// Runs `body` on `count` real threads at once and returns when all have finished (a few
/// minutes at most: past that, a deadlock stops the run with a message rather than hanging it).
///
/// Blocks the calling thread: from an async test, call the async form, which leaves the
/// cooperative pool free for the tasks the reactors under test hand work to.
package func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
  let finished = startThreads(count, body).wait(timeout: .now() + 300) == .success
  precondition(finished, "threads did not finish within five minutes: a deadlock?")
}

/// The async form of ``onThreads(_:_:)``: suspends, without blocking a thread of the
/// cooperative pool, until the threads have finished.
package func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) async {
  let finished = await onThreads(count, within: 300, body)
  precondition(finished, "threads did not finish within five minutes: a deadlock?")
}

/// Runs `body` on `count` real threads at once; `false` when they have not all finished within
/// `seconds`: a deadlock then fails the test instead of hanging the suite (the stuck threads are
/// left behind). Waits on a thread of its own, so no thread of the cooperative pool is held.
package func onThreads(
  _ count: Int, within seconds: Double, _ body: @escaping @Sendable (Int) -> Void
)
  async -> Bool
{
  let group = startThreads(count, body)
  return await withCheckedContinuation { continuation in
    Thread { continuation.resume(returning: group.wait(timeout: .now() + seconds) == .success) }
      .start()
  }
}

/// Starts `count` threads running `body`; the group is left when each has finished.
private func startThreads(
  _ count: Int, _ body: @escaping @Sendable (Int) -> Void
)
  -> DispatchGroup
{
  let group = DispatchGroup()
  for index in 0..<count {
    group.enter()
    let thread = Thread {
      body(index)
      group.leave()
    }
    thread.stackSize = 1 << 20
    thread.start()
  }
  return group
}

/// Whether `semaphore` is signalled within `seconds`, waited for on a thread of its own, so no
/// thread of the cooperative pool is held.
package func signalled(_ semaphore: DispatchSemaphore, within seconds: Double = 120) async -> Bool {
  await withCheckedContinuation { continuation in
    Thread {
      continuation.resume(returning: semaphore.wait(timeout: .now() + seconds) == .success)
    }.start()
  }
}

/// Runs `body` and returns what it returns, or `nil` when it has not returned within `seconds`:
/// a wait that would hang fails the test with a message instead. `body` is cancelled then, so
/// it should end when cancelled (iterating an `AsyncStream` does); it is not waited for.
package func withDeadline<Value: Sendable>(
  _ seconds: Double = 60, _ body: @escaping @Sendable () async -> Value
) async -> Value? {
  let returned = DispatchSemaphore(value: 0)
  let task = Task {
    defer { returned.signal() }
    return await body()
  }
  let isInTime = await withTaskCancellationHandler {
    await signalled(returned, within: seconds)
  } onCancel: {
    task.cancel()
  }
  guard isInTime else {
    task.cancel()
    return nil
  }
  return await task.value
}

/// Runs `body`, which blocks (a socket's read, say), on a thread of its own, and returns what it
/// returns: never on the tasks' threads nor on the dispatch pool, whose few threads a blocked
/// `body` would hold from the code under test.
package func onOwnThread<Value: Sendable>(
  _ body: @escaping @Sendable () throws -> Value
) async throws -> Value {
  try await withCheckedThrowingContinuation { continuation in
    let thread = Thread { continuation.resume(with: Result { try body() }) }
    thread.start()
  }
}
