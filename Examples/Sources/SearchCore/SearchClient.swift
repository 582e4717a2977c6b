import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Asks the search server for pages over HTTP, with `URLSession` (FoundationNetworking on
/// Linux).
///
/// Cancelling the task that awaits ``page(_:of:)`` cancels the HTTP request itself
/// (`URLSessionTask.cancel()`): the connection is dropped, and the call throws
/// `CancellationError` at once, without waiting for the server.
public final class SearchClient: Sendable {
  /// The server's address, as `http://127.0.0.1:8080`.
  public let server: URL
  private let session: URLSession
  private let answers: BoundedAnswers
  private let onTask: @Sendable (URLSessionTask) -> Void
  private let onTaskEnd: @Sendable ((any Error)?) -> Void

  /// A client of the server at `server`.
  ///
  /// - Parameters:
  ///   - server: The server's address, scheme, host and port.
  ///   - timeout: How long a request may wait for the server before it fails; and, however
  ///     the platform's URLSession counts that wait, no request lasts more than six times as
  ///     long, even one whose server drips its answer.
  ///   - limit: The most bytes an answer may have: a longer one fails (a server cannot fill
  ///     the program's memory).
  ///   - onTask: Called with each request's `URLSessionTask` once it is made, before it is
  ///     sent.
  ///   - onTaskEnd: Called with each request's error, if any, when URLSession is done with its
  ///     task (tests check that a cancelled search cancels it).
  public init(
    server: URL, timeout: TimeInterval = 10, limit: Int = 1 << 20,
    onTask: @escaping @Sendable (URLSessionTask) -> Void = { _ in },
    onTaskEnd: @escaping @Sendable ((any Error)?) -> Void = { _ in }
  ) {
    self.server = server
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    configuration.timeoutIntervalForResource = timeout * 6
    answers = BoundedAnswers(limit: limit)
    self.session = URLSession(configuration: configuration, delegate: answers, delegateQueue: nil)
    self.onTask = onTask
    self.onTaskEnd = onTaskEnd
  }

  deinit { session.invalidateAndCancel() }

  /// Page `page` (from 1) of the hits for `query`.
  ///
  /// Throws ``SearchClientError`` when the server cannot be reached or answers with an error,
  /// and `CancellationError` when the calling task is cancelled.
  public func page(_ page: Int, of query: String) async throws -> SearchPage {
    var address = URLComponents(url: server, resolvingAgainstBaseURL: false)
    address?.path = "/search"
    address?.queryItems = [
      URLQueryItem(name: "q", value: query), URLQueryItem(name: "page", value: String(page)),
    ]
    // A `+` (of `U+1F600`) left as it is reads as a space to a server that decodes forms.
    let query = address?.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
    address?.percentEncodedQuery = query
    guard let url = address?.url, url.scheme == "http" || url.scheme == "https" else {
      throw SearchClientError.badAddress(server)
    }
    let (data, response) = try await load(url)
    guard let response = response as? HTTPURLResponse else {
      throw SearchClientError.badAnswer("not an HTTP response")
    }
    guard response.statusCode == 200 else {
      // What the screen shows of it: a line, not a page.
      throw SearchClientError.failed(
        status: response.statusCode, message: String(decoding: data.prefix(300), as: UTF8.self))
    }
    do {
      return try JSONDecoder().decode(SearchPage.self, from: data)
    } catch {
      throw SearchClientError.badAnswer("\(error)")
    }
  }

  /// Runs one request, cancelling it when the calling task is cancelled.
  private func load(_ url: URL) async throws -> (Data, URLResponse) {
    try Task.checkCancellation()
    // Whichever comes first — the answer, or the caller's cancellation — finishes the step;
    // the continuation, stored in between, is resumed exactly once, by whoever finishes the
    // step after it is stored (or at once, if it was already finished).
    let step = Mutex<LoadStep>(.starting)
    let task = session.dataTask(with: url)
    answers.expect(task) { [server, onTaskEnd] answer, error in
      onTaskEnd(error)
      let result = answer.mapError { error -> any Error in
        if error is SearchClientError { return error }
        return SearchClientError.unreachable(server, reason: Self.reason(error))
      }
      step.withLock { $0.finish(with: result) }?.resume(with: result)
    }
    onTask(task)
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let early = step.withLock { $0.wait(continuation) }
        if let early { continuation.resume(with: early) } else { task.resume() }
      }
    } onCancel: {
      // The caller is answered now, whatever URLSession does with the cancelled task.
      let cancelled = Result<(Data, URLResponse), any Error>.failure(CancellationError())
      step.withLock { $0.finish(with: cancelled) }?.resume(with: cancelled)
      task.cancel()
    }
  }

  private static func reason(_ error: (any Error)?) -> String {
    guard let error else { return "no answer" }
    if let error = error as? URLError {
      switch error.code {
      case .cannotConnectToHost: return "connection refused"
      case .timedOut: return "timed out"
      case .networkConnectionLost: return "connection lost"
      case .cancelled: return "the request was cancelled"
      default: return error.localizedDescription
      }
    }
    return "\(error)"
  }
}

/// Where one request is: started, awaited, or finished (answered, failed or cancelled).
private enum LoadStep {
  typealias Answer = Result<(Data, URLResponse), any Error>

  case starting
  case waiting(CheckedContinuation<(Data, URLResponse), any Error>)
  case finished(Answer)

  /// Finishes the step with `answer` unless it is finished already; returns the continuation
  /// to resume with it, if one waits.
  mutating func finish(with answer: Answer) -> CheckedContinuation<(Data, URLResponse), any Error>?
  {
    switch self {
    case .finished: return nil
    case .starting:
      self = .finished(answer)
      return nil
    case .waiting(let continuation):
      self = .finished(answer)
      return continuation
    }
  }

  /// Stores `continuation`, or returns the answer to resume it with at once.
  mutating func wait(_ continuation: CheckedContinuation<(Data, URLResponse), any Error>) -> Answer?
  {
    if case .finished(let answer) = self { return answer }
    self = .waiting(continuation)
    return nil
  }
}

/// Why a search request failed, in words the program shows.
public enum SearchClientError: Error, Equatable, CustomStringConvertible {
  /// The server's address cannot make a request URL.
  case badAddress(URL)
  /// Nothing answered at the server's address (refused, timed out, no route).
  case unreachable(URL, reason: String)
  /// The server answered with an error status.
  case failed(status: Int, message: String)
  /// The server answered something that is not a page.
  case badAnswer(String)
  /// One line for the screen: what failed and what to do.
  public var description: String {
    switch self {
    case .badAddress(let url):
      "'\(url)' is not a server address: pass one like http://127.0.0.1:8080."
    case .unreachable(let url, let reason):
      "Cannot reach the search server at \(url.absoluteString) (\(reason)). Type to try again."
    case .failed(let status, let message):
      "The search server failed (HTTP \(status): \(message)). Type to try again."
    case .badAnswer(let detail): "The search server's answer is not a page (\(detail))."
    }
  }
}
