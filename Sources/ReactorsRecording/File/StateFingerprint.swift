#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The fingerprint of a state, as a recording file holds it on each mutation's line (`h`): the
/// top 53 bits of a 64-bit hash of the state's `Codable` encoding, taken by ``StateHasher``
/// (FNV-1a over text and bytes, MurmurHash3's finalizer to combine). A replay fingerprints each
/// state it makes the same way and compares: equal states have equal fingerprints (in any
/// process), and a state that differs has another one but once in 2⁵³.
///
/// 53 bits, so that a file holds it as a JSON integer that every JSON reader reads exactly (one
/// that reads numbers as `Double`, as JavaScript and `jq` do, would change a larger one), and
/// that is read and written without making a string.
@usableFromInline
enum StateFingerprint {
  /// The scheme's name, in the header of a file that holds fingerprints (`fingerprint`): a
  /// reader compares the fingerprints of a file whose header names this scheme, and treats
  /// those of any other as absent. A change to how a value is hashed is a new name.
  @usableFromInline static let scheme = "codable-hash53-1"

  /// The largest fingerprint: 2⁵³ − 1.
  @usableFromInline static let largest: UInt64 = (1 << 53) - 1
}

/// Fingerprints values through their `encode(to:)`: each scalar, key and element is hashed (a
/// text's or bytes' with FNV-1a, a number's bits with MurmurHash3's finalizer) and the hashes
/// are combined so that the order of what has no order does not count (an object's members, a
/// `Set`'s elements, a `Dictionary`'s entries, whose order changes from one process to the
/// next: their hashes are summed) and the order of the rest does (an array's elements: each is
/// combined with the ones before). No text is made.
///
/// Values are encoded depth first, as `Codable` types do: a nested container is complete once a
/// write lands in a container that encloses it. A value that breaks that (writes to a container
/// after moving on from it), or whose `encode(to:)` throws, has no fingerprint.
///
/// Not thread-safe: one fingerprint at a time, on one thread (a file's writer, a replay).
@usableFromInline
final class StateHasher {
  /// An open container, or a value not written yet.
  struct Frame {
    var kind: Kind
    /// Tells this frame from one opened later at the same depth.
    let serial: Int
    /// Its key in its parent, when the parent is keyed (a nested container, a super encoder).
    let key: UInt64
    /// Keyed: the sum of its members' mixed hashes; ordered: the running hash of its elements;
    /// scalar: the value's hash.
    var hash: UInt64
    var count: Int
  }

  enum Kind { case empty, scalar, keyed, ordered }

  /// Where an ordered frame's running hash starts.
  static let orderedStart: UInt64 = 0xcbf2_9ce4_8422_2325

  /// A value written out of order (see ``StateHasher``): it has no fingerprint.
  struct Misuse: Error {}

  // Unchecked exclusivity: one thread uses a hasher, and no access to these overlaps another
  // (the checks cost more than the arithmetic they guard: a fifth of a fingerprint's time).

  /// The open frames, innermost last.
  @exclusivity(unchecked) var frames: [Frame] = []
  @exclusivity(unchecked) var nextSerial = 1

  @usableFromInline
  init() { frames.reserveCapacity(16) }

  /// The fingerprint of `value` (see ``StateFingerprint``); `nil` when it cannot be taken (its
  /// `encode(to:)` throws, or writes out of order).
  @usableFromInline
  func fingerprint<Value: Encodable>(_ value: Value) -> UInt64? {
    frames.removeAll(keepingCapacity: true)
    return (try? hash(value)).map { $0 >> 11 }
  }

  /// The hash of `value`, encoded in a frame of its own above the open ones.
  func hash<Value: Encodable>(_ value: Value) throws -> UInt64 {
    if Value.self == String.self, let string = value as? String { return Self.scalar(string) }
    if Value.self == Int.self, let integer = value as? Int { return Self.scalar(integer) }
    if Value.self == Bool.self, let bool = value as? Bool { return Self.scalar(bool) }
    if Value.self == Double.self, let double = value as? Double { return Self.scalar(double) }
    if Value.self == Data.self, let data = value as? Data { return Self.scalar(data) }
    if let unordered = value as? any UnorderedEncodable {
      return try unordered.unorderedHash(in: self)
    }
    let depth = frames.count
    let serial = nextSerial
    nextSerial &+= 1
    frames.append(Frame(kind: .empty, serial: serial, key: 0, hash: 0, count: 0))
    try value.encode(to: HashingEncoder(hasher: self, depth: depth, serial: serial))
    guard isOpen(depth, serial) else { throw Misuse() }
    close(above: depth)
    return Self.finish(frames.removeLast())
  }

  // MARK: Frames

