import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Collects the answers to a session's requests as they come, each up to ``limit`` bytes: past
/// it, the request is cancelled and fails saying so, so that a server (any one given with
/// `--server`) cannot fill the program's memory with an endless answer.
///
/// The session's delegate. Thread rules: ``expect(_:finish:)`` before the task is resumed;
/// the session calls the rest on its own queue; each task's `finish` is called once, when the
/// session completes it.
final class BoundedAnswers: NSObject, URLSessionDataDelegate, Sendable {
  /// What a request ends with: its body and response, or why it failed.
  typealias Answer = Result<(Data, URLResponse), any Error>

  /// A request on its way: its body so far (dropped once past the limit), and what to call.
  private struct Pending {
    var data = Data()
    var isTooLong = false
    let finish: @Sendable (Answer, (any Error)?) -> Void
  }

  /// The most bytes an answer may have.
  let limit: Int
  private let pending = Mutex<[Int: Pending]>([:])

  /// Answers of at most `limit` bytes.
  init(limit: Int) {
    self.limit = limit
  }

  /// Collects `task`'s answer, and calls `finish` with it, and with the session's own error for
  /// the task (if any), when the session completes the task.
  func expect(
    _ task: URLSessionTask, finish: @escaping @Sendable (Answer, (any Error)?) -> Void
  ) {
    pending.withLock { $0[task.taskIdentifier] = Pending(finish: finish) }
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let isTooLong = pending.withLock { pending -> Bool in
      // Moved out of the table and back, so that appending to its body copies nothing.
      guard var request = pending.removeValue(forKey: dataTask.taskIdentifier) else {
        return false
      }
      defer { pending[dataTask.taskIdentifier] = request }
      guard !request.isTooLong else { return false }
      if request.data.count + data.count > limit {
        request.isTooLong = true
        request.data = Data()
        return true
      }
      request.data.append(data)
      return false
    }
    // Completed by the session, with the cancellation as its error.
    if isTooLong { dataTask.cancel() }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    guard let request = pending.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else {
      return
    }
    let answer: Answer
    if request.isTooLong {
      answer = .failure(SearchClientError.badAnswer("longer than \(limit) bytes"))
    } else if error == nil, let response = task.response {
      answer = .success((request.data, response))
    } else {
      answer = .failure(error ?? SearchClientError.badAnswer("no response"))
    }
    request.finish(answer, error)
  }
}
