import Foundation

/// One HTTP answer of the inspector: a status, headers and a body. Every answer carries the
/// page's security headers (``securityHeaders``), and every header value is made safe before it
/// is written (``safeHeaderValue(_:)``), so nothing a recording holds can end a header or add
/// one.
struct InspectorResponse: Sendable {
  var status: Int
  var headers: [(name: String, value: String)]
  var body: [UInt8]

  init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// A plain-text answer: what is wrong and what to do, or what was done.
  static func text(_ status: Int, _ message: String) -> InspectorResponse {
    InspectorResponse(
      status: status, headers: [("Content-Type", "text/plain; charset=utf-8")],
      body: Array(message.utf8))
  }

  /// An answer with no body (204).
  static let noContent = InspectorResponse(status: 204)

  /// What every answer carries: no script but the page's own file, no inline script, style
  /// or event-handler attribute, nothing fetched from elsewhere, no framing; no sniffing of
  /// content types; no referrer (the page's address holds the token); nothing cached.
  static let securityHeaders: [(name: String, value: String)] = [
    (
      "Content-Security-Policy",
      "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
        + "img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    ("Cache-Control", "no-store"),
    ("X-Frame-Options", "DENY"),
  ]

  /// The answer's bytes on the wire: status line, headers (the security headers, then its
  /// own, then its length and whether the connection stays open), and body; for a `HEAD`
  /// request (`head`), the same without the body. A 204 has no length.
  func encoded(closing: Bool, head: Bool = false) -> [UInt8] {
    var text = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
    let own = headers.filter { header in
      !Self.securityHeaders.contains { $0.name.lowercased() == header.name.lowercased() }
    }
    for (name, value) in Self.securityHeaders + own {
      text += "\(Self.safeHeaderValue(name)): \(Self.safeHeaderValue(value))\r\n"
    }
    if status != 204 { text += "Content-Length: \(body.count)\r\n" }
    text += closing ? "Connection: close\r\n\r\n" : "Connection: keep-alive\r\n\r\n"
    return Array(text.utf8) + (head || status == 204 ? [] : body)
  }

  /// `value` with every control character (CR and LF among them) and every non-ASCII
  /// character replaced by `_`: a header can carry nothing that ends it.
  static func safeHeaderValue(_ value: String) -> String {
    String(
      String.UnicodeScalarView(
        value.unicodeScalars.map { (32...126).contains($0.value) ? $0 : "_" }))
  }

  /// A `Content-Disposition` for a download named `name` plus `fileExtension`: a plain
  /// `filename` of safe characters for every browser, and RFC 6266's `filename*` (UTF-8,
  /// percent-encoded) for the whole name.
  static func attachment(named name: String, fileExtension: String) -> String {
    let full = String(name.prefix(120)) + fileExtension
    let plain = safeFileName(full)
    var allowed = CharacterSet.alphanumerics.intersection(
      CharacterSet(charactersIn: "\u{0}"..."\u{7F}"))
    allowed.insert(charactersIn: "-_.")
    let encoded = full.addingPercentEncoding(withAllowedCharacters: allowed) ?? plain
    return "attachment; filename=\"\(plain)\"; filename*=UTF-8''\(encoded)"
  }

  /// `name` with every character but ASCII letters, digits, `-`, `_` and `.` replaced by `_`,
  /// and at most 130 characters: a file name that names no other folder.
  static func safeFileName(_ name: String) -> String {
    String(
      String.UnicodeScalarView(
        name.prefix(130).unicodeScalars.map { scalar in
          let safe =
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
            || ("0"..."9").contains(scalar) || "-_.".unicodeScalars.contains(scalar)
          return safe ? scalar : "_"
        }))
  }

  static func reason(_ status: Int) -> String {
    switch status {
    case 200: "OK"
    case 202: "Accepted"
    case 204: "No Content"
    case 400: "Bad Request"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 405: "Method Not Allowed"
    case 408: "Request Timeout"
    case 411: "Length Required"
    case 413: "Content Too Large"
    case 422: "Unprocessable Content"
    case 431: "Request Header Fields Too Large"
    case 500: "Internal Server Error"
    case 501: "Not Implemented"
    case 503: "Service Unavailable"
    default: "Status"
    }
  }
}
