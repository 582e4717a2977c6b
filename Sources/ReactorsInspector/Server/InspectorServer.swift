import FlyingSocks
import Foundation

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

  /// The port listened on.
  let port: UInt16
  let listener: Socket
  let task: Task<Void, Never>
  /// Ends the thread the server's tasks run on, if they have one.
  let closeExecutor: @Sendable () -> Void

  private init(
    port: UInt16, listener: Socket, task: Task<Void, Never>, close: @escaping @Sendable () -> Void
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
    handler: @escaping Handler
  ) async throws -> InspectorServer {
    let pool = SocketPool.make()
    let listener: Socket
    let listening: UInt16
    do {
      try await pool.prepare()
      listener = try Socket(domain: AF_INET, type: .stream)
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
    } catch let error as InspectorError {
      throw error
    } catch {
      throw InspectorError.cannotListen("\(error)")
    }
    let accepting = try AsyncSocket(socket: listener, pool: pool)
    let serve: @Sendable () async -> Void = {
      await withTaskGroup(of: Void.self) { group in
        group.addTask { try? await pool.run() }
        group.addTask {
          await Self.accept(on: accepting, pool: pool, limits: limits, handler: handler)
        }
        await group.next()
        group.cancelAll()
      }
    }
    // On a thread of its own where task executors exist; in the tasks' pool before.
    let task: Task<Void, Never>
    var close: @Sendable () -> Void = {}
    if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
      let executor = InspectorExecutor(named: "Reactors inspector: server")
      task = Task(executorPreference: executor, operation: serve)
      close = { executor.close() }
    } else {
      task = Task(operation: serve)
    }
    return InspectorServer(port: listening, listener: listener, task: task, close: close)
  }

  /// Accepts connections until the listening socket closes or the task is cancelled.
  static func accept(
    on listener: AsyncSocket, pool: some AsyncSocketPool, limits: InspectorConnection.Limits,
    handler: @escaping Handler
  ) async {
    func serve(_ socket: AsyncSocket) async {
      var connection = InspectorConnection(
        socket: socket, pool: pool, limits: limits, handler: handler)
      await connection.serve()
    }
    if #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) {
      await withDiscardingTaskGroup { group in
        while let socket = await next(listener) { group.addTask { await serve(socket) } }
        group.cancelAll()
      }
    } else {
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
