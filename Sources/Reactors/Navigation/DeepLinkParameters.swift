/// The values a ``DeepLinkRouter`` hands a route: the parameters its pattern captured
/// (`:id` in `"standups/:id"`) and the link's query, read by name.
///
/// A name is looked up in the pattern's parameters first, then in the query, so
/// `"standups/:id"` opened with `standups/3?id=4` reads `id` as `"3"`.
public struct DeepLinkParameters: Hashable, Sendable {
  /// The link being opened.
  public let link: DeepLink
  /// The pattern of the route that matched.
  public let pattern: String
  /// The values of the pattern's parameters, by name, percent-decoded.
  public let captured: [String: String]

  /// The parameters a route with `pattern` captured from `link`: what a router passes, and what
  /// a test of a route's closure can make.
  public init(link: DeepLink, pattern: String, captured: [String: String]) {
    self.link = link
    self.pattern = pattern
    self.captured = captured
  }

  /// The value named `name`: the pattern's parameter, or else the query's. Throws
  /// ``DeepLinkError/missingParameter(name:available:)`` when neither has it.
  public func string(_ name: String) throws(DeepLinkError) -> String {
    if let value = captured[name] ?? link.query[name] { return value }
    let available = Set(captured.keys).union(link.query.keys).sorted()
    throw .missingParameter(name: name, available: available)
  }

  /// The value named `name`, read as a decimal integer (an optional sign, then digits). Throws
  /// ``DeepLinkError/invalidParameter(name:value:expected:)`` when it is not one or does not fit
  /// in `Int` (nothing traps), and ``DeepLinkError/missingParameter(name:available:)`` when
  /// there is no such value.
  public func int(_ name: String) throws(DeepLinkError) -> Int {
    let value = try string(name)
    guard let number = Int(value, radix: 10) else {
      throw .invalidParameter(
        name: name, value: value,
        expected: "a decimal integer from \(Int.min) through \(Int.max)")
    }
    return number
  }
}
