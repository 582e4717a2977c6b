import Foundation
import Reactors

/// A thread of the inspector's own that its server's tasks run on (their task executor
/// preference), with the socket pool's actor they call: the inspector answers even while the
/// app's own work, or code that blocks, holds every thread of the tasks' shared pool.
///
/// Lifetime: the thread runs while there are jobs or until ``close()``; a job enqueued after
/// `close()` (a continuation resumed late) starts a thread again, which runs it and ends.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class InspectorExecutor: TaskExecutor {
  /// What the thread reads: the jobs waiting, whether the executor is closed, and whether a
  /// thread is running.
  private struct Queue {
    var waiting: [UnownedJob] = []
    var isClosed = false
    var isRunning = false
  }

  private let queue = Locked(Queue())
  private let wake = DispatchSemaphore(value: 0)
  private let name: String

  /// An executor whose thread is named `name`.
  init(named name: String) {
    self.name = name
    queue.withLock { $0.isRunning = true }
    startThread()
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let start = queue.withLock { queue -> Bool in
      queue.waiting.append(job)
      guard !queue.isRunning else { return false }
      queue.isRunning = true
      return true
    }
    if start { startThread() } else { wake.signal() }
  }

  /// Ends the thread once the jobs enqueued so far have run.
  func close() {
    queue.withLock { $0.isClosed = true }
    wake.signal()
  }

  private func startThread() {
    let thread = Thread { [self] in run() }
    thread.name = name
    thread.start()
  }

  /// Runs the jobs in turn; waits for more, or ends once closed and idle.
  private func run() {
    let executor = asUnownedTaskExecutor()
    while true {
      let next = queue.withLock { queue -> UnownedJob?? in
        guard queue.waiting.isEmpty else { return queue.waiting.removeFirst() }
        guard queue.isClosed else { return .some(nil) }
        queue.isRunning = false
        return nil
      }
      switch next {
      case .some(.some(let job)): job.runSynchronously(on: executor)
      case .some(.none): wake.wait()
      case .none: return
      }
    }
  }
}
