#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// JSON text built in one growing buffer, as values are encoded, for ``JSONSlot``: containers
/// are written as they are filled, and an object's members are put in key order when it is
/// closed, so that a file reads the same way each time (a `Dictionary`'s order changes from one
/// process to the next).
///
/// A container is open from its first write until a write lands in a container that encloses
/// it: a value is written whole before its parent goes on, which is how `Codable` types
/// encode. A write to a container after its parent went on is an error
/// (``JSONOutputProblem``), not a misplaced value.
///
/// Not thread-safe: one encoding at a time, on one thread (the recording writer's queue).
@usableFromInline
final class JSONOutput {
  /// An open container.
  struct Frame {
    let isObject: Bool
    /// Tells this container from one opened later at the same depth.
    let serial: Int
    /// Where its `{` or `[` is.
    let start: Int
    /// Its first member in ``members`` (objects).
    let firstMember: Int
    /// How many members or elements it holds.
    var count = 0
    /// Whether its keys came in order so far.
    var isSorted = true
    /// Where its last member's or element's value starts.
    var valueStart = 0
  }

  /// An object's member: where it starts (its key's opening quote), its key's bytes, and
  /// whether they hold an escape.
  struct Member {
    let start: Int
    let keyStart: Int
    let keyEnd: Int
    let isEscaped: Bool
  }

  // Unchecked exclusivity: one thread uses an output, and no access to these overlaps another
  // (the checks cost more than the appends they guard).

  /// The text so far.
  @usableFromInline
  @exclusivity(unchecked) var bytes: [UInt8] = []
  /// The open containers, innermost last.
  @exclusivity(unchecked) var frames: [Frame] = []
  /// The members of the open objects, innermost object's last.
  @exclusivity(unchecked) var members: [Member] = []
  @exclusivity(unchecked) var nextSerial = 1
  /// Room for ``sortMembers(from:)``, kept between objects.
  @exclusivity(unchecked) var scratch: [UInt8] = []
  @exclusivity(unchecked) var order: [Int] = []

  @usableFromInline
  init() {
    bytes.reserveCapacity(1 << 16)
  }

  /// Empties the buffer, keeping its capacity.
  @usableFromInline
  func removeAll() {
    bytes.removeAll(keepingCapacity: true)
    frames.removeAll(keepingCapacity: true)
    members.removeAll(keepingCapacity: true)
  }

  /// Cuts the text back to `count` bytes and forgets every open container: what a value
  /// that failed to encode leaves.
  @usableFromInline
  func truncate(to count: Int) {
    bytes.removeSubrange(count...)
    frames.removeAll(keepingCapacity: true)
    members.removeAll(keepingCapacity: true)
  }

  /// The slot of a new line's value; after the value, ``endLine()``.
  @usableFromInline
  func beginLine() -> JSONSlot {
    frames.removeAll(keepingCapacity: true)
    members.removeAll(keepingCapacity: true)
    return JSONSlot(self, depth: 0)
  }

  /// Closes what the line's value left open and ends the line.
  @usableFromInline
  func endLine() {
    close(above: 0)
    bytes.append(0x0A)
  }

  /// Opens a new line's object, for a value written member by member; after it,
  /// ``endLine()``.
  @usableFromInline
  func beginEntry() throws -> (index: Int, serial: Int) {
    frames.removeAll(keepingCapacity: true)
    members.removeAll(keepingCapacity: true)
    guard let entry = open(isObject: true, depth: 0, start: bytes.count) else {
      throw JSONOutputProblem.closed
    }
    return entry
  }

  /// Appends `value` as one line; on an error, leaves the text as it was and rethrows.
  @usableFromInline
  func appendLine<Value: Encodable>(_ value: Value) throws {
    let start = bytes.count
    do {
      try beginLine().encode(value: value)
      endLine()
    } catch {
      truncate(to: start)
      throw error
    }
  }

  // MARK: Containers

  /// Closes the containers deeper than `depth`: they are complete once a write lands at
  /// `depth` or above.
  func close(above depth: Int) {
    while frames.count > max(depth, 0) {
      fillEmptyValue(frames.count - 1)
      let frame = frames.removeLast()
      if frame.isObject {
        if !frame.isSorted { sortMembers(from: frame.firstMember) }
        members.removeSubrange(frame.firstMember...)
        bytes.append(UInt8(ascii: "}"))
      } else {
        bytes.append(UInt8(ascii: "]"))
      }
    }
  }

  /// Opens an object (or an array) as the value of the slot at `depth` that starts at
  /// `start`, or finds the one that slot opened already (a type may ask for its container
  /// twice); `nil` when the slot holds something else.
  func open(isObject: Bool, depth: Int, start: Int) -> (index: Int, serial: Int)? {
    guard depth >= 0 else { return nil }
    if frames.count > depth, frames[depth].start == start {
      close(above: depth + 1)
      return frames[depth].isObject == isObject ? (depth, frames[depth].serial) : nil
    }
    close(above: depth)
    guard bytes.count == start else { return nil }
    bytes.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
    defer { nextSerial += 1 }
    frames.append(
      Frame(isObject: isObject, serial: nextSerial, start: start, firstMember: members.count))
    return (depth, nextSerial)
  }

  /// Checks that the container at `index` is still open, and closes those inside it.
  func resume(_ index: Int, _ serial: Int) throws {
    guard index >= 0, index < frames.count, frames[index].serial == serial else {
      throw JSONOutputProblem.closed
    }
    close(above: index + 1)
    fillEmptyValue(index)
  }

