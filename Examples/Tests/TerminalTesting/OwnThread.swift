import Foundation

/// Runs `body`, which blocks (a wait for the screen in tmux, a child's output), on a thread of
/// its own and returns what it returns: never on the tasks' threads, which a test blocking them
/// for seconds would take from the rest of the suite (an in-process server's tasks, say).
///
/// `body` runs in the calling task (its executor preference is that thread, see
/// ``OwnThreadExecutor``), so the task's locals go with it: an `#expect` or a `#require` in it
/// is recorded against the test that called, as anywhere in the test.
public func onOwnThread<Value: Sendable>(
  _ body: @escaping @Sendable () throws -> Value
) async throws -> Value {
  let executor = OwnThreadExecutor()
  defer { executor.stop() }
  return try await withTaskExecutorPreference(executor) { try body() }
}

/// A task executor with one thread of its own, which runs the jobs given to it in order until
/// ``stop()`` and the last of them; for ``onOwnThread(_:)``.
///
/// Thread rules: jobs are given from any thread and run on its own; it stops once, from any.
final class OwnThreadExecutor: TaskExecutor, @unchecked Sendable {
  // Safe: `jobs` and `isStopped` are read and written only with `condition` locked.
  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []
  private var isStopped = false

  /// Starts the thread, which keeps the executor until it has stopped.
  init() {
    Thread { [self] in runJobs() }.start()
  }

  /// Queues `job` for the thread.
  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  /// Lets the thread end once no job waits.
  func stop() {
    condition.lock()
    isStopped = true
    condition.signal()
    condition.unlock()
  }

  /// The thread's loop: the next job, or a wait for one, until stopped with none left.
  private func runJobs() {
    while true {
      condition.lock()
      while jobs.isEmpty && !isStopped { condition.wait() }
      guard !jobs.isEmpty else {
        condition.unlock()
        return
      }
      let job = jobs.removeFirst()
      condition.unlock()
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }
}
