import Foundation
import Reactors

/// A thread of its own that runs the inspector's heavy work (pages of steps, trees, diffs,
/// imports) one piece at a time, so that however much a recording asks of it, the tasks' pool
/// that serves requests stays free: a normal request answers while a huge diff is computed.
///
/// Work whose request is cancelled (its client went away) is skipped if it has not begun, and
/// told to stop if it has: what it walks checks ``isCancelled``.
///
/// Lifetime: its ``WorkThread``'s: the thread starts with the first work and ends after
/// ``close()``.
final class RenderLane: Sendable {
  /// The work running on a lane's thread: whether its request was cancelled.
  final class Job: Sendable {
    let cancelled: Locked<Bool>

    init(cancelled: Locked<Bool>) { self.cancelled = cancelled }
  }

  private let thread: WorkThread

  /// A lane named `name` (the thread's name).
  init(named name: String) {
    thread = WorkThread(named: name, runsAfterClose: false)
  }

  static let jobKey = "reactors.inspector.job"

  /// Whether the work running on this thread was cancelled; off a lane, whether the current
  /// task is.
  static var isCancelled: Bool {
    if let job = Thread.current.threadDictionary[jobKey] as? Job {
      return job.cancelled.withLock { $0 }
    }
    return Task.isCancelled
  }

  /// `body`'s result, computed on the lane's thread after the work queued before it; `nil`
  /// when its request was cancelled before it began, or the lane is closed.
  func run<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value? {
    let result = Locked<Value?>(nil)
    let cancelled = Locked(false)
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let job = Job(cancelled: cancelled)
        let accepted = thread.enqueue {
          // Work whose request is gone before it begins is not begun.
          if !cancelled.withLock({ $0 }) {
            Thread.current.threadDictionary[Self.jobKey] = job
            result.withLock { $0 = body() }
            Thread.current.threadDictionary[Self.jobKey] = nil
          }
          continuation.resume()
        }
        if !accepted { continuation.resume() }
      }
    } onCancel: {
      cancelled.withLock { $0 = true }
    }
    return result.withLock { $0 }
  }

  /// Ends the thread once the work queued has run (work queued after is not run).
  func close() { thread.close() }
}
