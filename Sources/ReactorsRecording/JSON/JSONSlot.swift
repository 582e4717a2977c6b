#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The `Encoder` a value's `encode(to:)` gets: the place in a ``JSONOutput`` where that value
/// goes (its depth, and where its text starts). Writes the bytes `JSONEncoder` writes with
/// `.sortedKeys` and `.withoutEscapingSlashes` (a `/` is written as is) and the default
/// strategies (`Data` as Base64, `URL` as its string, `Date` as its own `Codable` number,
/// `Decimal` as its digits), without building a tree of values first.
@usableFromInline
struct JSONSlot: Encoder {
  let output: JSONOutput
  let depth: Int
  let start: Int

  @usableFromInline
  init(_ output: JSONOutput, depth: Int) {
    self.output = output
    self.depth = depth
    start = output.bytes.count
  }

  @usableFromInline
  var codingPath: [any CodingKey] { output.codingPath(to: depth) }
  @usableFromInline
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  @usableFromInline
  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    let frame = output.open(isObject: true, depth: depth, start: start) ?? (-1, 0)
    return KeyedEncodingContainer(JSONObjectWriter(output, frame.index, frame.serial))
  }

  @usableFromInline
  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    let frame = output.open(isObject: false, depth: depth, start: start) ?? (-1, 0)
    return JSONArrayWriter(output, frame.index, frame.serial)
  }

  @usableFromInline
  func singleValueContainer() -> any SingleValueEncodingContainer { self }

  /// Encodes `value` here: the overloads for the entry's own members (see `EncodedEntry`),
  /// chosen by the compiler.
  @usableFromInline
  func encode(value: String) { output.write(value) }

  /// Encodes `value` here.
  @usableFromInline
  func encode(value: Int) { output.write(integer: value) }

  /// Encodes `value` here.
  @usableFromInline
  func encode(value: Bool) { output.write(value) }

  /// Encodes `value` here, and closes what it opened; a value that wrote nothing is `{}`.
  ///
  /// The types written as `JSONEncoder` writes them rather than through their own
  /// `encode(to:)` (and the commonest scalars, which skip two calls) are told apart by their
  /// metatype, a comparison of two pointers that costs nothing for the other types; the
  /// conditional cast to that type after a match always succeeds (the runtime copies a value
  /// whose type is the one asked for). Were one ever to fail, the value would be written
  /// through its own `encode(to:)`.
  @usableFromInline
  func encode<Value: Encodable>(value: Value) throws {
    if Value.self == String.self, let string = value as? String {
      output.write(string)
    } else if Value.self == Int.self, let integer = value as? Int {
      output.write(integer: integer)
    } else if Value.self == Bool.self, let bool = value as? Bool {
      output.write(bool)
    } else if Value.self == Data.self, let data = value as? Data {
      output.write(data.base64EncodedString())
    } else if Value.self == URL.self, let url = value as? URL {
      output.write(url.absoluteString)
    } else if Value.self == RecordedJSON.self, let json = value as? RecordedJSON {
      try output.write(json: json, codingPath)
    } else if Value.self == Decimal.self, let decimal = value as? Decimal {
      guard decimal.isFinite else {
        throw EncodingError.invalidValue(
          value, .init(codingPath: codingPath, debugDescription: "NaN is not a JSON number."))
      }
      output.bytes.append(contentsOf: decimal.description.utf8)
    } else {
      do {
        try value.encode(to: self)
      } catch JSONOutputProblem.closed {
        throw EncodingError.invalidValue(
          value,
          .init(
            codingPath: codingPath,
            debugDescription:
              "\(Value.self).encode(to:) wrote to a container after moving on from it; the "
              + "recording encoder writes each value before the next. Encode nested values "
              + "in order."))
      }
      guard depth >= 0 else { return }
      output.close(above: depth)
      if output.bytes.count == start { output.bytes.append(contentsOf: [0x7B, 0x7D]) }
    }
  }

  /// Throws unless nothing was written here yet; closes what a value inside wrote.
  func beginScalar() throws {
    guard depth >= 0 else {
      throw EncodingError.invalidValue(
        (), .init(codingPath: codingPath, debugDescription: JSONOpenFrame.closed))
    }
    if output.frames.count > depth, output.frames[depth].start == start {
      throw EncodingError.invalidValue(
        (), .init(codingPath: codingPath, debugDescription: Self.twice))
    }
    output.close(above: depth)
    guard output.bytes.count == start else {
      throw EncodingError.invalidValue(
        (), .init(codingPath: codingPath, debugDescription: Self.twice))
    }
  }

  static let twice =
    "a single value container was written twice, or after a keyed or unkeyed container: "
    + "encode one value per single value container."
}

extension JSONSlot: SingleValueEncodingContainer {
  @usableFromInline
  mutating func encodeNil() throws {
    try beginScalar()
    output.writeNull()
  }

  @usableFromInline
  mutating func encode(_ value: Bool) throws {
    try beginScalar()
    output.write(value)
  }

  @usableFromInline
  mutating func encode(_ value: String) throws {
    try beginScalar()
    output.write(value)
  }

  @usableFromInline
  mutating func encode(_ value: Double) throws {
    try beginScalar()
    try output.write(float: value, codingPath)
  }

  @usableFromInline
  mutating func encode(_ value: Float) throws {
    try beginScalar()
    try output.write(float: value, codingPath)
  }

  @usableFromInline
  mutating func encode(_ value: Int) throws { try integer(value) }
  @usableFromInline
  mutating func encode(_ value: Int8) throws { try integer(value) }
  @usableFromInline
  mutating func encode(_ value: Int16) throws { try integer(value) }
  @usableFromInline
  mutating func encode(_ value: Int32) throws { try integer(value) }
  @usableFromInline
  mutating func encode(_ value: Int64) throws { try integer(value) }
  @usableFromInline
  mutating func encode(_ value: UInt) throws { try integer(value) }
  @usableFromInline
  mutating func encode(_ value: UInt8) throws { try integer(value) }
  @usableFromInline
  mutating func encode(_ value: UInt16) throws { try integer(value) }
  @usableFromInline
  mutating func encode(_ value: UInt32) throws { try integer(value) }
  @usableFromInline
  mutating func encode(_ value: UInt64) throws { try integer(value) }

  func integer<Integer: FixedWidthInteger>(_ value: Integer) throws {
    try beginScalar()
    output.write(integer: value)
  }

  @usableFromInline
  mutating func encode<Value: Encodable>(_ value: Value) throws {
    try beginScalar()
    try encode(value: value)
  }
}
