/// A deep link read from a URL string, without Foundation: its scheme, its path components and
/// its query, percent-decoded.
///
/// ```swift
/// let link = try DeepLink(parsing: "standups://standups/3F2A/meetings/9?autoplay=1")
/// link.scheme  // "standups"
/// link.path    // ["standups", "3F2A", "meetings", "9"]
/// link.query   // ["autoplay": "1"]
/// try DeepLink(parsing: "/standups/3/edit").path   // ["standups", "3", "edit"]
/// ```
///
/// How a link is read:
/// - A scheme (`app:`) is lowercased. After `scheme://`, the host is the first path component
///   (`app://standups/1` is `["standups", "1"]`); an empty host (`app:///standups`) adds none.
/// - The path is split on `/`, empty components are skipped, and each component is then
///   percent-decoded, so `%2F` is a slash inside a component.
/// - The query is split on `&` into `key=value` pairs (a key with no `=` has the value `""`,
///   and `+` stays a plus); empty pairs are skipped. A key given twice, or an empty key, is an
///   error rather than one value silently winning.
/// - A fragment (`#...`) is not part of a deep link's meaning and is ignored.
///
/// It refuses, with a ``DeepLinkError`` that says what and where: the empty string, links over
/// ``maximumByteCount`` UTF-8 bytes, control characters (written or percent-encoded), a `%`
/// not followed by two hex digits, and escapes that do not decode to UTF-8.
public struct DeepLink: Hashable, Sendable {
  /// The longest link read, in UTF-8 bytes: 2,048, the length browsers and servers have long
  /// agreed on.
  public static let maximumByteCount = 2_048

  /// The scheme, lowercased (`"standups"` in `standups://...`), or `nil` for a bare path.
  public var scheme: String?
  /// The path components, percent-decoded, the host first when there is a scheme.
  public var path: [String]
  /// The query's keys and values, percent-decoded.
  public var query: [String: String]

  /// A link with these parts, as ``init(parsing:)`` would read them.
  public init(scheme: String? = nil, path: [String], query: [String: String] = [:]) {
    self.scheme = scheme
    self.path = path
    self.query = query
  }

  /// Reads `text`, a URL such as `app://standups/1?x=2` or a path such as `/standups/1`; throws
  /// a ``DeepLinkError`` that says what is wrong and where when it cannot.
  public init(parsing text: String) throws(DeepLinkError) {
    let bytes = Array(text.utf8)
    guard !bytes.isEmpty else { throw .empty }
    guard bytes.count <= Self.maximumByteCount else {
      throw .tooLong(byteCount: bytes.count, limit: Self.maximumByteCount)
    }
    var offset = 0
    for scalar in text.unicodeScalars {
      if DeepLinkParser.isControl(scalar) { throw .controlCharacter(offset: offset) }
      offset += UTF8.width(scalar)
    }
    var parser = DeepLinkParser(bytes: bytes)
    self.init(
      scheme: parser.readScheme(), path: try parser.readPath(), query: try parser.readQuery())
  }
}

extension DeepLink: CustomStringConvertible {
  /// The link's parts, decoded: `standups:/standups/1?x=2` (query keys sorted).
  public var description: String {
    let query = self.query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    return (scheme.map { "\($0):" } ?? "") + "/" + path.joined(separator: "/")
      + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
  }
}
