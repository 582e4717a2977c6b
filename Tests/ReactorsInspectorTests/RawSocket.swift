import ReactorsTestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A blocking TCP client socket to 127.0.0.1, for tests that write part of a request, or
/// leave: reads give up after `timeout` seconds.
final class RawSocket: Sendable {
  let descriptor: Int32

  init(port: UInt16, timeout seconds: Int = 60) throws {
    #if canImport(Glibc)
      descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw RawHTTP.Failure(message: "socket: errno \(errno)") }
    var timeout = timeval(tv_sec: seconds, tv_usec: 0)
    setsockopt(
      descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      let failure = RawHTTP.Failure(message: "connect: errno \(errno)")
      close()
      throw failure
    }
  }

  #if canImport(Glibc)
    static let noSignal = Int32(MSG_NOSIGNAL)
  #else
    static let noSignal: Int32 = 0
  #endif

  func write(_ bytes: [UInt8]) throws {
    var sent = 0
    while sent < bytes.count {
      let count = bytes[sent...].withUnsafeBytes {
        send(descriptor, $0.baseAddress, $0.count, Self.noSignal)
      }
      guard count > 0 else { throw RawHTTP.Failure(message: "write: errno \(errno)") }
      sent += count
    }
  }

  /// What the socket has now (waiting for some), or `nil` once the server has closed.
  func readSome() throws -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: 65_536)
    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    if count == 0 { return nil }
    guard count > 0 else { throw RawHTTP.Failure(message: "read: errno \(errno) (timed out?)") }
    return Array(buffer[..<count])
  }

  /// Everything until the server closes.
  func readToEnd() throws -> [UInt8] {
    var answer: [UInt8] = []
    while let bytes = try readSome() { answer += bytes }
    return answer
  }

  /// ``readToEnd()`` on a thread of its own: never blocks the tasks' threads.
  func readToEndOffThePool() async throws -> [UInt8] {
    try await onOwnThread { try self.readToEnd() }
  }

  func close() {
    #if canImport(Glibc)
      _ = Glibc.close(descriptor)
    #else
      _ = Darwin.close(descriptor)
    #endif
  }
}
