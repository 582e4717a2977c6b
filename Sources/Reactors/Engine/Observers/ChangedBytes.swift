#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A registry's copy of the state's bytes, which finds the observed values that may have
/// changed without asking each one: bought by scenario 8, a thousand views of a thousand fields,
/// where comparing every observed field after each change cost 4 µs.
///
/// Used when a registry has many observed key paths (``threshold``). After each change it
/// compares the new state with this copy 1 KB at a time, then 256 bytes, then 64 bytes and, in
/// a block whose bytes differ, 8 bytes at a time; it asks only the values whose own bytes differ: the others are byte for
/// byte what they were.
///
/// Why that is sound: for every observed value stored inline, the copy holds the bytes of the
/// group's last value (``ObserverGroup/bytes``), and the group keeps that value alive, so the
/// objects its bytes point to cannot be freed and their addresses reused. A value whose bytes
/// equal them is the same value, holding the same objects. To keep this true:
/// - when the groups change (added or removed), the next change asks every group (``isStale``)
///   and then copies the whole state;
/// - a group in a block that differs keeps the new value even when it is `==` to the last one
///   but differs in its bytes (another buffer of equal contents), and then the block's bytes are
///   copied.
/// Bytes of the state that no group observes are copied as they are, unretained: they are only
/// ever compared, never read as values, and a difference there costs only the comparisons of
/// the groups in the block.
///
/// Values whose bytes do not keep what they point to alive are outside this reasoning: an
/// `unowned(unsafe)` reference, an `Unmanaged`, an Objective-C `weak` reference, or a pointer
/// whose `==` compares what it points to. An object freed and another made at its address
/// between two changes looks unchanged. Observe such a value through a computed key path
/// (asked at every change) or keep the objects alive in the state.
///
/// Guarded by the engine's lock, as the registry is: its fields are marked
/// `@exclusivity(unchecked)`, since the lock already makes every access exclusive, and the
/// runtime's checks of a class's fields cost about 880 instructions a change here (4 accesses,
/// each through thread-local storage): a fifth of a change to a reactor with a thousand observed
/// fields.
@usableFromInline
final class ChangedBytes {
  /// The fewest observed key paths for which the registry compares bytes first.
  @usableFromInline static var threshold: Int { 16 }
  /// The bytes compared at once.
  @usableFromInline static var blockSize: Int { 64 }

  /// The copy, as large as the state.
  @usableFromInline let bytes: UnsafeMutableRawPointer
  @usableFromInline let count: Int
  /// For each block, the groups whose value lies in it, in order.
  @exclusivity(unchecked) @usableFromInline var blocks: [[Placed]] = []
  /// The groups with no bytes of their own (computed key paths, scoped parts): asked at each
  /// change.
  @exclusivity(unchecked) @usableFromInline var unplaced: [Int] = []
  /// The change at which each group was last asked: a value spanning two blocks that both
  /// differ is asked once.
  /// 64 bits, which never wrap: a wrapped count could match a stale stamp and skip a group.
  @exclusivity(unchecked) @usableFromInline var askedAt: [UInt64] = []
  @exclusivity(unchecked) @usableFromInline var change: UInt64 = 0
  /// The groups that changed at this change, by index; kept to reuse its storage.
  @exclusivity(unchecked) @usableFromInline var changed: [Int] = []
  /// The groups were added to or removed from since the blocks were made.
  @exclusivity(unchecked) @usableFromInline var isStale = true

  @usableFromInline
  init(count: Int) {
    self.count = count
    bytes = .allocate(byteCount: max(count, 1), alignment: 16)
  }

  deinit { bytes.deallocate() }

  /// Makes the blocks for `groups`, and copies `state`'s bytes: the caller has just asked every
  /// group, so every group's last value has those bytes.
  @usableFromInline
  func rebuild<State>(for groups: [ObserverGroup<State>], copying state: UnsafeRawPointer) {
    let blockCount = (count + Self.blockSize - 1) / Self.blockSize
    blocks = Array(repeating: [], count: blockCount)
    unplaced = []
    for (index, group) in groups.enumerated() {
      guard let range = group.bytes else {
        unplaced.append(index)
        continue
      }
      for block in (range.lowerBound / Self.blockSize)...((range.upperBound - 1) / Self.blockSize) {
        let start = block * Self.blockSize
        let words = Placed.words(of: range.clamped(to: start..<start + Self.blockSize), in: start)
        blocks[block].append(Placed(index: index, words: words))
      }
    }
    askedAt = Array(repeating: change, count: groups.count)
    bytes.copyMemory(from: state, byteCount: count)
    isStale = false
  }

