import Foundation
import Reactors

/// A thread that runs pieces of work one after another, in the order given: what the
/// inspector's executor (``InspectorExecutor``) and its render lanes (``RenderLane``) run on.
///
/// Lifetime: the thread starts with the first piece of work and ends once ``close()`` was
/// called and what was given before has run. Work given after `close()` is refused, unless
/// the thread was made to run it (`runsAfterClose`: a continuation resumed late must run), in
/// which case a thread starts again, runs it and ends.
final class WorkThread: Sendable {
  /// What the thread reads: the work waiting, whether it is closed, and whether a thread runs.
  private struct Queue {
    var waiting: [@Sendable () -> Void] = []
    var isClosed = false
    var isRunning = false
  }

  private let queue = Locked(Queue())
  private let wake = DispatchSemaphore(value: 0)
  private let name: String
  private let runsAfterClose: Bool

  /// A thread named `name`; `runsAfterClose`: whether work given after ``close()`` still runs.
  init(named name: String, runsAfterClose: Bool) {
    self.name = name
    self.runsAfterClose = runsAfterClose
  }

  /// Runs `work` on the thread after what was given before; `false` (and it does not run) when
  /// the thread is closed and refuses work.
  @discardableResult
  func enqueue(_ work: @escaping @Sendable () -> Void) -> Bool {
    let start = queue.withLock { queue -> Bool? in
      if queue.isClosed && !runsAfterClose { return nil }
      queue.waiting.append(work)
      guard !queue.isRunning else { return false }
      queue.isRunning = true
      return true
    }
    guard let start else { return false }
    if start {
      let thread = Thread { [self] in run() }
      thread.name = name
      thread.start()
    } else {
      wake.signal()
    }
    return true
  }

  /// Ends the thread once the work given so far has run.
  func close() {
    queue.withLock { $0.isClosed = true }
    wake.signal()
  }

  /// Runs the work in turn; waits for more, or ends once closed and idle.
  private func run() {
    while true {
      let next = queue.withLock { queue -> (@Sendable () -> Void)?? in
        guard queue.waiting.isEmpty else { return queue.waiting.removeFirst() }
        guard queue.isClosed else { return .some(nil) }
        queue.isRunning = false
        return nil
      }
      switch next {
      case .some(.some(let work)): work()
      case .some(.none): wake.wait()
      case .none: return
      }
    }
  }
}
