import FlyingFox
import Foundation
import Synchronization

/// The search service: an HTTP server on the loopback interface answering
/// `GET /search?q=QUERY&page=N` with a ``SearchPage`` as JSON. QUERY is words of the names, or a
/// code point such as `U+1F600` or `1f600` (see ``UnicodeNames/search(_:)``); ``SearchClient``
/// sends its `+` as `%2B`, which every server reads as `+` (form decoding reads a bare `+` as a
/// space).
///
/// Its latency and failures can be set while it runs (``Faults``), on an injected clock, so
/// tests hold an answer back on a test clock and the program can play a slow network.
///
/// ```swift
/// let server = SearchServer(names: { UnicodeNames() })
/// let task = Task { try await server.run() }
/// let port = try await server.waitUntilListening()  // then GET http://127.0.0.1:port/search?q=dog
/// task.cancel()
/// ```
///
/// Lifetime: it serves from ``run()`` until that task is cancelled or ``stop()`` is called.
/// The names are indexed once, on a task of their own started by `init`; requests that come
/// before the index is ready wait for it.
public final class SearchServer: Sendable {
  /// What the server does wrong on purpose.
  public struct Faults: Sendable, Equatable {
    /// How long each answer waits, on the server's clock, before it is sent.
    public var latency: Duration = .zero
    /// The latencies of the next requests, one each in arrival order, before ``latency``
    /// applies again (a slow first answer and a quick second one, say).
    public var nextLatencies: [Duration] = []
    /// How many of the next answers fail with `503 Service Unavailable` (a request cancelled
    /// while it waits uses none).
    public var failingRequests = 0

    /// No latency, no failure.
    public init(
      latency: Duration = .zero, nextLatencies: [Duration] = [], failingRequests: Int = 0
    ) {
      self.latency = latency
      self.nextLatencies = nextLatencies
      self.failingRequests = failingRequests
    }

    /// The latency for the request arriving now.
    mutating func takeLatency() -> Duration {
      nextLatencies.isEmpty ? latency : nextLatencies.removeFirst()
    }

    /// Whether the answer being sent now fails.
    mutating func takeFailure() -> Bool {
      guard failingRequests > 0 else { return false }
      failingRequests -= 1
      return true
    }
  }

  /// Hits per page.
  public let pageSize: Int
  private let names: Task<UnicodeNames, Never>
  private let http: HTTPServer
  private let clock: any Clock<Duration>
  private let currentFaults: Mutex<Faults>
  private let onRequest: @Sendable (_ query: String, _ page: Int) -> Void
  private let onAnswer: @Sendable (_ query: String, _ page: Int, _ status: Int) -> Void
  private let routed = Mutex(false)
  /// Tells ``waitUntilListening()`` why ``run()`` failed, so that it need not wait out its
  /// timeout.
  private let failures = AsyncStream.makeStream(of: String.self)

  /// A server for the names `names` makes, on `port` of 127.0.0.1 (0: any free port).
  ///
  /// - Parameters:
  ///   - names: Builds the index, once, off the caller's thread.
  ///   - port: The port to listen on; 0 lets the system choose (see ``waitUntilListening()``).
  ///   - pageSize: Hits per page.
  ///   - faults: The latency and failures to start with.
  ///   - clock: The clock the latency waits on.
  ///   - onRequest: Called as each well-formed request arrives, before any latency (tests
  ///     await it instead of polling).
  ///   - onAnswer: Called with each well-formed request's status as its answer is sent (not
  ///     for a request whose wait was cancelled).
  public init(
    names: @escaping @Sendable () -> UnicodeNames, port: UInt16 = 0, pageSize: Int = 10,
    faults: Faults = Faults(), clock: any Clock<Duration> = ContinuousClock(),
    onRequest: @escaping @Sendable (_ query: String, _ page: Int) -> Void = { _, _ in },
    onAnswer: @escaping @Sendable (_ query: String, _ page: Int, _ status: Int) -> Void = {
      _, _, _ in
    }
  ) throws {
    self.names = Task.detached { names() }
    self.pageSize = pageSize
    self.clock = clock
    self.currentFaults = Mutex(faults)
    self.onRequest = onRequest
    self.onAnswer = onAnswer
    // FlyingFox answers 500 to a handler still running after `timeout`: room for long
    // latencies.
    self.http = HTTPServer(
      address: try .inet(ip4: "127.0.0.1", port: port), timeout: 600, logger: .disabled)
  }

