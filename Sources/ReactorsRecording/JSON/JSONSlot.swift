#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The `Encoder` a value's `encode(to:)` gets: the place in a ``JSONOutput`` where that value
/// goes (its depth, and where its text starts). Writes JSON as `JSONEncoder` would with sorted
/// keys and the default strategies (`Data` as Base64, `URL` as its string, `Date` as its own
/// `Codable` number), without building a tree of values first.
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

  /// Encodes `value` here, and closes what it opened; a value that wrote nothing is `{}`.
  @usableFromInline
  func encode<Value: Encodable>(value: Value) throws {
    if Value.self == String.self {
      output.write(unsafeBitCast(value, to: String.self))
    } else if Value.self == Int.self {
      output.write(integer: unsafeBitCast(value, to: Int.self))
    } else if Value.self == Bool.self {
      output.write(unsafeBitCast(value, to: Bool.self))
    } else if Value.self == Data.self {
      output.write(unsafeBitCast(value, to: Data.self).base64EncodedString())
    } else if Value.self == URL.self {
      output.write(unsafeBitCast(value, to: URL.self).absoluteString)
    } else if Value.self == RecordedJSON.self, let json = value as? RecordedJSON {
      try output.write(json: json, codingPath)
    } else if Value.self == Decimal.self {
      let decimal = unsafeBitCast(value, to: Decimal.self)
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
