/// A thread of the inspector's own that its server's tasks run on (their task executor
/// preference): timers and the socket pool's actor they call included, the inspector answers
/// even while the app's own work, or code that blocks, holds every thread of the tasks' shared
/// pool.
///
/// Lifetime: its ``WorkThread``'s: it runs while there are jobs or until ``close()``; a job
/// enqueued after `close()` (a continuation resumed late) starts a thread again, which runs it
/// and ends.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class InspectorExecutor: TaskExecutor {
  private let thread: WorkThread

  /// An executor whose thread is named `name`.
  init(named name: String) {
    thread = WorkThread(named: name, runsAfterClose: true)
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    thread.enqueue { job.runSynchronously(on: executor) }
  }

  /// Ends the thread once the jobs enqueued so far have run.
  func close() { thread.close() }
}
