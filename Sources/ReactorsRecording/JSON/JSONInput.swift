#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One line of JSON text, parsed into a flat list of nodes (a value's node is followed by its
/// members' or elements' nodes, and knows where its subtree ends), which ``JSONReading``
/// decodes from without building values first. Strings and numbers stay bytes until a type
/// asks for them.
///
/// Parsing rejects what is not JSON (with the byte offset) and nesting deeper than
/// ``maximumDepth``, so that no input can exhaust the stack.
@usableFromInline
final class JSONInput {
  /// A value's kind.
  enum Kind: UInt8 {
    case null, `true`, `false`, number, string, escapedString, array, object
  }

  /// A value: its kind, its text's bytes (a string's without its quotes), how many members or
  /// elements it holds, and the index of the node after its subtree.
  struct Node {
    var kind: Kind
    var start: Int32
    var end: Int32
    var count: Int32 = 0
    var next: Int32 = 0
  }

  /// The deepest nesting read. Measured on a thread of 512 KB (what Darwin gives secondary and
  /// cooperative threads) in a debug build, reading, decoding into a recursive `Decodable`,
  /// writing back and comparing: 192 levels survive and 256 do not; 128 keeps a margin for the
  /// frames below the reader.
  static let maximumDepth = 128

  /// The line (its indices are the file buffer's; nodes count from ``base``).
  @usableFromInline
  let bytes: ArraySlice<UInt8>
  /// Where the line starts in the file's buffer: node offsets count from here.
  var base: Int { bytes.startIndex }
  let nodes: [Node]

  /// Parses `bytes`; throws a `DecodingError.dataCorrupted` that says where it is not JSON.
  @usableFromInline
  init(_ bytes: ArraySlice<UInt8>) throws {
    self.bytes = bytes
    guard bytes.count < Int32.max else { throw Self.corrupted("the line is too long", 0) }
    var nodes: [Node] = []
    nodes.reserveCapacity(16)
    try bytes.withUnsafeBufferPointer { text in
      var parser = Parser(text: text)
      try parser.value(into: &nodes, depth: 0)
      parser.skipSpace()
      guard parser.at == text.count else {
        throw Self.corrupted("unexpected text after the value", parser.at)
      }
    }
    self.nodes = nodes
  }

  static func corrupted(_ what: String, _ offset: Int) -> DecodingError {
    .dataCorrupted(
      .init(
        codingPath: [], debugDescription: "The line is not valid JSON: \(what) at byte \(offset)."))
  }

  /// The text of node `index`, as a string (unescaping it when needed).
  func string(_ index: Int) -> String {
    let node = nodes[index]
    let text = self.text(node)
    guard node.kind == .escapedString else { return String(decoding: text, as: UTF8.self) }
    return Self.unescape(text)
  }

  /// The bytes of `node`'s text.
  func text(_ node: Node) -> ArraySlice<UInt8> {
    bytes[base + Int(node.start)..<base + Int(node.end)]
  }

  /// Whether node `index` is a string equal to `key`.
  func isKey(_ index: Int, _ key: String) -> Bool {
    let node = nodes[index]
    guard node.kind == .string else { return string(index) == key }
    let count = Int(node.end - node.start)
    guard key.utf8.count == count else { return false }
    let same = key.utf8.withContiguousStorageIfAvailable { key in
      bytes.withUnsafeBufferPointer { text in
        count == 0 || memcmp(text.baseAddress! + Int(node.start), key.baseAddress!, count) == 0
      }
    }
    return same ?? key.utf8.elementsEqual(text(node))
  }

  /// A string's text with its escapes replaced (the parser checked them).
  static func unescape(_ text: ArraySlice<UInt8>) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(text.count)
    var index = text.startIndex
    func hex(_ at: Int) -> UInt32 {
      text[at..<at + 4].reduce(0) { value, byte in value << 4 | UInt32(hexValue(byte) ?? 0) }
    }
    while index < text.endIndex {
      let byte = text[index]
      guard byte == UInt8(ascii: "\\") else {
        out.append(byte)
        index += 1
        continue
      }
      let escape = text[index + 1]
      index += 2
      switch escape {
      case UInt8(ascii: "n"): out.append(0x0A)
      case UInt8(ascii: "r"): out.append(0x0D)
      case UInt8(ascii: "t"): out.append(0x09)
      case UInt8(ascii: "b"): out.append(0x08)
      case UInt8(ascii: "f"): out.append(0x0C)
      case UInt8(ascii: "u"):
        var scalar = hex(index)
        index += 4
        if (0xD800..<0xDC00).contains(scalar), index + 6 <= text.endIndex,
          text[index] == UInt8(ascii: "\\"), text[index + 1] == UInt8(ascii: "u")
        {
          let low = hex(index + 2)
          if (0xDC00..<0xE000).contains(low) {
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            index += 6
          }
        }
        out.append(contentsOf: String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8)
      default: out.append(escape)
      }
    }
    return String(decoding: out, as: UTF8.self)
  }
}

/// A hex digit's value.
func hexValue(_ byte: UInt8) -> UInt8? {
  switch byte {
  case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
  case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
  case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
  default: nil
  }
}

