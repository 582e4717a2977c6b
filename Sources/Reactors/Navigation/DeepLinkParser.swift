/// Reads the parts of a deep link from its UTF-8 bytes, front to back: the scheme, then the
/// path (with the host), then the query. Positions are byte offsets into the whole link, which
/// is what errors report.
struct DeepLinkParser {
  /// The link's bytes, without its fragment.
  let bytes: [UInt8]
  /// Where the part not yet read starts.
  var position = 0
  /// Where the path ends: at the `?` of the query, or at the end.
  let pathEnd: Int

  /// A parser of `bytes`, the whole link.
  init(bytes: [UInt8]) {
    let end = bytes.firstIndex(of: UInt8(ascii: "#")) ?? bytes.count
    self.bytes = Array(bytes[..<end])
    pathEnd = self.bytes.firstIndex(of: UInt8(ascii: "?")) ?? end
  }

  /// Whether `scalar` is a control character: C0, DEL or C1.
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  /// The scheme, lowercased, when the link starts with one (a letter, then letters, digits,
  /// `+`, `-` or `.`, then `:`); moves past it.
  mutating func readScheme() -> String? {
    guard let first = bytes.first, isLetter(first) else { return nil }
    var end = 1
    while end < pathEnd, isSchemeByte(bytes[end]) { end += 1 }
    guard end < pathEnd, bytes[end] == UInt8(ascii: ":") else { return nil }
    position = end + 1
    let lowered = bytes[..<end].map { isLetter($0) ? $0 | 0x20 : $0 }
    return String(decoding: lowered, as: UTF8.self)
  }

  /// The path components, the host first when the link has `//` after its scheme, each
  /// percent-decoded, empty ones skipped.
  mutating func readPath() throws(DeepLinkError) -> [String] {
    var components: [String] = []
    var start = position
    for index in position...pathEnd where index == pathEnd || bytes[index] == UInt8(ascii: "/") {
      if index > start { components.append(try decode(start..<index)) }
      start = index + 1
    }
    position = pathEnd
    return components
  }

  /// The query's pairs, percent-decoded; an empty key or a key given twice is an error.
  mutating func readQuery() throws(DeepLinkError) -> [String: String] {
    guard pathEnd < bytes.count else { return [:] }
    var query: [String: String] = [:]
    var start = pathEnd + 1
    for index in start...bytes.count
    where index == bytes.count || bytes[index] == UInt8(ascii: "&") {
      defer { start = index + 1 }
      guard index > start else { continue }
      let equals = bytes[start..<index].firstIndex(of: UInt8(ascii: "=")) ?? index
      let key = try decode(start..<equals)
      let value = equals < index ? try decode((equals + 1)..<index) : ""
      guard !key.isEmpty else {
        throw .malformedQuery(reason: "the pair at byte \(start) has an empty key", offset: start)
      }
      guard query.updateValue(value, forKey: key) == nil else {
        throw .malformedQuery(
          reason: "the key \"\(key)\" is given twice, the second time at byte \(start); give "
            + "each key once", offset: start)
      }
    }
    return query
  }

  /// The text of `range`, percent-decoded.
  func decode(_ range: Range<Int>) throws(DeepLinkError) -> String {
    var decoded: [UInt8] = []
    decoded.reserveCapacity(range.count)
    var index = range.lowerBound
    while index < range.upperBound {
      let byte = bytes[index]
      guard byte == UInt8(ascii: "%") else {
        decoded.append(byte)
        index += 1
        continue
      }
      guard index + 2 < range.upperBound, let high = hexValue(bytes[index + 1]),
        let low = hexValue(bytes[index + 2])
      else { throw .malformedEscape(offset: index) }
      let escaped = high << 4 | low
      if escaped < 0x20 || escaped == 0x7F { throw .controlCharacter(offset: index) }
      decoded.append(escaped)
      index += 3
    }
    var text = String.UnicodeScalarView()
    var iterator = decoded.makeIterator()
    var utf8 = UTF8()
    while true {
      switch utf8.decode(&iterator) {
      case .scalarValue(let scalar):
        if Self.isControl(scalar) { throw .controlCharacter(offset: range.lowerBound) }
        text.append(scalar)
      case .emptyInput:
        return String(text)
      case .error:
        throw .invalidUTF8(offset: range.lowerBound)
      }
    }
  }

  /// Whether `byte` is an ASCII letter.
  func isLetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
  }

  /// Whether `byte` may follow the first letter of a scheme.
  func isSchemeByte(_ byte: UInt8) -> Bool {
    isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
  }

  /// The value of the hexadecimal digit `byte`, or `nil`.
  func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
}
