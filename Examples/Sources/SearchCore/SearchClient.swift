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
  private let onTask: @Sendable (URLSessionTask) -> Void

  /// A client of the server at `server`.
  ///
  /// - Parameters:
  ///   - server: The server's address, scheme, host and port.
  ///   - timeout: How long a request may wait for the server before it fails.
  ///   - onTask: Called with each request's `URLSessionTask` as it starts (tests check that a
  ///     cancelled search cancels it).
  public init(
    server: URL, timeout: TimeInterval = 10,
    onTask: @escaping @Sendable (URLSessionTask) -> Void = { _ in }
  ) {
    self.server = server
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    self.session = URLSession(configuration: configuration)
    self.onTask = onTask
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
    guard let url = address?.url else { throw SearchClientError.badAddress(server) }
    let (data, response) = try await load(url)
    guard let response = response as? HTTPURLResponse else {
      throw SearchClientError.badAnswer("not an HTTP response")
    }
    guard response.statusCode == 200 else {
      throw SearchClientError.failed(
        status: response.statusCode, message: String(decoding: data, as: UTF8.self))
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
    // The answer may come before the continuation is stored (a request cancelled at once):
    // whichever comes second resumes it.
    let step = Mutex<LoadStep>(.starting)
    let task = session.dataTask(with: url) { [server] data, response, error in
      let result: Result<(Data, URLResponse), any Error>
      if let data, let response {
        result = .success((data, response))
      } else if let error = error as? URLError, error.code == .cancelled {
        result = .failure(CancellationError())
      } else {
        result = .failure(SearchClientError.unreachable(server, reason: Self.reason(error)))
      }
      let waiting = step.withLock { step -> CheckedContinuation<(Data, URLResponse), any Error>? in
        defer { step = .finished(result) }
        if case .waiting(let continuation) = step { return continuation }
        return nil
      }
      waiting?.resume(with: result)
    }
    onTask(task)
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let early = step.withLock { step -> Result<(Data, URLResponse), any Error>? in
          if case .finished(let result) = step { return result }
          step = .waiting(continuation)
          return nil
        }
        if let early { continuation.resume(with: early) } else { task.resume() }
      }
    } onCancel: {
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
      default: return error.localizedDescription
      }
    }
    return "\(error)"
  }
}

/// Where one request is: started, awaited, or answered.
private enum LoadStep {
  case starting
  case waiting(CheckedContinuation<(Data, URLResponse), any Error>)
  case finished(Result<(Data, URLResponse), any Error>)
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
