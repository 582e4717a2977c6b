import FlyingSocks
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One client's connection: reads each request (its head bounded and scanned once, its body
/// by its `Content-Length`), answers it, and keeps the connection for the next one unless
/// asked to close. While the handler works it watches the socket, and cancels the work when
/// the client goes away.
struct InspectorConnection {
  /// What a connection accepts and how long it waits.
  struct Limits: Sendable {
    /// The largest body accepted (an imported recording file).
    var maximumBodyBytes = 16 << 20
    /// How long a request's head and body may take to arrive once it began.
    var requestTime: Duration = .seconds(10)
    /// How long an open connection may wait for its next request.
    var idleTime: Duration = .seconds(60)
    /// How long a body may take to arrive, besides ``requestTime``: per megabyte.
    var bodyTimePerMegabyte: Duration = .seconds(2)
    /// How long an answer may take to be written (a client that does not read is let go).
    var writeTime: Duration = .seconds(60)
    /// The most connections served at once (each holds a file descriptor of the app): past
    /// it, a new one takes the place of the one that has waited the longest for its next
    /// request. Enough for an agent's client asking a hundred questions at once (its HTTP pool
    /// opens up to 100 connections) beside a browser's page.
    var maximumConnections = 256
  }

  /// Where a connection is: what decides whether it may be let go for a new one (see
  /// ``ConnectionTable``).
  enum Phase: Sendable {
    /// Waiting for a request, or for the rest of its head; or refusing one, or answering one
    /// that did not prove who sent it.
    case waiting
    /// Its request proved who sent it and was admitted: its body is read, or it is answered.
    case admitted
  }

  let socket: AsyncSocket
  let pool: any AsyncSocketPool
  let limits: Limits
  let handler: InspectorServer.Handler
  /// What refuses a request from its head alone, before its body is read.
  let admit: InspectorServer.Admission
  /// Starts the connection's timers where its tasks run (the server's own thread, if any).
  let spawn: InspectorServer.Spawn
  /// Bytes read and not yet used: the start of the next request, when a client sends ahead.
  var buffer: [UInt8] = []
  /// What ends the connection if the request being read takes too long.
  var timer: Task<Void, Never>?

  init(
    socket: AsyncSocket, pool: some AsyncSocketPool, limits: Limits,
    admit: @escaping InspectorServer.Admission, spawn: @escaping InspectorServer.Spawn,
    handler: @escaping InspectorServer.Handler
  ) {
    self.socket = socket
    self.pool = pool
    self.limits = limits
    self.admit = admit
    self.spawn = spawn
    self.handler = handler
  }

  /// Serves requests until the client closes, asks to close, sends what cannot be read, or
  /// the server stops, telling `phase` where it is (it returns `false` once the connection has
  /// been let go: the request is then not read further); then calls `ended` and closes the
  /// socket (so what counts the connection as gone happens before its client can see it
  /// closed).
  mutating func serve(phase: (Phase) -> Bool = { _ in true }, ended: () -> Void = {}) async {
    var on: Int32 = 1
    _ = setsockopt(
      socket.socket.file.rawValue, Int32(IPPROTO_TCP), TCP_NODELAY, &on,
      socklen_t(MemoryLayout<Int32>.size))
    await serveRequests(phase: phase)
    // The timer is cancelled; once it has ended it can no longer shut down the descriptor,
    // which another connection may get once it is closed.
    timer?.cancel()
    await timer?.value
    ended()
    try? socket.close()
  }

  /// Reads and answers requests until one asks to close or cannot be read.
  mutating func serveRequests(phase: (Phase) -> Bool) async {
    while !Task.isCancelled {
      let request: InspectorRequest
      do {
        _ = phase(.waiting)
        request = try await readRequest(admitted: { phase(.admitted) })
        timer?.cancel()
      } catch let refusal as RequestHeadError {
        // A refusal holds no place: it may be cut for a new connection.
        _ = phase(.waiting)
        await refuse(.text(refusal.status, refusal.message))
        return
      } catch let refusal as Refusal {
        _ = phase(.waiting)
        await refuse(refusal.response)
        return
      } catch {
        return  // closed, timed out or cancelled: nothing to answer
      }
      guard let response = await answer(request) else { return }
      await restartTimer(limits.writeTime, for: socket.socket)
      do {
        try await socket.write(
          Data(response.encoded(closing: request.closes, head: request.method == "HEAD")))
      } catch {
        return
      }
      timer?.cancel()
      if request.closes { return }
    }
  }

