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
  await EndToEndPlaces.shared.enter()
  defer { EndToEndPlaces.shared.leave() }
  return try await onOwnThread(body)
}

/// The places of ``endToEnd(_:)``: a counting semaphore whose waiters suspend.
///
/// Thread rules: entered and left from any task, in any order; a place left is given to the
/// waiter that came first.
public final class EndToEndPlaces: @unchecked Sendable {
  // Safe: `free` and `waiters` are read and written only with `lock` locked; continuations are
  // resumed after it is unlocked.
  private let lock = NSLock()
  private var free: Int
  private var waiters: [CheckedContinuation<Void, Never>] = []

  /// How many end-to-end tests run at once: one more than the processors, at least three (one
  /// is often a browser suite, which holds its place for all its tests).
  public static let count = max(3, ProcessInfo.processInfo.activeProcessorCount + 1)

  /// The suite's places.
  public static let shared = EndToEndPlaces(count: count)

  /// A semaphore of `count` places.
  init(count: Int) {
    free = count
  }

  /// Returns once a place is taken: at once when one is free, else when one is left.
  func enter() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      lock.lock()
      if free > 0 {
        free -= 1
        lock.unlock()
        continuation.resume()
      } else {
        waiters.append(continuation)
        lock.unlock()
      }
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
    let next = waiters.removeFirst()
    lock.unlock()
    next.resume()
  }
}
