#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The `Encoder` a value's `encode(to:)` gets: its frame in a ``StateHasher``.
struct HashingEncoder: Encoder {
  let hasher: StateHasher
  let depth: Int
  let serial: Int

  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    KeyedEncodingContainer(
      KeyedHashing<Key>(hasher: hasher, depth: hasher.open(.keyed, depth, serial), serial: serial))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    UnkeyedHashing(hasher: hasher, depth: hasher.open(.ordered, depth, serial), serial: serial)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleValueHashing(hasher: hasher, depth: depth, serial: serial)
  }
}

/// A keyed container: its members in any order.
struct KeyedHashing<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let hasher: StateHasher
  let depth: Int
  let serial: Int

  var codingPath: [any CodingKey] { [] }

  mutating func encodeNil(forKey key: Key) throws {
    try hasher.write(member: key, StateHasher.null, depth, serial)
  }
  mutating func encode(_ value: Bool, forKey key: Key) throws {
    try hasher.write(member: key, StateHasher.scalar(value), depth, serial)
  }
  mutating func encode(_ value: String, forKey key: Key) throws {
    try hasher.write(member: key, StateHasher.scalar(value), depth, serial)
  }
  mutating func encode(_ value: Double, forKey key: Key) throws {
    try hasher.write(member: key, StateHasher.scalar(value), depth, serial)
  }
  mutating func encode(_ value: Float, forKey key: Key) throws {
    try hasher.write(member: key, StateHasher.scalar(value), depth, serial)
  }
  mutating func encode(_ value: Int, forKey key: Key) throws {
    try integer(StateHasher.scalar(value), key)
  }
  mutating func encode(_ value: Int8, forKey key: Key) throws {
    try integer(StateHasher.scalar(value), key)
  }
  mutating func encode(_ value: Int16, forKey key: Key) throws {
    try integer(StateHasher.scalar(value), key)
  }
  mutating func encode(_ value: Int32, forKey key: Key) throws {
    try integer(StateHasher.scalar(value), key)
  }
  mutating func encode(_ value: Int64, forKey key: Key) throws {
    try integer(StateHasher.scalar(value), key)
  }
  mutating func encode(_ value: UInt, forKey key: Key) throws {
    try integer(StateHasher.scalar(value), key)
  }
  mutating func encode(_ value: UInt8, forKey key: Key) throws {
    try integer(StateHasher.scalar(value), key)
  }
  mutating func encode(_ value: UInt16, forKey key: Key) throws {
    try integer(StateHasher.scalar(value), key)
  }
  mutating func encode(_ value: UInt32, forKey key: Key) throws {
    try integer(StateHasher.scalar(value), key)
  }
  mutating func encode(_ value: UInt64, forKey key: Key) throws {
    try integer(StateHasher.scalar(value), key)
  }

  func integer(_ hash: UInt64, _ key: Key) throws {
    try hasher.write(member: key, hash, depth, serial)
  }

  mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
    try hasher.enter(depth, serial)
    let hash = try hasher.hash(value)
    hasher.add(member: StateHasher.scalar(key.stringValue), hash, at: depth)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    let (depth, serial) = hasher.push(
      .keyed, in: depth, serial, key: StateHasher.scalar(key.stringValue))
    return KeyedEncodingContainer(
      KeyedHashing<NestedKey>(hasher: hasher, depth: depth, serial: serial))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let (depth, serial) = hasher.push(
      .ordered, in: depth, serial, key: StateHasher.scalar(key.stringValue))
    return UnkeyedHashing(hasher: hasher, depth: depth, serial: serial)
  }

  mutating func superEncoder() -> any Encoder {
    let (depth, serial) = hasher.push(
      .empty, in: depth, serial, key: StateHasher.scalar("super"))
    return HashingEncoder(hasher: hasher, depth: depth, serial: serial)
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    let (depth, serial) = hasher.push(
      .empty, in: depth, serial, key: StateHasher.scalar(key.stringValue))
    return HashingEncoder(hasher: hasher, depth: depth, serial: serial)
  }
}

/// An unkeyed container: its elements in order.
struct UnkeyedHashing: UnkeyedEncodingContainer {
  let hasher: StateHasher
  let depth: Int
  let serial: Int

  var codingPath: [any CodingKey] { [] }
  var count: Int { hasher.isOpen(depth, serial) ? hasher.frames[depth].count : 0 }