  /// The next request: waits up to ``Limits/idleTime`` for it to begin, then up to
  /// ``Limits/requestTime`` for the rest of it. Once a head that proved who sent it is
  /// admitted, calls `admitted`, which says whether the connection still has its place (it
  /// may have been let go while it waited): if not, the request is dropped.
  mutating func readRequest(admitted: () -> Bool) async throws -> InspectorRequest {
    let socket = socket.socket
    await restartTimer(limits.idleTime, for: socket)
    var scanned = 0
    var headEnd: Int?
    while true {
      headEnd = try RequestHeadParser.end(of: buffer, scannedUpTo: scanned)
      if headEnd != nil { break }
      scanned = buffer.count
      try await fill()
      if scanned == 0 { await restartTimer(limits.requestTime, for: socket) }
    }
    guard let headEnd else { throw CancellationError() }
    var request = try RequestHeadParser.request(head: buffer[..<headEnd])
    buffer.removeFirst(headEnd)
    switch admit(request) {
    case .refuse(let refusal): throw Refusal(response: refusal)
    case .serve(keepsPlace: true): guard admitted() else { throw CancellationError() }
    case .serve(keepsPlace: false): break
    }
    if request.method == "GET" || request.method == "HEAD",
      request.headers["content-length"].map({ $0 != "0" }) ?? false
    {
      throw RequestHeadError(
        status: 400, message: "A \(request.method) request has no body: send no Content-Length.")
    }
    if request.headers["transfer-encoding"] != nil {
      throw RequestHeadError(
        status: 501,
        message: "The inspector reads bodies with a Content-Length only, not Transfer-Encoding.")
    }
    let length = try Self.contentLength(request.headers["content-length"], limit: limits)
    if length > buffer.count {
      await restartTimer(
        limits.requestTime + limits.bodyTimePerMegabyte * (Double(length) / 1_048_576),
        for: socket)
    }
    while buffer.count < length { try await fill() }
    request.body = Array(buffer[..<length])
    buffer.removeFirst(length)
    return request
  }

  /// A request refused from its head (by ``admit``).
  struct Refusal: Error {
    let response: InspectorResponse
  }

  /// Answers `response` and closes, reading what the client still sends for a moment.
  mutating func refuse(_ response: InspectorResponse) async {
    await restartTimer(limits.writeTime, for: socket.socket)
    try? await socket.write(Data(response.encoded(closing: true)))
    await lingeringClose()
  }

  /// After a refusal: ends the sending side, then reads and drops what the client still sends
  /// (up to 1 MB, for up to 2 s), so that closing with unread bytes does not reset the
  /// connection before the client has read the refusal.
  mutating func lingeringClose() async {
    shutdown(socket.socket.file.rawValue, Int32(SHUT_WR))
    await restartTimer(.seconds(2), for: socket.socket)
    var drained = 0
    while drained < 1 << 20, let bytes = try? await socket.read(atMost: 65_536), !bytes.isEmpty {
      drained += bytes.count
    }
  }

  /// Reads what the socket has into ``buffer``; throws once it is closed.
  mutating func fill() async throws {
    let bytes = try await socket.read(atMost: 65_536)
    guard !bytes.isEmpty else { throw SocketError.disconnected }
    buffer += bytes
  }

  /// A `Content-Length` header's value, checked: digits only, and within the limit.
  static func contentLength(_ text: String?, limit: Limits) throws(RequestHeadError) -> Int {
    guard let text else { return 0 }
    guard !text.isEmpty, text.count <= 12, text.allSatisfy(\.isASCII),
      text.allSatisfy(\.isNumber), let length = Int(text)
    else {
      throw RequestHeadError(status: 400, message: "Content-Length is not a number: \(text)")
    }
    guard length <= limit.maximumBodyBytes else {
      throw RequestHeadError(
        status: 413,
        message: "The body is \(length) bytes; the inspector takes up to "
          + "\(limit.maximumBodyBytes) (a recording file to import: keep fewer steps, or "
          + "write it with fewer states, `fileBytes(checkpointEvery:)`).")
    }
    return length
  }

  /// What ends the wait for an answer.
  enum Outcome: Sendable { case answered(InspectorResponse), clientGone, clientSends }

  /// The handler's answer to `request`, or `nil` when the client went away first (the
  /// handler's task is then cancelled, and its answer dropped).
  func answer(_ request: InspectorRequest) async -> InspectorResponse? {
    let (handler, socket, pool) = (handler, socket.socket, pool)
    return await withTaskGroup(of: Outcome.self) { group in
      group.addTask { .answered(await handler(request)) }
      group.addTask { await Self.watch(socket, pool: pool) }
      defer { group.cancelAll() }
      while let outcome = await group.next() {
        switch outcome {
        case .answered(let response): return response
        case .clientGone: return nil
        case .clientSends: continue
        }
      }
      return nil
    }
  }

  /// Waits until the client closes its side (``Outcome/clientGone``) or sends more
  /// (``Outcome/clientSends``), by peeking at the socket every 50 ms without taking its bytes.
  /// (It polls rather than wait on the socket pool: a cancelled wait there resumes through a
  /// task on the shared pool, which the server's own thread is meant not to need.) A client
  /// that only half-closes (ends its sending side) reads as gone.
  static func watch(_ socket: Socket, pool: any AsyncSocketPool) async -> Outcome {
    while true {
      var byte: UInt8 = 0
      let count = recv(socket.file.rawValue, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
      if count > 0 { return .clientSends }
      if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
        return .clientGone
      }
      do {
        try await Task.sleep(for: .milliseconds(50))
      } catch {
        return .clientSends  // cancelled: the answer came first
      }
    }
  }

  /// Ends the connection after `time` unless the request is read first.
  mutating func restartTimer(_ time: Duration, for socket: Socket) async {
    timer?.cancel()
    await timer?.value
    timer = spawn {
      guard (try? await Task.sleep(for: time)) != nil else { return }
      InspectorServer.shutDown(socket)
    }
  }

}
