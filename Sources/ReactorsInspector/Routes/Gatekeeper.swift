/// Who may talk to the inspector: a request must carry the token (`?token=`, the
/// `X-Reactors-Token` header, or `Authorization: Bearer`), name the inspector's own address in
/// its `Host` header, and, when it has an `Origin` header, come from the inspector's own page. The token keeps out
/// other users and programs on the machine; the `Host` check defeats DNS rebinding (a page of
/// another site whose name now points at 127.0.0.1); the `Origin` check, other pages open in
/// the same browser.
struct Gatekeeper: Sendable {
  /// Why a request is refused.
  enum Refusal: Equatable, Sendable {
    case noToken, wrongToken, foreignHost(String?), foreignOrigin(String), readOnly

    /// The answer's text: what is wrong and what to do.
    var message: String {
      switch self {
      case .noToken:
        "No token: open the address the app printed (it ends with ?token=…), or send the "
          + "token as Authorization: Bearer (an MCP client)."
      case .wrongToken:
        "Wrong token: open the address the app printed this run (a token lasts one run)."
      case .foreignHost(let host):
        "The Host header (\(host ?? "none")) is not the inspector's address: open it at the "
          + "address the app printed."
      case .foreignOrigin(let origin):
        "Requests from \(origin) are refused: only the inspector's own page may call it."
      case .readOnly:
        "This inspector is read-only: the app started it with time travel off."
      }
    }
  }

  let token: String
  /// The `Host` values accepted: the address and port listened on, by name and number.
  let hosts: Set<String>

  /// A gatekeeper for a server listening at `address` on `port`.
  init(token: String, address: String, port: UInt16) {
    self.token = token
    var names: Set<String> = [address]
    if address == "127.0.0.1" || address == "::1" || address == "localhost" {
      names.formUnion(["127.0.0.1", "localhost", "[::1]"])
    }
    if address.contains(":"), !address.hasPrefix("[") { names.insert("[\(address)]") }
    hosts = Set(names.map { "\($0):\(port)" })
    self.port = port
    acceptsAnyAddress = address == "0.0.0.0"
  }

  /// The port listened on.
  let port: UInt16
  /// Whether it listens on every address (`0.0.0.0`): then a `Host` that is any IPv4 address
  /// with the port is its own (a device reaches the Mac by its network address). An address
  /// names no site, so this lets no rebinding in: a name still has to be one of ``hosts``.
  let acceptsAnyAddress: Bool

  /// Whether `host` (from a `Host` header, lowercased) names this inspector.
  func isOwn(_ host: String) -> Bool {
    if hosts.contains(host) { return true }
    guard acceptsAnyAddress, host.hasSuffix(":\(port)") else { return false }
    let address = host.dropLast(":\(port)".count).split(
      separator: ".", omittingEmptySubsequences: false)
    return address.count == 4
      && address.allSatisfy { part in
        !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCII)
          && part.allSatisfy(\.isNumber)
          && Int(part).map { $0 <= 255 } == true
      }
  }

  /// Why a request with this `token`, `Host` and `Origin` is refused, or `nil`.
  func refusal(token given: String?, host: String?, origin: String?) -> Refusal? {
    guard let host, isOwn(host.lowercased()) else { return .foreignHost(host) }
    if let origin {
      let lowered = origin.lowercased()
      guard lowered.hasPrefix("http://"), isOwn(String(lowered.dropFirst("http://".count)))
      else { return .foreignOrigin(origin) }
    }
    guard let given, !given.isEmpty else { return .noToken }
    return Self.isSame(given, token) ? nil : .wrongToken
  }

  /// The token of an `Authorization: Bearer …` header's value, or `nil`.
  static func bearer(_ value: String?) -> String? {
    guard let value, value.count > 7, value.prefix(7).lowercased() == "bearer " else {
      return nil
    }
    return String(value.dropFirst(7).drop { $0 == " " })
  }

  /// Compares in time that does not depend on where the texts differ.
  static func isSame(_ given: String, _ token: String) -> Bool {
    let (a, b) = (Array(given.utf8), Array(token.utf8))
    var difference = UInt8(a.count == b.count ? 0 : 1)
    for index in 0..<min(a.count, b.count) { difference |= a[index] ^ b[index] }
    return difference == 0
  }

  /// A new random token: 128 bits, in hex.
  static func newToken() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<2).map { _ in
      let value = generator.next() as UInt64
      let hex = String(value, radix: 16)
      return String(repeating: "0", count: 16 - hex.count) + hex
    }.joined()
  }
}