  mutating func encodeNil() throws { try hasher.write(element: StateHasher.null, depth, serial) }
  mutating func encode(_ value: Bool) throws { try element(StateHasher.scalar(value)) }
  mutating func encode(_ value: String) throws { try element(StateHasher.scalar(value)) }
  mutating func encode(_ value: Double) throws { try element(StateHasher.scalar(value)) }
  mutating func encode(_ value: Float) throws { try element(StateHasher.scalar(value)) }
  mutating func encode(_ value: Int) throws { try element(StateHasher.scalar(value)) }
  mutating func encode(_ value: Int8) throws { try element(StateHasher.scalar(value)) }
  mutating func encode(_ value: Int16) throws { try element(StateHasher.scalar(value)) }
  mutating func encode(_ value: Int32) throws { try element(StateHasher.scalar(value)) }
  mutating func encode(_ value: Int64) throws { try element(StateHasher.scalar(value)) }
  mutating func encode(_ value: UInt) throws { try element(StateHasher.scalar(value)) }
  mutating func encode(_ value: UInt8) throws { try element(StateHasher.scalar(value)) }
  mutating func encode(_ value: UInt16) throws { try element(StateHasher.scalar(value)) }
  mutating func encode(_ value: UInt32) throws { try element(StateHasher.scalar(value)) }
  mutating func encode(_ value: UInt64) throws { try element(StateHasher.scalar(value)) }

  func element(_ hash: UInt64) throws { try hasher.write(element: hash, depth, serial) }

  mutating func encode<Value: Encodable>(_ value: Value) throws {
    try hasher.enter(depth, serial)
    let hash = try hasher.hash(value)
    hasher.add(element: hash, at: depth)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type
  ) -> KeyedEncodingContainer<NestedKey> {
    let (depth, serial) = hasher.push(.keyed, in: depth, serial, key: 0)
    return KeyedEncodingContainer(
      KeyedHashing<NestedKey>(hasher: hasher, depth: depth, serial: serial))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let (depth, serial) = hasher.push(.ordered, in: depth, serial, key: 0)
    return UnkeyedHashing(hasher: hasher, depth: depth, serial: serial)
  }

  mutating func superEncoder() -> any Encoder {
    let (depth, serial) = hasher.push(.empty, in: depth, serial, key: 0)
    return HashingEncoder(hasher: hasher, depth: depth, serial: serial)
  }
}

/// A single value container: the value of its frame.
struct SingleValueHashing: SingleValueEncodingContainer {
  let hasher: StateHasher
  let depth: Int
  let serial: Int

  var codingPath: [any CodingKey] { [] }

  mutating func encodeNil() throws { try hasher.write(scalar: StateHasher.null, depth, serial) }
  mutating func encode(_ value: Bool) throws { try scalar(StateHasher.scalar(value)) }
  mutating func encode(_ value: String) throws { try scalar(StateHasher.scalar(value)) }
  mutating func encode(_ value: Double) throws { try scalar(StateHasher.scalar(value)) }
  mutating func encode(_ value: Float) throws { try scalar(StateHasher.scalar(value)) }
  mutating func encode(_ value: Int) throws { try scalar(StateHasher.scalar(value)) }
  mutating func encode(_ value: Int8) throws { try scalar(StateHasher.scalar(value)) }
  mutating func encode(_ value: Int16) throws { try scalar(StateHasher.scalar(value)) }
  mutating func encode(_ value: Int32) throws { try scalar(StateHasher.scalar(value)) }
  mutating func encode(_ value: Int64) throws { try scalar(StateHasher.scalar(value)) }
  mutating func encode(_ value: UInt) throws { try scalar(StateHasher.scalar(value)) }
  mutating func encode(_ value: UInt8) throws { try scalar(StateHasher.scalar(value)) }
  mutating func encode(_ value: UInt16) throws { try scalar(StateHasher.scalar(value)) }
  mutating func encode(_ value: UInt32) throws { try scalar(StateHasher.scalar(value)) }
  mutating func encode(_ value: UInt64) throws { try scalar(StateHasher.scalar(value)) }

  func scalar(_ hash: UInt64) throws { try hasher.write(scalar: hash, depth, serial) }

  mutating func encode<Value: Encodable>(_ value: Value) throws {
    try hasher.enter(depth, serial)
    try scalar(try hasher.hash(value))
  }
}
