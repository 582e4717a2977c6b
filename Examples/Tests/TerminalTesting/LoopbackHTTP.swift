import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One HTTP/1.1 exchange with a server on 127.0.0.1, over a plain socket: what the tests ask of
/// what the programs serve (the inspector) and of the browser's driver, whose answers
/// Foundation's URL loading on Linux refuses (`Content-Length:249`, with no space). Blocks the
/// calling thread, ten seconds at most unless told otherwise.
public enum LoopbackHTTP {
  /// An answer: its status and body.
  public struct Answer: Sendable {
    /// The status code (200, 404, …).
    public let status: Int
    /// The body, as sent.
    public let body: Data
  }

  /// A request that got no answer.
  public struct Failure: Error, CustomStringConvertible {
    /// What went wrong, and with which request.
    public let description: String
  }

  /// Sends `method target` to `port`, with `headers` and `body`, and reads the answer, waiting
  /// up to `seconds` for each read.
  public static func send(
    _ method: String, _ target: String, port: Int, headers: [String: String] = [:],
    body: Data = Data(), seconds: Int = 10
  ) throws -> Answer {
    var lines = ["\(method) \(target) HTTP/1.1", "Host: 127.0.0.1:\(port)"]
    lines += headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
    lines += ["Connection: close", "Content-Length: \(body.count)", "", ""]
    let request = Array(lines.joined(separator: "\r\n").utf8) + Array(body)
    #if canImport(Glibc)
      let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard socket >= 0 else { throw Failure(description: "socket: errno \(errno)") }
    defer { close(socket) }
    var timeout = timeval(tv_sec: seconds, tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { throw Failure(description: "connect to \(port): errno \(errno)") }
    var sent = 0
    while sent < request.count {
      let count = request[sent...].withUnsafeBytes { write(socket, $0.baseAddress, $0.count) }
      guard count > 0 else { throw Failure(description: "write: errno \(errno)") }
      sent += count
    }
    var answer: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while bodyStart(of: answer).map({ answer.count - $0.start < $0.length }) ?? true {
      let count = buffer.withUnsafeMutableBytes { read(socket, $0.baseAddress, $0.count) }
      if count == 0 { break }
      guard count > 0 else { throw Failure(description: "\(method) \(target): no answer") }
      answer += buffer[..<count]
    }
    guard let (start, _) = bodyStart(of: answer),
      let status = Int(String(decoding: answer.prefix(12), as: UTF8.self).dropFirst(9).prefix(3))
    else { throw Failure(description: "\(method) \(target): not an HTTP answer") }
    return Answer(status: status, body: Data(answer[start...]))
  }

  /// Where the body of `answer` starts and how long it is, once its headers are in.
  static func bodyStart(of answer: [UInt8]) -> (start: Int, length: Int)? {
    guard let end = answer.firstRange(of: Array("\r\n\r\n".utf8)) else { return nil }
    let head = String(decoding: answer[..<end.lowerBound], as: UTF8.self).lowercased()
    let length = head.split(separator: "\r\n").lazy.compactMap { line -> Int? in
      guard line.hasPrefix("content-length:") else { return nil }
      return Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces))
    }.first
    return (end.upperBound, length ?? 0)
  }
}
