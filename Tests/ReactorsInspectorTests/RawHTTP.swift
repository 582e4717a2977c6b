import ReactorsTestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One HTTP/1.1 request over a plain socket, as a browser or another program would send it,
/// with exactly the headers given (a `Host` or an `Origin` of one's choosing included). The
/// socket work runs on a thread of its own, never on the tasks' threads or the dispatch pool,
/// and gives up after ten seconds.
struct RawHTTP {
  struct Answer {
    let status: Int
    let headers: String
    let body: [UInt8]
    var text: String { String(decoding: body, as: UTF8.self) }
  }

  let port: UInt16

  func send(
    _ method: String, _ target: String, host: String? = nil, headers: [String: String] = [:],
    body: [UInt8] = []
  ) async throws -> Answer {
    var lines = ["\(method) \(target) HTTP/1.1", "Host: \(host ?? "127.0.0.1:\(port)")"]
    lines += headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
    lines += ["Connection: close", "Content-Length: \(body.count)", "", ""]
    let request = Array(lines.joined(separator: "\r\n").utf8) + body
    let port = port
    let bytes = try await onOwnThread { try Self.exchange(request, port: port) }
    let text = String(decoding: bytes, as: UTF8.self)
    guard let end = bytes.firstRange(of: Array("\r\n\r\n".utf8)),
      let status = Int(text.split(separator: " ").dropFirst().first ?? "")
    else { throw Failure(message: "not an HTTP answer: \(text.prefix(200))") }
    return Answer(
      status: status, headers: String(decoding: bytes[..<end.lowerBound], as: UTF8.self),
      body: Array(bytes[end.upperBound...]))
  }

  struct Failure: Error { let message: String }

  /// Sends `request` to 127.0.0.1:`port` and reads its answer (until the server closes, or
  /// the answer is whole).
  static func exchange(_ request: [UInt8], port: UInt16) throws -> [UInt8] {
    let socket = try RawSocket(port: port, timeout: 10)
    defer { socket.close() }
    try socket.write(request)
    var answer: [UInt8] = []
    while !isComplete(answer), let bytes = try socket.readSome() { answer += bytes }
    return answer
  }

  /// Whether `answer` holds its headers and as many body bytes as its `Content-Length` says.
  static func isComplete(_ answer: [UInt8]) -> Bool {
    guard let end = answer.firstRange(of: Array("\r\n\r\n".utf8)) else { return false }
    let headers = String(decoding: answer[..<end.lowerBound], as: UTF8.self).lowercased()
    if headers.hasPrefix("http/1.1 204") { return true }
    guard
      let line = headers.split(separator: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
      let length = Int(line.dropFirst("content-length:".count).trimmingPrefix(" "))
    else { return false }
    return answer.count - end.upperBound >= length
  }
}
