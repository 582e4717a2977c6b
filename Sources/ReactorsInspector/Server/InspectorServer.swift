import FlyingSocks
import Foundation
import Reactors

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The inspector's HTTP/1.1 server: a listening socket, and a task for each connection that
/// reads requests with ``InspectorConnection`` and answers them with the handler.
///
/// It is small on purpose: the inspector needs only requests with a `Content-Length` body,
/// and must refuse hostile ones cheaply (a head over 8 KB, a slow head, a body over its limit)
/// before any route runs, and stop work for a client that has gone. Sockets and the event
/// loop are FlyingSocks'.
///
/// Lifetime: ``start(host:port:handler:)`` listens before it returns; ``stop()`` closes the
/// listening socket and cancels every connection's task (structured: they are the run task's
/// children).
final class InspectorServer: Sendable {
  /// The handler every request is passed to.
  typealias Handler = @Sendable (InspectorRequest) async -> InspectorResponse
  /// What looks at a request's head before its body is read, and says what to do with it.
  typealias Admission = @Sendable (InspectorRequest) -> Verdict

  /// What ``Admission`` says of a request's head.
  enum Verdict: Sendable {
    /// Answer this instead, and close.
    case refuse(InspectorResponse)
    /// Read the body and answer. `keepsPlace`: whether the request proved who sends it (the
    /// token), so that its connection is not let go for a new one until it waits again; a
    /// request anyone may send (the page's script) does not keep its place.
    case serve(keepsPlace: Bool)
  }
  /// Starts a task where the server's tasks run (its own thread, where there is one).
  typealias Spawn = @Sendable (@escaping @Sendable () async -> Void) -> Task<Void, Never>

  /// The port listened on.
  let port: UInt16
  let listener: Socket
  let task: Task<Void, Never>
  /// Ends the thread the server's tasks run on, if they have one.
  let closeExecutor: @Sendable () -> Void
  /// Whether ``stop()`` has begun: it runs once (a second one would close the listener's
  /// descriptor number again, which may by then be another file's).
  let isStopping = Locked(false)

  private init(
    port: UInt16, listener: Socket, task: Task<Void, Never>,
    close: @escaping @Sendable () -> Void
  ) {
    self.port = port
    self.listener = listener
    self.task = task
    self.closeExecutor = close
  }

