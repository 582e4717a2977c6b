#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The `Decoder` a value's `init(from:)` gets: one node of a parsed ``JSONInput``. Reads what
/// ``JSONSlot`` writes, and what `JSONEncoder` writes with its default strategies. Its errors
/// are the `DecodingError`s `JSONDecoder` throws, with the coding path from the line's top
/// (worked out only when an error or a type asks for it).
@usableFromInline
struct JSONReading: Decoder {
  let input: JSONInput
  let node: Int

  @usableFromInline
  init(_ input: JSONInput, _ node: Int) {
    self.input = input
    self.node = node
  }

  @usableFromInline
  var codingPath: [any CodingKey] { input.codingPath(to: node) }
  @usableFromInline
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  var kind: JSONInput.Kind { input.nodes[node].kind }

  @usableFromInline
  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard kind == .object else { throw mismatch([String: Any].self) }
    try input.checkWellFormed(node)
    return KeyedDecodingContainer(JSONObjectReader<Key>(input, node))
  }

  @usableFromInline
  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard kind == .array else { throw mismatch([Any].self) }
    return JSONArrayReader(input, node)
  }

  @usableFromInline
  func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

  /// The error for a value that is not a `type`.
  func mismatch(_ type: Any.Type) -> DecodingError {
    let found: String
    switch kind {
    case .null:
      return .valueNotFound(
        type,
        .init(codingPath: codingPath, debugDescription: "Expected \(type) value but found null."))
    case .true, .false: found = "a boolean"
    case .number: found = "a number"
    case .string, .escapedString: found = "a string"
    case .array: found = "an array"
    case .object: found = "an object"
    }
    return .typeMismatch(
      type,
      .init(
        codingPath: codingPath,
        debugDescription: "Expected to decode \(type) but found \(found) instead."))
  }

  /// The error for text that does not make a `type`.
  func corrupted(_ what: String) -> DecodingError {
    .dataCorrupted(.init(codingPath: codingPath, debugDescription: what))
  }

  /// The error for a number `type` cannot hold: `JSONDecoder`'s, which is corrupted data with
  /// an empty coding path (its number errors are thrown before it knows where it is); the
  /// description says where.
  func unrepresentable(_ text: String, _ type: Any.Type) -> DecodingError {
    let path = codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    return .dataCorrupted(
      .init(
        codingPath: [],
        debugDescription:
          "Parsed JSON number <\(text)>\(path.isEmpty ? "" : " at \(path)") does not fit in "
          + "\(type)."))
  }

  /// Decodes a value of `type` from this node.
  ///
  /// The three Foundation types `JSONDecoder` reads in its own way (`Data` from Base64, `URL`
  /// from its string, `Decimal` from a number's text) are told apart by their metatype, a
  /// comparison of two pointers that costs nothing for the other types (see
  /// ``foundationValue(_:)``). Every other type, a `String` or an `Int` too, reads itself
  /// through its `init(from:)`, which calls this decoder's own `decode(_:)` for its type: no
  /// cast. ``RecordedJSON`` knows this decoder (see its `init(from:)`).
  @usableFromInline
  func decode<Value: Decodable>(value type: Value.Type) throws -> Value {
    if type == Data.self || type == URL.self || type == Decimal.self {
      return try foundationValue(type)
    }
    return try Value(from: self)
  }

  /// A `Data`, a `URL` or a `Decimal`, read as `JSONDecoder` reads it, as a `Value` (which is
  /// its type): the conditional cast always succeeds (were it ever to fail, the value would be
  /// read through its own `init(from:)`). Apart from ``decode(value:)``, whose every call would
  /// otherwise look up the metadata of `Value?` that the cast needs.
  @inline(never)
  func foundationValue<Value: Decodable>(_ type: Value.Type) throws -> Value {
    let value: Any
    if type == Data.self {
      value = try data()
    } else if type == URL.self {
      value = try url()
    } else {
      value = try decimal()
    }
    if let value = value as? Value { return value }
    return try Value(from: self)
  }

  /// A `Data` from its Base64 text, as `JSONDecoder` reads it by default.
  func data() throws -> Data {
    guard kind != .null else { throw mismatch(Data.self) }
    guard let data = Data(base64Encoded: try decode(String.self)) else {
      throw corrupted("Encountered Data is not valid Base64.")
    }
    return data
  }

  /// A `URL` from its text, as `JSONDecoder` reads it.
  func url() throws -> URL {
    guard kind != .null else { throw mismatch(URL.self) }
    guard let url = URL(string: try decode(String.self)) else {
      throw corrupted("Invalid URL string.")
    }
    return url
  }

  /// A `Decimal` from a number's text, as `JSONDecoder` reads it: a number `Decimal` cannot
  /// hold (`1e400`, `1e-400`) is corrupted data, as for `JSONDecoder`.
  func decimal() throws -> Decimal {
    guard kind == .number else { throw mismatch(Decimal.self) }
    try input.checkWellFormed(node)
    let text = String(decoding: input.text(input.nodes[node]), as: UTF8.self)
    guard let decimal = Decimal(string: text), !decimal.isNaN else {
      throw unrepresentable(text, Decimal.self)
    }
    return decimal
  }

  /// An integer, read as `JSONDecoder` reads one: digits alone exactly; any other number
  /// (`1e3`, `34.0`) through the `Double` nearest its text, which must be a whole number the
  /// type holds, and which is the value below 2^53; from 2^53 on, where a `Double` is no
  /// longer every integer, through the `Decimal` of the text, truncated (so
  /// `9007199254740993.0` reads as `9007199254740993`, not as the `Double`'s `…992`).
  func integer<Integer: FixedWidthInteger>(_ type: Integer.Type) throws -> Integer {
    guard kind == .number else { throw mismatch(type) }
    try input.checkWellFormed(node)
    let text = input.text(input.nodes[node])
    if let value = Self.digits(text, as: type) { return value }
    let string = String(decoding: text, as: UTF8.self)
    guard let value = Self.wholeNumber(string, as: type) else {
      throw unrepresentable(string, type)
    }
    return value
  }

  /// The integer `text` writes when it is digits alone (after a `-`) and `Integer` holds it.
  @inline(__always)
  static func digits<Integer: FixedWidthInteger>(
    _ text: ArraySlice<UInt8>, as type: Integer.Type
  ) -> Integer? {
    var magnitude: UInt64 = 0
    let isNegative = text.first == UInt8(ascii: "-")
    for byte in isNegative ? text.dropFirst() : text {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      let (times, overflowed) = magnitude.multipliedReportingOverflow(by: 10)
      let (sum, carried) = times.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
      guard !overflowed, !carried else { return nil }
      magnitude = sum
    }
    if !isNegative || magnitude == 0 { return Integer(exactly: magnitude) }
    guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
    return Integer(exactly: Int64(bitPattern: 0 &- magnitude))
  }

  /// The integer of a number with a fraction or an exponent, or too large for its digits to
  /// fit, as `JSONDecoder` works it out (see ``integer(_:)``); `nil` where it throws.
  static func wholeNumber<Integer: FixedWidthInteger>(
    _ text: String, as type: Integer.Type
  ) -> Integer? {
    if let double = Double(text) {
      guard let value = Integer(exactly: double) else { return nil }
      if double.magnitude < 0x1p53 { return value }
    }
    guard let decimal = Decimal(string: text), !decimal.isNaN,
      var magnitude = UInt64(decimal.significand.description)
    else { return nil }
    if decimal.exponent < 0 {
      for _ in 0 ..< -decimal.exponent { magnitude /= 10 }
    } else {
      for _ in 0..<decimal.exponent {
        let (times, overflowed) = magnitude.multipliedReportingOverflow(by: 10)
        guard !overflowed else { return nil }
        magnitude = times
      }
    }
    guard decimal.sign == .minus else { return Integer(exactly: magnitude) }
    guard Integer.isSigned, let value = Integer(exactly: magnitude) else { return nil }
    return 0 - value
  }

  /// A floating-point number, read as `JSONDecoder` reads one: the nearest to the text, which
  /// must be finite, and zero only for a text of zeros (`1e-400` is an error, not `0.0`).
  func float<Float: BinaryFloatingPoint & LosslessStringConvertible>(
    _ type: Float.Type
  ) throws -> Float {
    guard kind == .number else { throw mismatch(type) }
    try input.checkWellFormed(node)
    let text = input.text(input.nodes[node])
    let string = String(decoding: text, as: UTF8.self)
    guard let value = Float(string), value.isFinite, value != 0 || Self.isZero(text) else {
      throw unrepresentable(string, type)
    }
    return value
  }

  /// Whether a number's text is zero: no digit but `0` before its exponent.
  static func isZero(_ text: ArraySlice<UInt8>) -> Bool {
    for byte in text {
      if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { return true }
      if byte >= UInt8(ascii: "1"), byte <= UInt8(ascii: "9") { return false }
    }
    return true
  }
}

