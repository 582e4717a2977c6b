/// A request's query parameters, read as the routes need them. Every value from the request is
/// hostile until checked: a number that is missing, not a whole number, too large for an `Int`
/// or outside what the route accepts is refused with 400 and a sentence, before any
/// arithmetic uses it.
struct QueryParameters: Sendable {
  let values: [String: String]

  /// The whole number named `name`, in `range`; `fallback` when absent (or, without one, a
  /// 400 that says it is missing).
  func integer(
    _ name: String, in range: ClosedRange<Int>, fallback: Int? = nil
  ) throws(RouteRefusal) -> Int {
    guard let text = values[name] else {
      if let fallback { return fallback }
      throw RouteRefusal(400, "\(name)= is missing: add \(name)=N (a whole number).")
    }
    let shown = text.count > 24 ? String(text.prefix(24)) + "…" : text
    guard let number = Self.wholeNumber(text) else {
      throw RouteRefusal(
        400,
        "\(name)=\(shown) is not a whole number between \(range.lowerBound) and "
          + "\(range.upperBound).")
    }
    guard range.contains(number) else {
      throw RouteRefusal(
        400,
        "\(name)=\(shown) is out of range: it must be between \(range.lowerBound) and "
          + "\(range.upperBound).")
    }
    return number
  }

  /// `text` as a whole number: digits only (after an optional `-`), at most 19 of them, and
  /// within `Int`; `nil` otherwise. Never traps, whatever the text. The tools' arguments
  /// (``MCPArguments``) are read with it too.
  static func wholeNumber(_ text: some StringProtocol) -> Int? {
    let digits = text.hasPrefix("-") ? text.dropFirst() : text[...]
    guard !digits.isEmpty, digits.utf8.count <= 19,
      digits.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
    else { return nil }
    return Int(text)
  }

  /// The text named `name`, at most `limit` characters; `nil` when absent.
  func text(_ name: String, limit: Int = 200) throws(RouteRefusal) -> String? {
    guard let text = values[name] else { return nil }
    guard text.count <= limit else {
      throw RouteRefusal(400, "\(name)= is over \(limit) characters: send a shorter one.")
    }
    return text
  }
}

/// A route's refusal of a request: the status, and what is wrong and how to fix it.
struct RouteRefusal: Error, Sendable {
  let status: Int
  let message: String

  init(_ status: Int, _ message: String) {
    self.status = status
    self.message = message
  }

  var response: InspectorResponse { .text(status, message) }
}