  /// Listens on `host`:`port` (0: any free port) and serves each request with `handler`.
  /// - Throws: ``InspectorError/cannotListen(_:)`` when the address cannot be listened on.
  static func start(
    host: String, port: UInt16, limits: InspectorConnection.Limits = .init(),
    admit: @escaping Admission = { _ in .serve(keepsPlace: true) }, handler: @escaping Handler
  ) async throws -> InspectorServer {
    let pool = SocketPool.make()
    var opened: Socket?
    let listener: Socket
    let listening: UInt16
    do {
      try await pool.prepare()
      listener = try Socket(domain: AF_INET, type: .stream)
      opened = listener
      try listener.setValue(true, for: .localAddressReuse)
      #if canImport(Darwin)
        try listener.setValue(true, for: .noSIGPIPE)
      #endif
      try listener.bind(to: try sockaddr_in.inet(ip4: host, port: port))
      try listener.listen()
      guard case .ip4(_, let bound) = try listener.sockname() else {
        throw InspectorError.cannotListen("no IPv4 address after binding")
      }
      listening = bound
    } catch {
      try? opened?.close()
      throw error as? InspectorError ?? InspectorError.cannotListen("\(error)")
    }
    let accepting: AsyncSocket
    do {
      accepting = try AsyncSocket(socket: listener, pool: pool)
    } catch {
      try? listener.close()
      throw InspectorError.cannotListen("\(error)")
    }
    // On a thread of its own where task executors exist; in the tasks' pool before.
    let spawn: Spawn
    var close: @Sendable () -> Void = {}
    if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
      let executor = InspectorExecutor(named: "Reactors inspector: server")
      spawn = { Task(executorPreference: executor, operation: $0) }
      close = { executor.close() }
    } else {
      spawn = { Task(operation: $0) }
    }
    let connection = ConnectionSettings(
      pool: pool, limits: limits, admit: admit, spawn: spawn, handler: handler)
    let task = spawn {
      await withTaskGroup(of: Void.self) { group in
        group.addTask { try? await pool.run() }
        group.addTask { await Self.accept(on: accepting, connection) }
        await group.next()
        group.cancelAll()
      }
    }
    return InspectorServer(port: listening, listener: listener, task: task, close: close)
  }

  /// What every connection is made with.
  struct ConnectionSettings: Sendable {
    let pool: any AsyncSocketPool
    let limits: InspectorConnection.Limits
    let admit: Admission
    let spawn: Spawn
    let handler: Handler
    /// The connections being served.
    let table: Locked<ConnectionTable>

    init(
      pool: any AsyncSocketPool, limits: InspectorConnection.Limits, admit: @escaping Admission,
      spawn: @escaping Spawn, handler: @escaping Handler
    ) {
      self.pool = pool
      self.limits = limits
      self.admit = admit
      self.spawn = spawn
      self.handler = handler
      table = Locked(ConnectionTable(capacity: limits.maximumConnections))
    }

    /// Counts `socket` among the connections served, letting go of the one that waited the
    /// longest when there are as many as the limit; `nil` when every one is busy.
    ///
    /// The let-go socket is shut down under the table's lock, not after: its owner takes that
    /// lock (``InspectorConnection/serve(phase:ended:)``'s `ended`) before it closes the
    /// descriptor, so the number cannot meanwhile be another file's. Shutting down is one
    /// system call that does not block, and no other code runs under the lock.
    func arrived(_ socket: AsyncSocket) -> ConnectionTable.ID? {
      table.withLock { table in
        switch table.connectionArrived(descriptor: socket.socket.file.rawValue) {
        case .admitted(let id): return id
        case .admittedInPlaceOf(let id, let descriptor):
          shutdown(descriptor, Int32(SHUT_RDWR))
          return id
        case .full: return nil
        }
      }
    }
  }

  /// Accepts connections until the listening socket closes or the task is cancelled. At the
  /// limit, a new connection takes the place of the one that has waited the longest; when every
  /// one is busy, it is answered 503 and closed.
  static func accept(on listener: AsyncSocket, _ settings: ConnectionSettings) async {
    @Sendable func serve(_ socket: AsyncSocket) async {
      guard let id = settings.arrived(socket) else {
        let busy = InspectorResponse.text(
          503,
          "The inspector is answering \(settings.limits.maximumConnections) requests at once: "
            + "try again once some are answered.")
        try? await socket.write(Data(busy.encoded(closing: true)))
        try? socket.close()
        return
      }
      var connection = InspectorConnection(
        socket: socket, pool: settings.pool, limits: settings.limits, admit: settings.admit,
        spawn: settings.spawn, handler: settings.handler)
      await connection.serve { phase in
        settings.table.withLock { table in
          switch phase {
          case .waiting: table.waitingBegan(id)
          case .admitted: table.requestAdmitted(id)
          }
        }
      } ended: {
        settings.table.withLock { $0.connectionEnded(id) }
      }
    }
    if #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) {
      await withDiscardingTaskGroup { group in
        while let socket = await next(listener) { group.addTask { await serve(socket) } }
        group.cancelAll()
      }
    } else {
      // Before discarding groups, a finished child's result stays until the group ends: one
      // small record a connection, for the server's lifetime.
      await withTaskGroup(of: Void.self) { group in
        while let socket = await next(listener) { group.addTask { await serve(socket) } }
        group.cancelAll()
      }
    }
  }

  /// The next connection, or `nil` once the server stops. A failure to accept one (too many
  /// open files, a connection reset before it was accepted) is waited out, not the end.
  static func next(_ listener: AsyncSocket) async -> AsyncSocket? {
    while !Task.isCancelled {
      do {
        return try await listener.accept()
      } catch {
        if Task.isCancelled { break }
        try? await Task.sleep(for: .milliseconds(10))
      }
    }
    return nil
  }

  /// Stops listening and ends every connection.
  func stop() async {
    guard
      isStopping.withLock({ (stopping: inout Bool) -> Bool in
        defer { stopping = true }
        return !stopping
      })
    else { return }
    task.cancel()
    _ = Self.shutDown(listener)
    await task.value
    try? listener.close()
    closeExecutor()
  }

  /// Ends both directions of `socket` without closing its descriptor (which only its owner
  /// closes, so that it is never reused under another connection): a read waiting on it
  /// returns at once.
  @discardableResult
  static func shutDown(_ socket: Socket) -> Bool {
    shutdown(socket.file.rawValue, Int32(SHUT_RDWR)) == 0
  }
}