extension JSONReading: SingleValueDecodingContainer {
  @usableFromInline
  func decodeNil() -> Bool { kind == .null }

  @usableFromInline
  func decode(_ type: Bool.Type) throws -> Bool {
    switch kind {
    case .true: return true
    case .false: return false
    default: throw mismatch(type)
    }
  }

  @usableFromInline
  func decode(_ type: String.Type) throws -> String {
    guard kind == .string || kind == .escapedString else { throw mismatch(type) }
    try input.checkWellFormed(node)
    return input.string(node)
  }

  @usableFromInline
  func decode(_ type: Double.Type) throws -> Double { try float(type) }
  @usableFromInline
  func decode(_ type: Float.Type) throws -> Float { try float(type) }
  @usableFromInline
  func decode(_ type: Int.Type) throws -> Int { try integer(type) }
  @usableFromInline
  func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
  @usableFromInline
  func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
  @usableFromInline
  func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
  @usableFromInline
  func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
  @usableFromInline
  func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
  @usableFromInline
  func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
  @usableFromInline
  func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
  @usableFromInline
  func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
  @usableFromInline
  func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

  @usableFromInline
  func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
    try decode(value: type)
  }
}

extension JSONInput {
  /// Node `index` as a ``RecordedJSON``, numbers as their text; throws where a number's or a
  /// string's text (a key's too) is not well formed, as `JSONDecoder` does reading every value.
  func value(at index: Int) throws -> RecordedJSON {
    let node = nodes[index]
    try checkWellFormed(index)
    switch node.kind {
    case .null: return .null
    case .true: return .bool(true)
    case .false: return .bool(false)
    case .number: return .number(String(decoding: text(node), as: UTF8.self))
    case .string, .escapedString: return .string(string(index))
    case .array:
      var elements: [RecordedJSON] = []
      var child = index + 1
      for _ in 0..<node.count {
        elements.append(try value(at: child))
        child = Int(nodes[child].next)
      }
      return .array(elements)
    case .object:
      var members: [RecordedJSON.Member] = []
      var child = index + 1
      for _ in 0..<node.count {
        members.append(.init(name: string(child), value: try value(at: child + 1)))
        child = Int(nodes[child + 1].next)
      }
      return .object(members)
    }
  }

  /// The keys and indices from the line's top to node `target`.
  func codingPath(to target: Int) -> [any CodingKey] {
    var path: [any CodingKey] = []
    var index = 0
    while index != target, index < nodes.count {
      let node = nodes[index]
      guard node.kind == .object || node.kind == .array, target < Int(node.next) else { break }
      var child = index + 1
      var position = 0
      while child < Int(node.next) {
        let value = node.kind == .object ? child + 1 : child
        if target == child, node.kind == .object { return path }
        let next = Int(nodes[value].next)
        if target < next {
          path.append(node.kind == .object ? JSONKey(string(child)) : JSONKey(index: position))
          index = value
          break
        }
        child = next
        position += 1
      }
      if child >= Int(node.next) { break }
    }
    return path
  }
}