  /// The latency and failures in force; set them at any time.
  public var faults: Faults {
    get { currentFaults.withLock { $0 } }
    set { currentFaults.withLock { $0 = newValue } }
  }

  /// Serves until the calling task is cancelled or ``stop()`` is called; throws when the port
  /// cannot be opened (already in use, say).
  public func run() async throws {
    let isFirstRun = routed.withLock { routed in
      defer { routed = true }
      return !routed
    }
    if isFirstRun {
      await http.appendRoute("GET /search") { [self] request in
        await self.answer(request)
      }
    }
    do {
      try await http.run()
    } catch {
      failures.continuation.yield("\(error)")
      throw error
    }
  }

  /// Waits until the server accepts connections (up to five seconds) and returns its port;
  /// throws ``SearchServerError/cannotListen(_:)`` when ``run()`` failed to open the port.
  /// Call it from one task at a time (it reads the one stream of ``run()``'s failures).
  public func waitUntilListening() async throws -> UInt16 {
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { try await self.http.waitUntilListening() }
      group.addTask {
        for await failure in self.failures.stream { throw SearchServerError.cannotListen(failure) }
      }
      defer { group.cancelAll() }
      try await group.next()
    }
    guard case .ip4(_, let port) = await http.listeningAddress else {
      throw SearchServerError.notListening
    }
    return port
  }

  /// Stops listening and closes every connection.
  public func stop() async {
    await http.stop()
  }

  private func answer(_ request: HTTPRequest) async -> HTTPResponse {
    guard let query = request.query["q"] else {
      return Self.text(.badRequest, "Missing the query: ask for /search?q=WORDS&page=N.")
    }
    let pageText = request.query["page"] ?? "1"
    guard let page = Int(pageText), page >= 1 else {
      return Self.text(.badRequest, "page must be a number from 1, not '\(pageText)'.")
    }
    onRequest(query, page)
    let latency = currentFaults.withLock { $0.takeLatency() }
    if latency > .zero {
      do { try await clock.sleep(for: latency) } catch {
        return Self.text(.serviceUnavailable, "Stopped.")
      }
    }
    let response = await respond(to: query, page: page)
    onAnswer(query, page, response.statusCode.code)
    return response
  }

  private func respond(to query: String, page: Int) async -> HTTPResponse {
    if currentFaults.withLock({ $0.takeFailure() }) {
      return Self.text(
        .serviceUnavailable, "The search service failed on purpose (a fault set on the server).")
    }
    let found = await names.value.page(page, of: query, size: pageSize)
    do {
      let body = try JSONEncoder().encode(found)
      return HTTPResponse(
        statusCode: .ok, headers: [.contentType: "application/json"], body: body)
    } catch {
      return Self.text(.internalServerError, "Cannot encode the answer: \(error)")
    }
  }

  private static func text(_ status: HTTPStatusCode, _ message: String) -> HTTPResponse {
    HTTPResponse(
      statusCode: status, headers: [.contentType: "text/plain; charset=utf-8"],
      body: Data(message.utf8))
  }
}

/// The server could not start listening.
public enum SearchServerError: Error, CustomStringConvertible {
  /// It reported no IPv4 address after starting.
  case notListening
  /// The port could not be opened (already in use, say).
  case cannotListen(String)

  /// What went wrong, and what to do.
  public var description: String {
    switch self {
    case .notListening:
      "The search server is not listening on an IPv4 address; check that 127.0.0.1 is available."
    case .cannotListen(let reason):
      "The search server cannot listen (\(reason)): choose another port with --port, or stop "
        + "the program that holds it."
    }
  }
}
