/// Why a deep link could not be read or opened. Each case's ``description`` says what was wrong,
/// where, and how to fix it; a ``DeepLinkRouter`` that fails leaves the state as it was.
///
/// Offsets count UTF-8 bytes from the start of the link, starting at 0.
public enum DeepLinkError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The link is the empty string.
  case empty
  /// The link is `byteCount` UTF-8 bytes long, more than `limit`.
  case tooLong(byteCount: Int, limit: Int)
  /// A control character (such as a newline or a tab), written or percent-encoded, at `offset`.
  case controlCharacter(offset: Int)
  /// A `%` at `offset` that is not followed by two hexadecimal digits.
  case malformedEscape(offset: Int)
  /// The percent-encoded bytes of the part starting at `offset` are not UTF-8 text.
  case invalidUTF8(offset: Int)
  /// The query, at `offset`, is not a list of distinct `key=value` pairs; `reason` says how.
  case malformedQuery(reason: String, offset: Int)
  /// No route's pattern matches `path`; `known` lists the patterns there are.
  case unknownRoute(path: [String], known: [String])
  /// A route asked for the parameter `name`, which neither its pattern nor the link's query has;
  /// `available` lists the names there are.
  case missingParameter(name: String, available: [String])
  /// The parameter `name` is `value`, which is not `expected` (for example "an integer").
  case invalidParameter(name: String, value: String, expected: String)
  /// Something the link names does not exist, such as "no standup with id 9": what a route's
  /// closure throws when the state has nothing to open.
  case notFound(String)
  /// A route's closure threw an error other than a `DeepLinkError`, described by `reason`.
  case failed(pattern: String, reason: String)

  /// What went wrong, and how to fix it.
  public var description: String {
    switch self {
    case .empty:
      return "The deep link is empty; pass a link such as \"app://items/1\" or \"/items/1\"."
    case .tooLong(let byteCount, let limit):
      return "The deep link is \(byteCount) bytes long, more than the \(limit) allowed; "
        + "links that long are not links an app makes. Shorten it."
    case .controlCharacter(let offset):
      return "The deep link has a control character (such as a newline or a tab) at byte "
        + "\(offset), written or percent-encoded; remove it."
    case .malformedEscape(let offset):
      return "The deep link has a '%' at byte \(offset) that is not followed by two "
        + "hexadecimal digits; write a literal '%' as %25."
    case .invalidUTF8(let offset):
      return "The percent-encoded bytes of the part of the deep link at byte \(offset) are not "
        + "UTF-8 text; encode the text as UTF-8 before percent-encoding it."
    case .malformedQuery(let reason, let offset):
      return "The deep link's query at byte \(offset) is not a list of distinct key=value "
        + "pairs: \(reason)."
    case .unknownRoute(let path, let known):
      let patterns = known.isEmpty ? "none" : known.map { "\"\($0)\"" }.joined(separator: ", ")
      return "No route matches the path \"\(path.joined(separator: "/"))\". The known patterns "
        + "are: \(patterns). Add a route for it, or fix the link."
    case .missingParameter(let name, let available):
      return "The route asked for the parameter \"\(name)\", which the link does not have (it "
        + "has \(available.isEmpty ? "none" : available.joined(separator: ", "))); name it "
        + "in the pattern as \":\(name)\" or add \(name)= to the link's query."
    case .invalidParameter(let name, let value, let expected):
      return "The parameter \"\(name)\" is \"\(value)\", which is not \(expected); fix the "
        + "link, or read the parameter with string(_:) and parse it yourself."
    case .notFound(let what):
      return "The deep link names something that does not exist: \(what). The link is stale "
        + "or wrong; nothing was opened."
    case .failed(let pattern, let reason):
      return "The route \"\(pattern)\" failed: \(reason). Nothing was opened; throw "
        + "DeepLinkError.notFound from the route for a clearer message."
    }
  }
}

extension DeepLinkError: Codable {}
