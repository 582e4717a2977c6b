import ReactorsRecording

/// A tool call's arguments, read as the tools need them. Like ``QueryParameters``, every value
/// is hostile until checked: a number that is missing, not a whole number, too large for an
/// `Int` or out of range is refused with a sentence that says what to send, before any
/// arithmetic uses it.
struct MCPArguments: Sendable {
  let values: RecordedJSON

  init(_ values: RecordedJSON?) { self.values = values ?? .object([]) }

  /// The whole number named `name`, in `range`; `fallback` when absent (or, without one, a
  /// refusal that says it is missing).
  func integer(
    _ name: String, in range: ClosedRange<Int>, fallback: Int? = nil
  ) throws(MCPToolFailure) -> Int {
    guard let value = values.member(name), value != .null else {
      if let fallback { return fallback }
      throw MCPToolFailure("\"\(name)\" is missing: pass a whole number.")
    }
    let number: Int?
    switch value {
    case .number(let text):
      // "3" or "3.0", as clients write a whole number.
      number = QueryParameters.wholeNumber(text.hasSuffix(".0") ? text.dropLast(2) : text[...])
    case .string(let text): number = QueryParameters.wholeNumber(text)
    default: number = nil
    }
    guard let number else {
      throw MCPToolFailure(
        "\"\(name)\" is not a whole number between \(range.lowerBound) and \(range.upperBound).")
    }
    guard range.contains(number) else {
      throw MCPToolFailure(
        "\"\(name)\" is \(number): it must be between \(range.lowerBound) and "
          + "\(range.upperBound).")
    }
    return number
  }

  /// The text named `name`, at most `limit` bytes of UTF-8; `nil` when absent.
  func text(_ name: String, limit: Int = 400) throws(MCPToolFailure) -> String? {
    guard let value = values.member(name), value != .null else { return nil }
    guard case .string(let text) = value else {
      throw MCPToolFailure("\"\(name)\" must be a string.")
    }
    guard text.utf8.count <= limit else {
      throw MCPToolFailure("\"\(name)\" is over \(limit) bytes: send a shorter one.")
    }
    return text
  }

  /// The names of the arguments given that are not in `known`.
  func unknown(_ known: some Collection<String>) -> [String] {
    guard case .object(let members) = values else { return [] }
    return members.map(\.name).filter { !known.contains($0) }
  }

  /// `text` as an answer may echo it: at most 60 bytes of UTF-8, however its characters
  /// combine.
  static func echo(_ text: String) -> String {
    text.utf8.count <= 60
      ? text : String(decoding: Array(text.utf8.prefix(60)), as: UTF8.self) + "…"
  }

  /// The texts named `name` (an array of strings), each one of `allowed`; `nil` when absent.
  func choices(_ name: String, from allowed: [String]) throws(MCPToolFailure) -> Set<String>? {
    guard let value = values.member(name), value != .null else { return nil }
    guard case .array(let elements) = value, elements.count <= allowed.count else {
      throw MCPToolFailure(
        "\"\(name)\" must be an array of these: \(allowed.joined(separator: ", ")).")
    }
    var chosen: Set<String> = []
    for element in elements {
      guard case .string(let text) = element, allowed.contains(text) else {
        throw MCPToolFailure(
          "\"\(name)\" holds \(Self.echo(String(describing: element))): use these: "
            + "\(allowed.joined(separator: ", ")).")
      }
      chosen.insert(text)
    }
    return chosen
  }

  /// The text named `name`, one of `allowed`; `fallback` when absent.
  func choice(
    _ name: String, from allowed: [String], fallback: String
  ) throws(MCPToolFailure)
    -> String
  {
    guard let text = try text(name, limit: 40) else { return fallback }
    guard allowed.contains(text) else {
      throw MCPToolFailure(
        "\"\(name)\" is \"\(Self.echo(text))\": use one of \(allowed.joined(separator: ", ")).")
    }
    return text
  }
}

/// Why a tool could not answer: a sentence for the agent, saying what to ask instead. It is
/// answered as the tool's result with `isError`, so that the model reads it and asks again.
struct MCPToolFailure: Error, Sendable {
  let message: String

  init(_ message: String) { self.message = message }
}
