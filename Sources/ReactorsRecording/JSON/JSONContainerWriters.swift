/// The keyed container a ``JSONSlot`` gives: the members of one object in a ``JSONOutput``.
struct JSONObjectWriter<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let frame: JSONOpenFrame

  init(_ output: JSONOutput, _ frame: Int, _ serial: Int) {
    self.frame = JSONOpenFrame(output: output, index: frame, serial: serial)
  }

  var output: JSONOutput { frame.output }
  var codingPath: [any CodingKey] { frame.codingPath }

  /// Writes `key` and gives the slot of its value.
  func slot(_ key: Key) throws -> JSONSlot {
    let name = key.stringValue
    return try frame.slot(value: name, path: codingPath + [key]) {
      try $0.beginMember(frame.index, frame.serial, key: name)
    }
  }

  mutating func encodeNil(forKey key: Key) throws {
    var slot = try slot(key)
    try slot.encodeNil()
  }
  mutating func encode(_ value: Bool, forKey key: Key) throws {
    var slot = try slot(key)
    try slot.encode(value)
  }
  mutating func encode(_ value: String, forKey key: Key) throws {
    var slot = try slot(key)
    try slot.encode(value)
  }
  mutating func encode(_ value: Double, forKey key: Key) throws {
    var slot = try slot(key)
    try slot.encode(value)
  }
  mutating func encode(_ value: Float, forKey key: Key) throws {
    var slot = try slot(key)
    try slot.encode(value)
  }
  mutating func encode(_ value: Int, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: UInt, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: UInt32, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { try integer(value, key) }

  func integer<Integer: FixedWidthInteger>(_ value: Integer, _ key: Key) throws {
    try slot(key).integer(value)
  }

  mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
    try slot(key).encode(value: value)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    guard let slot = try? slot(key) else {
      return KeyedEncodingContainer(JSONObjectWriter<NestedKey>(output, -1, 0))
    }
    return slot.container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    guard let slot = try? slot(key) else { return JSONArrayWriter(output, -1, 0) }
    return slot.unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder {
    superEncoder(forKey: Key(stringValue: "super")!)
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    (try? slot(key)) ?? JSONSlot(output, depth: -1)
  }
}

/// The unkeyed container a ``JSONSlot`` gives: the elements of one array in a ``JSONOutput``.
struct JSONArrayWriter: UnkeyedEncodingContainer {
  let frame: JSONOpenFrame

  init(_ output: JSONOutput, _ frame: Int, _ serial: Int) {
    self.frame = JSONOpenFrame(output: output, index: frame, serial: serial)
  }

  var output: JSONOutput { frame.output }
  var codingPath: [any CodingKey] { frame.codingPath }

  var count: Int {
    guard frame.isOpen else { return 0 }
    return output.frames[frame.index].count
  }

  /// Begins an element and gives its slot.
  func slot() throws -> JSONSlot {
    try frame.slot(value: (), path: codingPath) {
      try $0.beginElement(frame.index, frame.serial)
    }
  }

  mutating func encodeNil() throws {
    var slot = try slot()
    try slot.encodeNil()
  }
  mutating func encode(_ value: Bool) throws {
    var slot = try slot()
    try slot.encode(value)
  }
  mutating func encode(_ value: String) throws {
    var slot = try slot()
    try slot.encode(value)
  }
  mutating func encode(_ value: Double) throws {
    var slot = try slot()
    try slot.encode(value)
  }
  mutating func encode(_ value: Float) throws {
    var slot = try slot()
    try slot.encode(value)
  }
  mutating func encode(_ value: Int) throws { try slot().integer(value) }
  mutating func encode(_ value: Int8) throws { try slot().integer(value) }
  mutating func encode(_ value: Int16) throws { try slot().integer(value) }
  mutating func encode(_ value: Int32) throws { try slot().integer(value) }
  mutating func encode(_ value: Int64) throws { try slot().integer(value) }
  mutating func encode(_ value: UInt) throws { try slot().integer(value) }
  mutating func encode(_ value: UInt8) throws { try slot().integer(value) }
  mutating func encode(_ value: UInt16) throws { try slot().integer(value) }
  mutating func encode(_ value: UInt32) throws { try slot().integer(value) }
  mutating func encode(_ value: UInt64) throws { try slot().integer(value) }

  mutating func encode<Value: Encodable>(_ value: Value) throws {
    try slot().encode(value: value)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type
  ) -> KeyedEncodingContainer<NestedKey> {
    guard let slot = try? slot() else {
      return KeyedEncodingContainer(JSONObjectWriter<NestedKey>(output, -1, 0))
    }
    return slot.container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    guard let slot = try? slot() else { return JSONArrayWriter(output, -1, 0) }
    return slot.unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder {
    (try? slot()) ?? JSONSlot(output, depth: -1)
  }
}

/// A container's place in a ``JSONOutput``: the open object or array it writes to, by depth
/// and serial (see ``JSONOutput/Frame``); depth -1 for one that could not be opened, whose
/// every write throws.
struct JSONOpenFrame {
  let output: JSONOutput
  let index: Int
  let serial: Int

  var codingPath: [any CodingKey] { output.codingPath(to: max(index, 0)) }

  /// Whether the container is still open.
  var isOpen: Bool {
    index >= 0 && index < output.frames.count && output.frames[index].serial == serial
  }

  /// Begins a member or an element with `begin`, and gives the slot of its value; a
  /// container written to after the value holding it went on throws, naming `value` at `path`.
  @inline(__always)
  func slot(
    value: @autoclosure () -> Any, path: @autoclosure () -> [any CodingKey],
    _ begin: (JSONOutput) throws -> Void
  ) throws -> JSONSlot {
    do {
      try begin(output)
    } catch {
      throw EncodingError.invalidValue(
        value(), .init(codingPath: path(), debugDescription: Self.closed))
    }
    return JSONSlot(output, depth: index + 1)
  }

  static var closed: String {
    "a container was written to after the value holding it went on (or its slot held another "
      + "value already): the recording encoder writes each value before the next."
  }
}
