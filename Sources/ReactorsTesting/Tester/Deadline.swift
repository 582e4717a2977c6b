import Reactors

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs `body` and returns what it returns, or `nil` once `timeout` of real time has passed
/// first, or the calling task is cancelled: a test that would hang fails instead.
func withDeadline<Value: Sendable>(
  _ timeout: Duration, _ body: @escaping @Sendable () async -> Value
) async -> Value? {
  await firstOf([body], within: timeout)
}

/// Starts each of `bodies` in a task and returns what the first to finish returns; `nil` when
/// none finishes within `timeout` of real time, or the calling task is cancelled. The others
/// are cancelled then: one that ignores cancellation (awaiting a task that never ends) is left
/// to end with what it awaits.
func firstOf<Value: Sendable>(
  _ bodies: [@Sendable () async -> Value], within timeout: Duration
) async -> Value? {
  let race = Race<Value>()
  return await withTaskCancellationHandler {
    await withCheckedContinuation { continuation in
      race.begin(continuation)
      let clock = ContinuousClock()
      race.add(
        Task {
          try? await clock.sleep(for: timeout)
          race.finish(with: nil)
        })
      for body in bodies { race.add(Task { race.finish(with: await body()) }) }
    }
  } onCancel: {
    race.finish(with: nil)
  }
}

/// The state of one ``firstOf(_:within:)``: the caller's continuation, resumed once, and the
/// tasks to cancel when it is.
final class Race<Value: Sendable>: Sendable {
  private struct State {
    var continuation: CheckedContinuation<Value?, Never>?
    var isOver = false
    var tasks: [Task<Void, Never>] = []
  }

  private let state = Locked(State())

  /// The caller waits: resumed by the first ``finish(with:)``, at once if one came first.
  func begin(_ continuation: CheckedContinuation<Value?, Never>) {
    let isOver = state.withLock { state in
      if !state.isOver { state.continuation = continuation }
      return state.isOver
    }
    if isOver { continuation.resume(returning: nil) }
  }

  /// A task of the race; cancelled at once if the race is over.
  func add(_ task: Task<Void, Never>) {
    let isOver = state.withLock { state in
      if !state.isOver { state.tasks.append(task) }
      return state.isOver
    }
    if isOver { task.cancel() }
  }

  /// The first call ends the race with `value` and cancels every task; later calls do nothing.
  func finish(with value: Value?) {
    let ended = state.withLock {
      state -> (CheckedContinuation<Value?, Never>?, [Task<Void, Never>])? in
      guard !state.isOver else { return nil }
      state.isOver = true
      defer { state.tasks = [] }
      return (state.continuation.take(), state.tasks)
    }
    guard let (continuation, tasks) = ended else { return }
    for task in tasks { task.cancel() }
    continuation?.resume(returning: value)
  }
}

/// The calling thread, as a number: a tester tells the reduces its own `send` made from those
/// other threads made meanwhile.
func currentThreadID() -> UInt {
  #if canImport(Glibc)
    UInt(pthread_self())
  #else
    UInt(bitPattern: pthread_self())
  #endif
}
