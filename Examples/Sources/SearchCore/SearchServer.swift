import FlyingFox
import Foundation
import Synchronization

/// The search service: an HTTP server on the loopback interface answering
/// `GET /search?q=QUERY&page=N` with a ``SearchPage`` as JSON.
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
    /// How many of the next requests fail with `503 Service Unavailable`.
    public var failingRequests = 0

    /// No latency, no failure.
    public init(latency: Duration = .zero, failingRequests: Int = 0) {
      self.latency = latency
      self.failingRequests = failingRequests
    }
  }

  /// Hits per page.
  public let pageSize: Int
  private let names: Task<UnicodeNames, Never>
  private let http: HTTPServer
  private let clock: any Clock<Duration>
  private let currentFaults: Mutex<Faults>
  private let onRequest: @Sendable (_ query: String, _ page: Int) -> Void

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
  public init(
    names: @escaping @Sendable () -> UnicodeNames, port: UInt16 = 0, pageSize: Int = 10,
    faults: Faults = Faults(), clock: any Clock<Duration> = ContinuousClock(),
    onRequest: @escaping @Sendable (_ query: String, _ page: Int) -> Void = { _, _ in }
  ) throws {
    self.names = Task.detached { names() }
    self.pageSize = pageSize
    self.clock = clock
    self.currentFaults = Mutex(faults)
    self.onRequest = onRequest
    self.http = HTTPServer(
      address: try .inet(ip4: "127.0.0.1", port: port), logger: .disabled)
  }

  /// The latency and failures in force; set them at any time.
  public var faults: Faults {
    get { currentFaults.withLock { $0 } }
    set { currentFaults.withLock { $0 = newValue } }
  }

  /// Serves until the calling task is cancelled or ``stop()`` is called; throws when the port
  /// cannot be opened (already in use, say).
  public func run() async throws {
    await http.appendRoute("GET /search") { [self] request in
      await self.answer(request)
    }
    try await http.run()
  }

  /// Waits until the server accepts connections (up to five seconds) and returns its port.
  public func waitUntilListening() async throws -> UInt16 {
    try await http.waitUntilListening()
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
    let faults = currentFaults.withLock { faults in
      let now = faults
      faults.failingRequests = max(0, faults.failingRequests - 1)
      return now
    }
    if faults.latency > .zero {
      do { try await clock.sleep(for: faults.latency) } catch {
        return Self.text(.serviceUnavailable, "Stopped.")
      }
    }
    if faults.failingRequests > 0 {
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

/// The server could not say where it listens.
public enum SearchServerError: Error, CustomStringConvertible {
  /// It reported no IPv4 address after starting.
  case notListening

  /// What went wrong, and what to do.
  public var description: String {
    "The search server is not listening on an IPv4 address; check that 127.0.0.1 is available."
  }
}