/// The recursive-descent parser of ``JSONInput``.
private struct Parser {
  let text: UnsafeBufferPointer<UInt8>
  var at = 0

  init(text: UnsafeBufferPointer<UInt8>) { self.text = text }

  mutating func skipSpace() {
    while at < text.count {
      switch text[at] {
      case 0x20, 0x0A, 0x0D, 0x09: at += 1
      default: return
      }
    }
  }

  func fail(_ what: String) -> DecodingError { JSONInput.corrupted(what, at) }

  mutating func value(into nodes: inout [JSONInput.Node], depth: Int) throws {
    skipSpace()
    guard at < text.count else { throw fail("the text ends where a value should be") }
    switch text[at] {
    case UInt8(ascii: "{"): try container(isObject: true, into: &nodes, depth: depth)
    case UInt8(ascii: "["): try container(isObject: false, into: &nodes, depth: depth)
    case UInt8(ascii: "\""): try string(into: &nodes)
    case UInt8(ascii: "t"): try word("true", .true, into: &nodes)
    case UInt8(ascii: "f"): try word("false", .false, into: &nodes)
    case UInt8(ascii: "n"): try word("null", .null, into: &nodes)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number(into: &nodes)
    default: throw fail("unexpected character")
    }
  }

  mutating func container(
    isObject: Bool, into nodes: inout [JSONInput.Node], depth: Int
  ) throws {
    guard depth < JSONInput.maximumDepth else {
      throw fail(
        "values nested more than \(JSONInput.maximumDepth) deep (the most a recording file holds)")
    }
    let index = nodes.count
    nodes.append(.init(kind: isObject ? .object : .array, start: Int32(at), end: Int32(at)))
    at += 1
    let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
    var count: Int32 = 0
    skipSpace()
    if at < text.count, text[at] == close {
      at += 1
    } else {
      while true {
        if isObject {
          skipSpace()
          guard at < text.count, text[at] == UInt8(ascii: "\"") else {
            throw fail("a member's key is not a string")
          }
          try string(into: &nodes)
          skipSpace()
          guard at < text.count, text[at] == UInt8(ascii: ":") else {
            throw fail("a key is not followed by `:`")
          }
          at += 1
        }
        try value(into: &nodes, depth: depth + 1)
        count += 1
        skipSpace()
        guard at < text.count else { throw fail("the text ends inside a container") }
        if text[at] == UInt8(ascii: ",") {
          at += 1
        } else if text[at] == close {
          at += 1
          break
        } else {
          throw fail("expected `,` or `\(Character(Unicode.Scalar(close)))`")
        }
      }
    }
    nodes[index].end = Int32(at)
    nodes[index].count = count
    nodes[index].next = Int32(nodes.count)
  }

  mutating func string(into nodes: inout [JSONInput.Node]) throws {
    at += 1
    let start = at
    var escaped = false
    while true {
      guard at < text.count else { throw fail("the text ends inside a string") }
      let byte = text[at]
      if byte == UInt8(ascii: "\"") { break }
      if byte < 0x20 { throw fail("a control character inside a string") }
      if byte == UInt8(ascii: "\\") {
        escaped = true
        guard at + 1 < text.count else { throw fail("the text ends inside a string") }
        switch text[at + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
          UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
          at += 2
        case UInt8(ascii: "u"):
          guard at + 6 <= text.count, (at + 2..<at + 6).allSatisfy({ hexValue(text[$0]) != nil })
          else { throw fail("a `\\u` escape without four hex digits") }
          at += 6
        default: throw fail("an unknown escape")
        }
        continue
      }
      at += 1
    }
    nodes.append(
      .init(
        kind: escaped ? .escapedString : .string, start: Int32(start), end: Int32(at),
        next: Int32(nodes.count + 1)))
    at += 1
  }

  mutating func word(
    _ word: StaticString, _ kind: JSONInput.Kind, into nodes: inout [JSONInput.Node]
  ) throws {
    let count = word.utf8CodeUnitCount
    guard at + count <= text.count,
      UnsafeBufferPointer(start: word.utf8Start, count: count).elementsEqual(
        text[at..<at + count])
    else { throw fail("unexpected word") }
    nodes.append(
      .init(kind: kind, start: Int32(at), end: Int32(at + count), next: Int32(nodes.count + 1)))
    at += count
  }

  mutating func number(into nodes: inout [JSONInput.Node]) throws {
    let start = at
    if text[at] == UInt8(ascii: "-") { at += 1 }
    func digits() -> Int {
      let from = at
      while at < text.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[at]) {
        at += 1
      }
      return at - from
    }
    guard digits() > 0 else { throw fail("a number without digits") }
    if at < text.count, text[at] == UInt8(ascii: ".") {
      at += 1
      guard digits() > 0 else { throw fail("a number without digits after its point") }
    }
    if at < text.count, text[at] == UInt8(ascii: "e") || text[at] == UInt8(ascii: "E") {
      at += 1
      if at < text.count, text[at] == UInt8(ascii: "+") || text[at] == UInt8(ascii: "-") {
        at += 1
      }
      guard digits() > 0 else { throw fail("a number without digits in its exponent") }
    }
    nodes.append(
      .init(kind: .number, start: Int32(start), end: Int32(at), next: Int32(nodes.count + 1)))
  }
}
