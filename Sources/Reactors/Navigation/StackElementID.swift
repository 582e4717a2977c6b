/// The stable identity of one element of a ``StackState``: given when the element is pushed,
/// kept while it is on the stack, and never given again by the same stack value, so an action
/// or an effect addressed to a screen that was popped cannot reach a newer screen by mistake.
///
/// Ids order by their raw value, which is the order they were given in. They encode as a plain
/// integer.
public struct StackElementID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
  /// The number behind the id.
  public let rawValue: Int

  /// The id with the number `rawValue`. Ids are made by ``StackState/push(_:)``; make one
  /// yourself only to name an id you already know (in a test, or from a saved path).
  @inlinable
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Whether `lhs` was given before `rhs`.
  @inlinable
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

  /// The id as `#` and its number, for example `#3`.
  public var description: String { "#\(rawValue)" }

  /// Decodes an id from a plain integer.
  public init(from decoder: any Decoder) throws {
    rawValue = try decoder.singleValueContainer().decode(Int.self)
  }

  /// Encodes the id as a plain integer.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}

extension StackElementID: ExpressibleByIntegerLiteral {
  /// The id with the number written, for tests: `stack.pop(from: 2)`.
  @inlinable
  public init(integerLiteral value: Int) { self.init(rawValue: value) }
}
