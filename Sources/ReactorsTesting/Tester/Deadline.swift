import Reactors

/// Runs `body` and returns what it returns, or `nil` once `timeout` of real time has passed
/// first: a test that would hang fails instead. The body is then cancelled; a body that ignores
/// cancellation (a continuation nobody resumes) is left suspended, and ends with the process.
func withDeadline<Value: Sendable>(
  _ timeout: Duration, _ body: @escaping @Sendable () async -> Value
) async -> Value? {
  let waiter = Locked<CheckedContinuation<Value?, Never>?>(nil)
  let timer = Locked<Task<Void, Never>?>(nil)
  return await withCheckedContinuation { continuation in
    waiter.withLock { $0 = continuation }
    let work = Task {
      let value = await body()
      timer.withLock { $0 }?.cancel()
      waiter.withLock { $0.take() }?.resume(returning: value)
    }
    let clock = ContinuousClock()
    let deadline = Task {
      try? await clock.sleep(for: timeout)
      guard let late = waiter.withLock({ $0.take() }) else { return }
      work.cancel()
      late.resume(returning: nil)
    }
    timer.withLock { $0 = deadline }
  }
}