  /// Asks the groups whose bytes may have changed, copies the blocks that differ, and appends
  /// the groups that changed to `delivery` in the order they were made. Lock held.
  @inlinable
  func capture<State>(
    _ state: UnsafePointer<State>, groups: [ObserverGroup<State>],
    into delivery: inout Delivery<State>
  ) {
    change &+= 1
    let new = UnsafeRawPointer(state)
    // A run of 16 blocks at once first: most of the state is as it was. In a run that
    // differs, its quarters, and then the blocks of a quarter that differs.
    let run = Self.blockSize &* 16
    let quarter = Self.blockSize &* 4
    var start = 0
    while start < count {
      let length = min(run, count &- start)
      if bytesDiffer(new + start, bytes + start, count: length) {
        var part = start
        let end = start &+ length
        while part < end {
          let partLength = min(quarter, end &- part)
          if bytesDiffer(new + part, bytes + part, count: partLength) {
            captureBlocks(new, in: part..<part &+ partLength, state, groups)
          }
          part &+= partLength
        }
      }
      start &+= length
    }
    for index in unplaced where ask(groups, index, state) { changed.append(index) }
    guard !changed.isEmpty else { return }
    if changed.count > 1 { changed.sort() }
    for index in changed { delivery.append(groups[index]) }
    changed.removeAll(keepingCapacity: true)
  }

  /// ``capture(_:groups:into:)`` for the blocks in `range`, which differ.
  @inlinable
  func captureBlocks<State>(
    _ new: UnsafeRawPointer, in range: Range<Int>, _ state: UnsafePointer<State>,
    _ groups: [ObserverGroup<State>]
  ) {
    var start = range.lowerBound
    while start < range.upperBound {
      let length = min(Self.blockSize, range.upperBound &- start)
      let differing = wordsDiffering(new + start, bytes + start, count: length)
      if differing != 0 {
        for placed in blocks[start / Self.blockSize]
        where placed.words & differing != 0 && askedAt[placed.index] != change {
          askedAt[placed.index] = change
          if ask(groups, placed.index, state) { changed.append(placed.index) }
        }
        (bytes + start).copyMemory(from: new + start, byteCount: length)
      }
      start &+= length
    }
  }

  @inlinable @inline(__always)
  func ask<State>(
    _ groups: [ObserverGroup<State>], _ index: Int, _ state: UnsafePointer<State>
  ) -> Bool {
    groups.unretainedElement(at: index)._withUnsafeGuaranteedRef { $0.capture($0, state, true) }
  }
}

/// Which 8-byte words of the `count` bytes (at most a block) at `first` and `second` differ,
/// as bits, word 0 lowest.
@inlinable @inline(__always)
func wordsDiffering(_ first: UnsafeRawPointer, _ second: UnsafeRawPointer, count: Int) -> UInt8 {
  // A whole block that is as it was (most of a run that differs) is told by one branch: the
  // words' differences OR-ed together.
  if count == 64 {
    var any: UInt64 = 0
    for offset in stride(from: 0, to: 64, by: 8) {
      any |=
        first.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        ^ second.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
    }
    if any == 0 { return 0 }
  }
  var mask: UInt8 = 0
  var offset = 0
  var bit: UInt8 = 1
  while offset &+ 8 <= count {
    if first.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      != second.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
    {
      mask |= bit
    }
    offset &+= 8
    bit = bit &<< 1
  }
  if offset < count && bytesDiffer(first + offset, second + offset, count: count &- offset) {
    mask |= bit
  }
  return mask
}

/// A group whose value lies (at least partly) in a block of ``ChangedBytes``: its index in the
/// registry's `groups`, and the 8-byte words of the block its bytes cover, as bits.
@usableFromInline
struct Placed {
  @usableFromInline let index: Int
  @usableFromInline let words: UInt8

  @usableFromInline
  init(index: Int, words: UInt8) {
    self.index = index
    self.words = words
  }

  /// The words of the block starting at `start` that `range` (inside it, not empty) covers.
  static func words(of range: Range<Int>, in start: Int) -> UInt8 {
    let first = (range.lowerBound - start) / 8
    let last = (range.upperBound - 1 - start) / 8
    return UInt8(truncatingIfNeeded: (1 << (last + 1)) - (1 << first))
  }
}

/// Whether `count` bytes at `first` and `second` differ.
@inlinable @inline(__always)
func bytesDiffer(_ first: UnsafeRawPointer, _ second: UnsafeRawPointer, count: Int) -> Bool {
  memcmp(first, second, count) != 0
}
