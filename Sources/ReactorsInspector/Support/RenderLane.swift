import Foundation
import Reactors

/// A thread of its own that runs the inspector's heavy work (pages of steps, trees, diffs,
/// imports) one piece at a time, so that however much a recording asks of it, the tasks' pool
/// that serves requests stays free: a normal request answers while a huge diff is computed.
///
/// Work whose request is cancelled (its client went away) is skipped if it has not begun, and
/// told to stop if it has: what it walks checks ``isCancelled``.
///
/// Lifetime: the thread starts with the lane and ends after ``close()``.
final class RenderLane: Sendable {
  /// One piece of work, and whether its request was cancelled.
  final class Job: Sendable {
    let run: @Sendable () -> Void
    let cancelled: Locked<Bool>

    init(cancelled: Locked<Bool>, _ run: @escaping @Sendable () -> Void) {
      self.cancelled = cancelled
      self.run = run
    }
  }

  private let jobs = Locked<(waiting: [Job], isClosed: Bool)>(([], false))
  private let wake = DispatchSemaphore(value: 0)

  /// A lane named `name` (the thread's name).
  init(named name: String) {
    let (jobs, wake) = (jobs, wake)
    let thread = Thread {
      while true {
        wake.wait()
        guard let job = jobs.withLock({ $0.waiting.isEmpty ? nil : $0.waiting.removeFirst() })
        else { return }  // closed
        Thread.current.threadDictionary[Self.jobKey] = job
        job.run()
        Thread.current.threadDictionary[Self.jobKey] = nil
      }
    }
    thread.name = name
    thread.start()
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

  /// `body`'s result, computed on the lane's thread after the work queued before it.
  func run<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value? {
    let result = Locked<Value?>(nil)
    let cancelled = Locked(false)
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let job = Job(cancelled: cancelled) {
          // Work whose request is gone before it begins is not begun.
          if !cancelled.withLock({ $0 }) { result.withLock { $0 = body() } }
          continuation.resume()
        }
        let accepted = jobs.withLock { state -> Bool in
          guard !state.isClosed else { return false }
          state.waiting.append(job)
          return true
        }
        if accepted { wake.signal() } else { continuation.resume() }
      }
    } onCancel: {
      cancelled.withLock { $0 = true }
    }
    return result.withLock { $0 }
  }

  /// Ends the thread once the work queued has run (work queued after is not run).
  func close() {
    jobs.withLock { $0.isClosed = true }
    wake.signal()
  }
}
