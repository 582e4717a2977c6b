import Foundation

/// Runs `body`, an end-to-end test's blocking part (a program in tmux, a browser, a child
/// process), with ``onOwnThread(_:)``, once one of the suite's few places for such a test is
/// free: at most ``EndToEndPlaces/count`` run at once. The wait suspends, holding no thread.
///
/// Each such test waits for screens within seconds; with every one of them running at once on
/// a machine of two cores, their programs starve each other past those seconds. Their places
/// bound the load, as the tasks' pool used to when their bodies blocked its threads.
public func endToEnd<Value: Sendable>(
  _ body: @escaping @Sendable () throws -> Value
) async throws -> Value {
  try await EndToEndPlaces.shared.enter()
  defer { EndToEndPlaces.shared.leave() }
  // A test past its time limit while it waited does not start its program.
  try Task.checkCancellation()
  return try await onOwnThread(body)
}

/// The places of ``endToEnd(_:)``: a counting semaphore whose waiters suspend.
///
/// Thread rules: entered and left from any task, in any order; a place left is given to the
/// waiter that came first; a waiter whose task is cancelled leaves the queue and throws.
final class EndToEndPlaces: @unchecked Sendable {
  // Safe: `free`, `waiters` and `nextID` are read and written only with `lock` locked;
  // continuations are resumed after it is unlocked.
  private let lock = NSLock()
  private var free: Int
  private var waiters: [(id: Int, continuation: CheckedContinuation<Void, any Error>)] = []
  private var nextID = 0

  /// How many end-to-end tests run at once: one more than the processors, at least three (the
  /// browser suites run one test at a time, each of which holds a place while it runs).
  static let count = max(3, ProcessInfo.processInfo.activeProcessorCount + 1)

  /// The suite's places.
  static let shared = EndToEndPlaces(count: count)

  /// A semaphore of `count` places.
  init(count: Int) {
    free = count
  }

  /// Returns once a place is taken: at once when one is free, else when one is left. Throws
  /// `CancellationError`, taking none, when the task is cancelled first.
  func enter() async throws {
    let id = lock.withLock {
      nextID += 1
      return nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        lock.lock()
        if Task.isCancelled {
          lock.unlock()
          continuation.resume(throwing: CancellationError())
        } else if free > 0 {
          free -= 1
          lock.unlock()
          continuation.resume()
        } else {
          waiters.append((id, continuation))
          lock.unlock()
        }
      }
    } onCancel: {
      lock.lock()
      let index = waiters.firstIndex { $0.id == id }
      let waiter = index.map { waiters.remove(at: $0).continuation }
      lock.unlock()
      waiter?.resume(throwing: CancellationError())
    }
  }

  /// Leaves a place: to the first waiter, if any.
  func leave() {
    lock.lock()
    guard !waiters.isEmpty else {
      free += 1
      lock.unlock()
      return
    }
    let next = waiters.removeFirst().continuation
    lock.unlock()
    next.resume()
  }
}
