import Foundation

/// One HTTP request as the inspector's routes read it: its method, path, query parameters
/// (percent-decoded), headers (names lowercased) and body.
struct InspectorRequest: Sendable {
  var method: String
  var path: String
  /// Each parameter's value; a parameter named twice keeps its first value.
  var query: [String: String]
  /// Each header's value, by lowercased name; a header named twice keeps its first value.
  var headers: [String: String]
  var body: [UInt8] = []
  /// Whether the client asked to close the connection after the answer.
  var closes: Bool {
    headers["connection"]?.lowercased().contains("close") == true
  }
}

/// Why a request's head could not be read: the status to answer with, and a sentence.
struct RequestHeadError: Error, Equatable, Sendable {
  let status: Int
  let message: String
}

/// Reads a request's head (its request line and headers) from bytes, in one linear pass, and
/// refuses what is too long, malformed or unsupported before any route sees it.
///
/// Pure: the connection feeds it the bytes it has, and acts on what it answers.
struct RequestHeadParser: Sendable {
  /// The largest head accepted, request line and headers together.
  static let maximumHeadBytes = 8_192

  /// Where a head ends in `bytes` (the index after its blank line), `nil` while it has not
  /// ended, or an error when `bytes` already hold more than ``maximumHeadBytes`` without one.
  /// Scans from `scanned` on (the bytes before were scanned already), so that feeding a head
  /// in pieces costs time linear in its length.
  static func end(of bytes: [UInt8], scannedUpTo scanned: Int) throws(RequestHeadError) -> Int? {
    var index = max(scanned - 3, 0)
    let limit = min(bytes.count, maximumHeadBytes + 4)
    while index + 3 < limit {
      if bytes[index] == 13, bytes[index + 1] == 10, bytes[index + 2] == 13,
        bytes[index + 3] == 10
      {
        return index + 4
      }
      index += 1
    }
    if bytes.count > maximumHeadBytes + 4 {
      throw RequestHeadError(
        status: 431,
        message: "The request's line and headers are over \(maximumHeadBytes) bytes: "
          + "the inspector reads no more. Send a shorter request.")
    }
    return nil
  }

  /// The request whose head is `head` (up to and including its blank line), without its body.
  static func request(head: ArraySlice<UInt8>) throws(RequestHeadError) -> InspectorRequest {
    guard head.allSatisfy({ $0 == 9 || $0 == 10 || $0 == 13 || (32...126).contains($0) }) else {
      throw RequestHeadError(
        status: 400, message: "The request's head holds bytes that are not printable ASCII.")
    }
    let text = String(decoding: head, as: UTF8.self)
    var lines = text.split(separator: "\r\n", omittingEmptySubsequences: false)
    while lines.last?.isEmpty == true { lines.removeLast() }
    guard let line = lines.first else {
      throw RequestHeadError(status: 400, message: "The request has no request line.")
    }
    let parts = line.split(separator: " ", omittingEmptySubsequences: false)
    guard parts.count == 3, !parts[0].isEmpty, parts[1].hasPrefix("/"),
      parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0"
    else {
      throw RequestHeadError(
        status: 400,
        message: "The request line is not \"METHOD /path HTTP/1.1\": \(line.prefix(80))")
    }
    var headers: [String: String] = [:]
    for field in lines.dropFirst() {
      guard let colon = field.firstIndex(of: ":"), colon != field.startIndex,
        !field.hasPrefix(" "), !field.hasPrefix("\t")
      else {
        throw RequestHeadError(
          status: 400, message: "A header line is not \"Name: value\": \(field.prefix(80))")
      }
      let name = field[..<colon].lowercased()
      guard !name.contains(" ") else {
        throw RequestHeadError(status: 400, message: "A header's name holds a space: \(name)")
      }
      let value = field[field.index(after: colon)...].trimmingCharacters(in: " \t")
      if headers[name] == nil { headers[name] = value }
    }
    if parts[2] == "HTTP/1.0", headers["connection"] == nil { headers["connection"] = "close" }
    let target = parts[1]
    let (path, query) = try Self.target(target)
    return InspectorRequest(
      method: String(parts[0]), path: path, query: query, headers: headers)
  }

  /// A target's path and its query's parameters, percent-decoded (`+` reads as a space).
  static func target(
    _ target: Substring
  ) throws(RequestHeadError) -> (path: String, query: [String: String]) {
    let question = target.firstIndex(of: "?") ?? target.endIndex
    guard let path = target[..<question].removingPercentEncoding else {
      throw RequestHeadError(status: 400, message: "The path's percent-encoding is malformed.")
    }
    var query: [String: String] = [:]
    if question < target.endIndex {
      for pair in target[target.index(after: question)...].split(separator: "&") {
        let equals = pair.firstIndex(of: "=") ?? pair.endIndex
        let value = equals < pair.endIndex ? pair[pair.index(after: equals)...] : ""
        guard
          let name = pair[..<equals].replacing("+", with: " ").removingPercentEncoding,
          let decoded = value.replacing("+", with: " ").removingPercentEncoding
        else {
          throw RequestHeadError(
            status: 400,
            message: "The query's percent-encoding is malformed near \(pair.prefix(40)).")
        }
        if query[name] == nil { query[name] = decoded }
      }
    }
    return (path, query)
  }
}

extension StringProtocol {
  /// The text without `characters` at either end.
  fileprivate func trimmingCharacters(in characters: String) -> String {
    var slice = self[...]
    while let first = slice.first, characters.contains(first) { slice = slice.dropFirst() }
    while let last = slice.last, characters.contains(last) { slice = slice.dropLast() }
    return String(slice)
  }
}