  /// Whether the frame at `depth` is the one opened with `serial`, still open.
  func isOpen(_ depth: Int, _ serial: Int) -> Bool {
    depth >= 0 && depth < frames.count && frames[depth].serial == serial
  }

  /// Closes the frames above `depth`, each into its parent.
  func close(above depth: Int) {
    while frames.count > depth + 1 {
      let child = frames.removeLast()
      let hash = Self.finish(child)
      if frames[frames.count - 1].kind == .keyed {
        add(member: child.key, hash, at: frames.count - 1)
      } else {
        add(element: hash, at: frames.count - 1)
      }
    }
  }

  /// Readies the frame at `depth` (opened with `serial`) for a write: closes what is above it.
  func enter(_ depth: Int, _ serial: Int) throws {
    guard isOpen(depth, serial) else { throw Misuse() }
    close(above: depth)
  }

  /// The frame at `depth` as a container of `kind`: its depth, or -1 when it cannot be one
  /// (closed, or a container of another kind already).
  func open(_ kind: Kind, _ depth: Int, _ serial: Int) -> Int {
    guard isOpen(depth, serial) else { return -1 }
    close(above: depth)
    switch frames[depth].kind {
    case .empty:
      frames[depth].kind = kind
      frames[depth].hash = kind == .ordered ? Self.orderedStart : 0
      return depth
    case kind: return depth
    default: return -1
    }
  }

  /// Opens a frame of `kind` in the one at `depth` (opened with `serial`), under `key`: its
  /// depth and serial, or (-1, 0) when the frame at `depth` is closed.
  func push(_ kind: Kind, in depth: Int, _ serial: Int, key: UInt64) -> (Int, Int) {
    guard isOpen(depth, serial) else { return (-1, 0) }
    close(above: depth)
    let serial = nextSerial
    nextSerial &+= 1
    let hash = kind == .ordered ? Self.orderedStart : 0
    frames.append(Frame(kind: kind, serial: serial, key: key, hash: hash, count: 0))
    return (depth + 1, serial)
  }

  /// Adds a member, of key `key` and value `hash`, to the keyed frame at `depth`: in any order.
  func add(member key: UInt64, _ hash: UInt64, at depth: Int) {
    frames[depth].hash &+= Self.combine(key, hash)
    frames[depth].count += 1
  }

  /// Adds an element of value `hash` to the ordered frame at `depth`, after the others.
  func add(element hash: UInt64, at depth: Int) {
    frames[depth].hash = Self.combine(frames[depth].hash, hash)
    frames[depth].count += 1
  }

  /// Writes a member to the keyed frame at `depth`.
  func write(member key: some CodingKey, _ hash: UInt64, _ depth: Int, _ serial: Int) throws {
    try enter(depth, serial)
    add(member: Self.scalar(key.stringValue), hash, at: depth)
  }

  /// Writes an element to the ordered frame at `depth`.
  func write(element hash: UInt64, _ depth: Int, _ serial: Int) throws {
    try enter(depth, serial)
    add(element: hash, at: depth)
  }

  /// Writes the single value of the frame at `depth`.
  func write(scalar hash: UInt64, _ depth: Int, _ serial: Int) throws {
    try enter(depth, serial)
    guard frames[depth].kind == .empty else { throw Misuse() }
    frames[depth].kind = .scalar
    frames[depth].hash = hash
  }

  /// The hash of a closed frame.
  static func finish(_ frame: Frame) -> UInt64 {
    switch frame.kind {
    case .empty: tagged(Tag.empty, 0)
    case .scalar: frame.hash
    case .keyed: tagged(Tag.keyed, frame.hash, count: frame.count)
    case .ordered: tagged(Tag.ordered, frame.hash, count: frame.count)
    }
  }

  // MARK: Scalars

  /// What tells one kind of value from another with the same bits.
  enum Tag {
    static let empty: UInt8 = 1
    static let null: UInt8 = 2
    static let bool: UInt8 = 3
    static let integer: UInt8 = 4
    static let largeUnsigned: UInt8 = 5
    static let number: UInt8 = 6
    static let string: UInt8 = 7
    static let keyed: UInt8 = 8
    static let ordered: UInt8 = 9
    static let set: UInt8 = 10
    static let dictionary: UInt8 = 11
    static let data: UInt8 = 12
  }

  static var null: UInt64 { tagged(Tag.null, 0) }

  static func scalar(_ value: Bool) -> UInt64 { tagged(Tag.bool, value ? 1 : 0) }

