/// Small numbers by object identity: how an ``ObservedState`` finds, at every read, the observer
/// of the key path object a view read.
///
/// Open addressing with linear probing and a multiplicative hash of the object's address. A
/// `Dictionary` hashes an `ObjectIdentifier` with SipHash, which with its probing cost about 130
/// instructions a read in scenario 8 of the benchmarks; this costs about 15. Half full at most.
/// A value type: its owner guards it (the model, on the main actor).
@usableFromInline
struct IdentityTable {
  /// The slots, each an address (0: empty) and its number; a power of two of them.
  @usableFromInline var slots: [(key: UInt, value: Int)] = []
  /// How many slots are taken.
  @usableFromInline private(set) var count = 0
  /// How far a hash is shifted right to give a slot: 64 minus the slots' power of two.
  @usableFromInline var shift: UInt = 64

  @inlinable init() {}

  /// The number kept for `id`, if any.
  @inlinable
  func value(for id: ObjectIdentifier) -> Int? {
    value(forKey: UInt(bitPattern: id))
  }

  /// The number kept for the address `key`, if any.
  @inlinable
  func value(forKey key: UInt) -> Int? {
    guard count > 0 else { return nil }
    let mask = slots.count &- 1
    var slot = Self.slot(of: key, shift: shift)
    while true {
      let found = slots[slot]
      if found.key == key { return found.value }
      if found.key == 0 { return nil }
      slot = (slot &+ 1) & mask
    }
  }

  /// Keeps `value` for `id`, replacing what was kept for it.
  @usableFromInline
  mutating func set(_ value: Int, for id: ObjectIdentifier) {
    if (count &+ 1) &* 2 > slots.count { grow() }
    insert(value, for: UInt(bitPattern: id))
  }

  /// Keeps `value` for the address `key` in a table with room for it.
  mutating func insert(_ value: Int, for key: UInt) {
    let mask = slots.count &- 1
    var slot = Self.slot(of: key, shift: shift)
    while slots[slot].key != 0 && slots[slot].key != key { slot = (slot &+ 1) & mask }
    if slots[slot].key == 0 { count &+= 1 }
    slots[slot] = (key, value)
  }

  /// Forgets every identity.
  @usableFromInline
  mutating func removeAll() {
    slots = []
    count = 0
    shift = 64
  }

  /// The first slot to look in for `key`: its high bits after a multiplication by 2^64 divided
  /// by the golden ratio, which spreads addresses that differ in a few bits.
  @inlinable
  static func slot(of key: UInt, shift: UInt) -> Int {
    Int(truncatingIfNeeded: (UInt64(key) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
  }

  /// Doubles the slots (16 at first) and puts every identity back.
  mutating func grow() {
    let old = slots
    let capacity = max(16, old.count &* 2)
    slots = Array(repeating: (0, 0), count: capacity)
    shift = UInt(64 - capacity.trailingZeroBitCount)
    count = 0
    for entry in old where entry.key != 0 { insert(entry.value, for: entry.key) }
  }
}