  /// Writes `{}` for the last value of the container at `index` when nothing was written for
  /// it (a super encoder left unused), so that the text stays JSON.
  func fillEmptyValue(_ index: Int) {
    if frames[index].count > 0, bytes.count == frames[index].valueStart {
      bytes.append(contentsOf: [0x7B, 0x7D])
    }
  }

  /// Writes the key of a new member of the object at `index`; its value comes next.
  @usableFromInline
  func beginMember(_ index: Int, _ serial: Int, key: String) throws {
    try resume(index, serial)
    if frames[index].count > 0 { bytes.append(UInt8(ascii: ",")) }
    let start = bytes.count
    let isEscaped = write(key)
    let member = Member(
      start: start, keyStart: start + 1, keyEnd: bytes.count - 1, isEscaped: isEscaped)
    bytes.append(UInt8(ascii: ":"))
    if frames[index].count > 0, frames[index].isSorted,
      let last = members.last, !precedesOrEquals(last, member)
    {
      frames[index].isSorted = false
    }
    members.append(member)
    frames[index].count += 1
    frames[index].valueStart = bytes.count
  }

  /// Begins a new element of the array at `index`.
  func beginElement(_ index: Int, _ serial: Int) throws {
    try resume(index, serial)
    if frames[index].count > 0 { bytes.append(UInt8(ascii: ",")) }
    frames[index].count += 1
    frames[index].valueStart = bytes.count
  }

  /// Whether `first`'s key sorts before `second`'s, or is the same: byte by byte in UTF-8, as
  /// `JSONEncoder` sorts keys (the keys', not their escapes': `"\u0015"` before `"R"`).
  func precedesOrEquals(_ first: Member, _ second: Member) -> Bool {
    if first.isEscaped || second.isEscaped {
      return !key(of: second).lexicographicallyPrecedes(key(of: first))
    }
    return bytes.withUnsafeBufferPointer { text in
      let (a, b) = (first.keyEnd - first.keyStart, second.keyEnd - second.keyStart)
      let order = memcmp(
        text.baseAddress! + first.keyStart, text.baseAddress! + second.keyStart, min(a, b))
      return order < 0 || (order == 0 && a <= b)
    }
  }

  /// The UTF-8 of `member`'s key, its escapes (as ``write(_:)`` writes them) undone.
  func key(of member: Member) -> [UInt8] {
    var key: [UInt8] = []
    var index = member.keyStart
    while index < member.keyEnd {
      let byte = bytes[index]
      index += 1
      guard byte == UInt8(ascii: "\\") else {
        key.append(byte)
        continue
      }
      let escape = bytes[index]
      index += 1
      switch escape {
      case UInt8(ascii: "n"): key.append(0x0A)
      case UInt8(ascii: "r"): key.append(0x0D)
      case UInt8(ascii: "t"): key.append(0x09)
      case UInt8(ascii: "b"): key.append(0x08)
      case UInt8(ascii: "f"): key.append(0x0C)
      case UInt8(ascii: "u"):
        // `\u00XX`: a control character.
        key.append((hexValue(bytes[index + 2]) ?? 0) << 4 | (hexValue(bytes[index + 3]) ?? 0))
        index += 4
      default: key.append(escape)
      }
    }
    return key
  }

  /// Puts the members of the innermost object, from `first`, in key order (stable: a key
  /// written twice keeps its order). An insertion sort: objects are small, and often nearly
  /// sorted.
  func sortMembers(from first: Int) {
    order.removeAll(keepingCapacity: true)
    for index in first..<members.count {
      var at = order.count
      while at > 0, !precedesOrEquals(members[order[at - 1]], members[index]) { at -= 1 }
      order.insert(index, at: at)
    }
    let end = bytes.count
    let start = members[first].start
    scratch.removeAll(keepingCapacity: true)
    for index in order {
      if !scratch.isEmpty { scratch.append(UInt8(ascii: ",")) }
      let memberEnd = index + 1 < members.count ? members[index + 1].start - 1 : end
      scratch.append(contentsOf: bytes[members[index].start..<memberEnd])
    }
    bytes.replaceSubrange(start..<end, with: scratch)
  }

  /// The keys and indices from the top to `depth`, for error messages and `codingPath`.
  func codingPath(to depth: Int) -> [any CodingKey] {
    frames.prefix(max(depth, 0)).map { frame -> any CodingKey in
      if frame.isObject, frame.count > 0 {
        let member = members[frame.firstMember + frame.count - 1]
        return JSONKey(String(decoding: bytes[member.keyStart..<member.keyEnd], as: UTF8.self))
      }
      return JSONKey(index: max(frame.count - 1, 0))
    }
  }
}

/// A write the encoder cannot place.

/// A write the encoder cannot place.
enum JSONOutputProblem: Error {
  /// A write to a container after a container enclosing it went on.
  case closed
}

/// A coding key made of a member's name or an element's index, for coding paths.
@usableFromInline
struct JSONKey: CodingKey {
  @usableFromInline
  let stringValue: String
  @usableFromInline
  let intValue: Int?

  @usableFromInline
  init(_ name: String) {
    stringValue = name
    intValue = nil
  }

  @usableFromInline
  init(index: Int) {
    stringValue = "Index \(index)"
    intValue = index
  }

  @usableFromInline
  init?(stringValue: String) { self.init(stringValue) }

  @usableFromInline
  init?(intValue: Int) { self.init(index: intValue) }
}