  // Integers, by value: not generic, so that no call goes through `FixedWidthInteger`'s
  // witnesses.
  static func scalar(_ value: Int) -> UInt64 { scalar(signed: Int64(value)) }
  static func scalar(_ value: Int8) -> UInt64 { scalar(signed: Int64(value)) }
  static func scalar(_ value: Int16) -> UInt64 { scalar(signed: Int64(value)) }
  static func scalar(_ value: Int32) -> UInt64 { scalar(signed: Int64(value)) }
  static func scalar(_ value: Int64) -> UInt64 { scalar(signed: value) }
  static func scalar(_ value: UInt) -> UInt64 { scalar(unsigned: UInt64(value)) }
  static func scalar(_ value: UInt8) -> UInt64 { scalar(signed: Int64(value)) }
  static func scalar(_ value: UInt16) -> UInt64 { scalar(signed: Int64(value)) }
  static func scalar(_ value: UInt32) -> UInt64 { scalar(signed: Int64(value)) }
  static func scalar(_ value: UInt64) -> UInt64 { scalar(unsigned: value) }

  static func scalar(signed value: Int64) -> UInt64 {
    tagged(Tag.integer, UInt64(bitPattern: value))
  }

  /// An unsigned integer: as a signed one when it is one, so that a number hashes the same
  /// whatever its type.
  static func scalar(unsigned value: UInt64) -> UInt64 {
    value <= UInt64(Int64.max)
      ? scalar(signed: Int64(value)) : tagged(Tag.largeUnsigned, value)
  }

  /// A number: -0 as 0 and every NaN as one, as `==` sees them.
  static func scalar(_ value: Double) -> UInt64 {
    let bits = value == 0 ? 0 : value.isNaN ? Double.nan.bitPattern : value.bitPattern
    return tagged(Tag.number, bits)
  }

  static func scalar(_ value: Float) -> UInt64 { scalar(Double(value)) }

  static func scalar(_ value: String) -> UInt64 {
    var text = value
    return text.withUTF8 { bytes in
      var hash = FNV1a()
      for byte in bytes { hash.add(byte) }
      return tagged(Tag.string, hash.value, count: bytes.count)
    }
  }

  static func scalar(_ value: Data) -> UInt64 {
    var hash = FNV1a()
    for byte in value { hash.add(byte) }
    return tagged(Tag.data, hash.value, count: value.count)
  }

  /// `word`, told apart by `tag`, and by `count` when there is one.
  static func tagged(_ tag: UInt8, _ word: UInt64, count: Int? = nil) -> UInt64 {
    let hash = mix(word ^ (UInt64(tag) &* 0x9E37_79B9_7F4A_7C15))
    guard let count else { return hash }
    return combine(hash, UInt64(count))
  }

  /// `first` then `second`: a hash that changes with either and with their order.
  static func combine(_ first: UInt64, _ second: UInt64) -> UInt64 {
    mix(((first << 23) | (first >> 41)) &* 0x9E37_79B9_7F4A_7C15 ^ second)
  }

  /// Spreads a word's bits (MurmurHash3's finalizer, a bijection): every bit of the result
  /// depends on every bit of the word, so that a sum of members stays a good hash.
  static func mix(_ hash: UInt64) -> UInt64 {
    var mixed = hash
    mixed ^= mixed >> 33
    mixed &*= 0xff51_afd7_ed55_8ccd
    mixed ^= mixed >> 33
    mixed &*= 0xc4ce_b9fe_1a85_ec53
    mixed ^= mixed >> 33
    return mixed
  }
}

/// 64-bit FNV-1a, over a text's or bytes' bytes.
struct FNV1a {
  var value: UInt64 = 0xcbf2_9ce4_8422_2325

  mutating func add(_ byte: UInt8) {
    value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
  }
}

/// A collection whose order is not part of its value, and changes from one process to the next
/// (a `Set`, a `Dictionary`): fingerprinted as the sum of its elements' mixed hashes.
protocol UnorderedEncodable {
  /// The hash of the collection, whatever the order of its elements.
  func unorderedHash(in hasher: StateHasher) throws -> UInt64
}

extension Set: UnorderedEncodable where Element: Encodable {
  func unorderedHash(in hasher: StateHasher) throws -> UInt64 {
    var sum: UInt64 = 0
    for element in self { sum &+= StateHasher.mix(try hasher.hash(element)) }
    return StateHasher.tagged(StateHasher.Tag.set, sum, count: count)
  }
}

extension Dictionary: UnorderedEncodable where Key: Encodable, Value: Encodable {
  func unorderedHash(in hasher: StateHasher) throws -> UInt64 {
    var sum: UInt64 = 0
    for (key, value) in self {
      sum &+= StateHasher.combine(try hasher.hash(key), try hasher.hash(value))
    }
    return StateHasher.tagged(StateHasher.Tag.dictionary, sum, count: count)
  }
}
