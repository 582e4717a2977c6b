import FlyingFox
import FlyingSocks

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// FlyingFox's socket pool, with Nagle's algorithm turned off on every socket it waits for.
///
/// FlyingFox writes an answer's headers and then its body in pieces; with Nagle's algorithm,
/// the last small piece waits for the acknowledgement of the one before, which the browser's
/// side delays by up to 40 ms: every state and diff the page asked for took 45 ms more than it
/// took to make. FlyingFox has no setting for it; the listening socket (whose setting accepted
/// sockets inherit) and each connection pass through the pool, which sets `TCP_NODELAY` on
/// them.
struct NoDelayPool<Pool: AsyncSocketPool>: AsyncSocketPool {
  let pool: Pool

  func prepare() async throws { try await pool.prepare() }

  func run() async throws { try await pool.run() }

  func suspendSocket(_ socket: Socket, untilReadyFor events: Socket.Events) async throws {
    var on: Int32 = 1
    _ = setsockopt(
      socket.file.rawValue, Int32(IPPROTO_TCP), TCP_NODELAY, &on,
      socklen_t(MemoryLayout<Int32>.size))
    try await pool.suspendSocket(socket, untilReadyFor: events)
  }
}
