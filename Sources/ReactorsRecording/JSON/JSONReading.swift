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

  /// Decodes a value of `type` from this node.
  @usableFromInline
  func decode<Value: Decodable>(value type: Value.Type) throws -> Value {
    if type == String.self {
      return unsafeBitCast(try decode(String.self), to: Value.self)
    } else if type == Int.self {
      return unsafeBitCast(try integer(Int.self), to: Value.self)
    } else if type == Bool.self {
      return unsafeBitCast(try decode(Bool.self), to: Value.self)
    } else if type == Double.self {
      return unsafeBitCast(try float(Double.self), to: Value.self)
    } else if type == Data.self {
      guard let data = Data(base64Encoded: try decode(String.self)) else {
        throw corrupted("The string is not valid Base64 data.")
      }
      return unsafeBitCast(data, to: Value.self)
    } else if type == URL.self {
      guard let url = URL(string: try decode(String.self)) else {
        throw corrupted("The string is not a valid URL.")
      }
      return unsafeBitCast(url, to: Value.self)
    } else if type == RecordedJSON.self {
      return unsafeBitCast(input.value(at: node), to: Value.self)
    } else if type == Decimal.self {
      guard kind == .number,
        let decimal = Decimal(
          string: String(decoding: input.text(input.nodes[node]), as: UTF8.self))
      else { throw mismatch(Decimal.self) }
      return unsafeBitCast(decimal, to: Value.self)
    }
    return try Value(from: self)
  }

  func integer<Integer: FixedWidthInteger>(_ type: Integer.Type) throws -> Integer {
    guard kind == .number else { throw mismatch(type) }
    let text = input.text(input.nodes[node])
    var magnitude: UInt64 = 0
    var isWhole = true
    let digits = text.first == UInt8(ascii: "-") ? text.dropFirst() : text
    for byte in digits {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else {
        isWhole = false
        break
      }
      let (times, overflowed) = magnitude.multipliedReportingOverflow(by: 10)
      let (sum, carried) = times.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
      guard !overflowed, !carried else {
        isWhole = false
        break
      }
      magnitude = sum
    }
    let value: Integer?
    if !isWhole {
      value = Double(String(decoding: text, as: UTF8.self)).flatMap { Integer(exactly: $0) }
    } else if digits.count == text.count || magnitude == 0 {
      value = Integer(exactly: magnitude)
    } else if magnitude <= UInt64(Int64.max) + 1 {
      value = Integer(exactly: Int64(bitPattern: 0 &- magnitude))
    } else {
      value = nil
    }
    guard let value else {
      throw corrupted(
        "Parsed JSON number <\(String(decoding: text, as: UTF8.self))> does not fit in "
          + "\(type).")
    }
    return value
  }

  func float<Float: BinaryFloatingPoint & LosslessStringConvertible>(
    _ type: Float.Type
  ) throws -> Float {
    guard kind == .number else { throw mismatch(type) }
    let text = String(decoding: input.text(input.nodes[node]), as: UTF8.self)
    guard let value = Float(text), value.isFinite else {
      throw corrupted("Parsed JSON number <\(text)> does not fit in \(type).")
    }
    return value
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
  /// Node `index` as a ``RecordedJSON``, numbers as their text.
  func value(at index: Int) -> RecordedJSON {
    let node = nodes[index]
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
        elements.append(value(at: child))
        child = Int(nodes[child].next)
      }
      return .array(elements)
    case .object:
      var members: [RecordedJSON.Member] = []
      var child = index + 1
      for _ in 0..<node.count {
        members.append(.init(name: string(child), value: value(at: child + 1)))
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
