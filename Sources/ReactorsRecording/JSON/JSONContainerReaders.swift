/// The keyed container of a ``JSONReading``: one object's members. A key is found by a scan
/// of the members, or through a table for an object of more than 16 (a key written twice reads
/// as its first value, and keys compare as `String`s do, as `JSONDecoder`'s).
struct JSONObjectReader<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let input: JSONInput
  let node: Int
  let table: [String: Int]?

  init(_ input: JSONInput, _ node: Int) {
    self.input = input
    self.node = node
    let count = Int(input.nodes[node].count)
    guard count > 16 else {
      table = nil
      return
    }
    var table: [String: Int] = [:]
    table.reserveCapacity(count)
    var child = node + 1
    for _ in 0..<count {
      let key = input.string(child)
      if table[key] == nil { table[key] = child + 1 }
      child = Int(input.nodes[child + 1].next)
    }
    self.table = table
  }

  var codingPath: [any CodingKey] { input.codingPath(to: node) }

  /// The object's keys that `Key` has, each once (a key written twice, as `JSONDecoder` reads
  /// it: once, its first value).
  var allKeys: [Key] {
    var keys: [Key] = []
    let count = Int(input.nodes[node].count)
    var seen: Set<String> = []
    var child = node + 1
    for _ in 0..<count {
      let name = input.string(child)
      if count == 1 || seen.insert(name).inserted, let key = Key(stringValue: name) {
        keys.append(key)
      }
      child = Int(input.nodes[child + 1].next)
    }
    return keys
  }

  /// The node of `key`'s value, if the object has that key.
  func valueNode(_ key: Key) -> Int? {
    if let table { return table[key.stringValue] }
    let name = key.stringValue
    var child = node + 1
    for _ in 0..<input.nodes[node].count {
      if input.isKey(child, name) { return child + 1 }
      child = Int(input.nodes[child + 1].next)
    }
    return nil
  }

  /// The decoder of `key`'s value; throws `keyNotFound` when there is none.
  func value(_ key: Key) throws -> JSONReading {
    guard let found = valueNode(key) else {
      throw DecodingError.keyNotFound(
        key,
        .init(
          codingPath: codingPath,
          debugDescription: "No value associated with key \"\(key.stringValue)\"."))
    }
    return JSONReading(input, found)
  }

  func contains(_ key: Key) -> Bool { valueNode(key) != nil }

  func decodeNil(forKey key: Key) throws -> Bool { try value(key).decodeNil() }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
    try value(key).decode(type)
  }
  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    try value(key).decode(type)
  }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    try value(key).float(type)
  }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
    try value(key).float(type)
  }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try value(key).integer(type) }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try value(key).integer(type) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
    try value(key).integer(type)
  }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
    try value(key).integer(type)
  }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
    try value(key).integer(type)
  }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try value(key).integer(type) }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
    try value(key).integer(type)
  }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
    try value(key).integer(type)
  }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
    try value(key).integer(type)
  }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
    try value(key).integer(type)
  }

  func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value {
    try value(key).decode(value: type)
  }

  /// One look-up for an optional value (the protocol's own takes three).
  func decodeIfPresent<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value? {
    guard let found = valueNode(key), input.nodes[found].kind != .null else { return nil }
    return try JSONReading(input, found).decode(value: type)
  }
  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
    guard let found = valueNode(key), input.nodes[found].kind != .null else { return nil }
    return try JSONReading(input, found).decode(type)
  }
  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
    guard let found = valueNode(key), input.nodes[found].kind != .null else { return nil }
    return try JSONReading(input, found).integer(type)
  }
  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
    guard let found = valueNode(key), input.nodes[found].kind != .null else { return nil }
    return try JSONReading(input, found).decode(type)
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    try value(key).container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try value(key).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder {
    guard let key = Key(stringValue: "super") else { return JSONReading(input, node) }
    return try value(key)
  }

  func superDecoder(forKey key: Key) throws -> any Decoder { try value(key) }
}

/// The unkeyed container of a ``JSONReading``: one array's elements, in order.
struct JSONArrayReader: UnkeyedDecodingContainer {
  let input: JSONInput
  let node: Int
  /// The next element's node.
  var cursor: Int
  var currentIndex = 0

  init(_ input: JSONInput, _ node: Int) {
    self.input = input
    self.node = node
    cursor = node + 1
  }

  var codingPath: [any CodingKey] { input.codingPath(to: node) }
  var count: Int? { Int(input.nodes[node].count) }
  var isAtEnd: Bool { currentIndex >= Int(input.nodes[node].count) }

  /// Decodes the next element with `body`, and moves past it if that succeeds; throws
  /// `valueNotFound` at the end.
  mutating func next<Value>(
    _ type: Any.Type, _ body: (JSONReading) throws -> Value
  ) throws -> Value {
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(
        type,
        .init(
          codingPath: codingPath + [JSONKey(index: currentIndex)],
          debugDescription: "Unkeyed container is at end."))
    }
    let value = try body(JSONReading(input, cursor))
    cursor = Int(input.nodes[cursor].next)
    currentIndex += 1
    return value
  }

  /// Moves past a `null` only (at the end, throws `valueNotFound`).
  mutating func decodeNil() throws -> Bool {
    guard isAtEnd || input.nodes[cursor].kind == .null else { return false }
    return try next(Never.self) { _ in true }
  }

  mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type) { try $0.decode(type) } }
  mutating func decode(_ type: String.Type) throws -> String {
    try next(type) { try $0.decode(type) }
  }
  mutating func decode(_ type: Double.Type) throws -> Double {
    try next(type) { try $0.float(type) }
  }
  mutating func decode(_ type: Float.Type) throws -> Float { try next(type) { try $0.float(type) } }
  mutating func decode(_ type: Int.Type) throws -> Int { try next(type) { try $0.integer(type) } }
  mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type) { try $0.integer(type) } }
  mutating func decode(_ type: Int16.Type) throws -> Int16 {
    try next(type) { try $0.integer(type) }
  }
  mutating func decode(_ type: Int32.Type) throws -> Int32 {
    try next(type) { try $0.integer(type) }
  }
  mutating func decode(_ type: Int64.Type) throws -> Int64 {
    try next(type) { try $0.integer(type) }
  }
  mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type) { try $0.integer(type) } }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 {
    try next(type) { try $0.integer(type) }
  }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 {
    try next(type) { try $0.integer(type) }
  }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 {
    try next(type) { try $0.integer(type) }
  }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 {
    try next(type) { try $0.integer(type) }
  }

  mutating func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
    try next(type) { try $0.decode(value: type) }
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type
  ) throws -> KeyedDecodingContainer<NestedKey> {
    try next(type) { try $0.container(keyedBy: type) }
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try next([Any].self) { try $0.unkeyedContainer() }
  }

  mutating func superDecoder() throws -> any Decoder { try next(Any.self) { $0 } }
}
