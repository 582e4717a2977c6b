#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// The JSON coder's unsafe code, each kept for the speed the benchmarks' scenario 9 measures
// (a recording's writer and replay), and none of it a cast: its type dispatch is checked by the
// compiler (see `JSONSlot.encode(value:)` and `JSONReading.decode(value:)`).
// - `JSONParser` reads a line through an `UnsafeBufferPointer`, which checks no index in a release
//   build: every read is behind a test of `at < text.count` (or of the room a `\u` escape, a
//   UTF-8 sequence or a word needs). `Fuzz/run` reads any bytes under AddressSanitizer.
// - `JSONInput.isKey`, `JSONOutput.precedesOrEquals` and `ValueComparison.byEncoding` compare
//   bytes with `memcmp`, within the buffers' counts.
// - `JSONOutput` writes through `withUTF8` and `withUnsafeMutableBytes`, and its stored
//   properties skip exclusivity checks: one thread uses an output, and no access overlaps.

/// One line of JSON text, parsed into a flat list of nodes (a value's node is followed by its
/// members' or elements' nodes, and knows where its subtree ends), which ``JSONReading``
/// decodes from without building values first. Strings and numbers stay bytes until a type
/// asks for them.
///
/// It reads what `JSONDecoder` reads, and refuses what it refuses, with the same error:
/// - The structure is checked as the line is parsed, as `JSONDecoder`'s scanner checks it (an
///   error there is corrupted data with an empty coding path, and says at which byte): a UTF-8
///   byte order mark at the start is skipped, a comma before a closing bracket (`[1,]`,
///   `{"a":1,}`) ends its container, a number is the run of bytes `0-9 . + - e E` after its
///   first digit or `-`, and a string runs to the first `"` that no `\` escapes, with four bytes
///   after a `\u`.
/// - A number's or a string's text is checked as well (a leading zero as in `007`, text that
///   is not well-formed UTF-8, a control character, an unknown escape, a `\u` escape of half a
///   surrogate pair), but, as by `JSONDecoder`, it is an error only when a type reads that
///   value (or a keyed container of that object, for its keys): a member no type asks for is
///   skipped unread, and a value of the wrong kind is a type mismatch first
///   (``problem(at:)``).
///
/// Two limits differ from `JSONDecoder`'s: nesting deeper than ``maximumDepth`` (128, where it
/// takes 512) is an error, so that no input can exhaust a small stack, and the text is UTF-8
/// only (`JSONDecoder` also guesses UTF-16 and UTF-32 from zero bytes).
@usableFromInline
final class JSONInput {
  /// A value's kind.
  enum Kind: UInt8 {
    case null, `true`, `false`, number, string, escapedString, array, object
  }

  /// A value: its kind, its text's bytes (a string's without its quotes), how many members or
  /// elements it holds, the index of the node after its subtree, whether its text is well
  /// formed (an object's: its keys'), and whether it is ASCII (a string's).
  struct Node {
    var kind: Kind
    var isWellFormed = true
    var isASCII = true
    var start: Int32
    var end: Int32
    var count: Int32 = 0
    var next: Int32 = 0

    init(kind: Kind, start: Int32, end: Int32, count: Int32 = 0, next: Int32 = 0) {
      self.kind = kind
      self.start = start
      self.end = end
      self.count = count
      self.next = next
    }
  }

  /// What is wrong with the text of a node that is not well formed, and where.
  struct Problem {
    let node: Int
    let what: String
    let offset: Int
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
  /// The problems of the nodes that are not well formed (usually none).
  let problems: [Problem]

  /// Parses `bytes`; throws a `DecodingError.dataCorrupted` that says where it is not JSON.
  @usableFromInline
  init(_ bytes: ArraySlice<UInt8>) throws {
    self.bytes = bytes
    guard bytes.count < Int32.max else { throw Self.corrupted("the line is too long", 0) }
    var nodes: [Node] = []
    nodes.reserveCapacity(16)
    var problems: [Problem] = []
    try bytes.withUnsafeBufferPointer { text in
      var parser = JSONParser(text: text)
      // A byte order mark, as an editor may save a file (and as `JSONDecoder` reads it).
      if text.count >= 3, text[0] == 0xEF, text[1] == 0xBB, text[2] == 0xBF { parser.at = 3 }
      try parser.value(into: &nodes, depth: 0)
      parser.skipSpace()
      guard parser.at == text.count else {
        throw Self.corrupted("unexpected text after the value", parser.at)
      }
      problems = parser.problems
    }
    self.nodes = nodes
    self.problems = problems
  }

  static func corrupted(_ what: String, _ offset: Int) -> DecodingError {
    .dataCorrupted(
      .init(
        codingPath: [], debugDescription: "The line is not valid JSON: \(what) at byte \(offset)."))
  }

  /// Throws when node `index`'s text is not well formed (an object's keys, for an object):
  /// the error `JSONDecoder` throws when it reads that text, corrupted data with an empty
  /// coding path.
  @inline(__always)
  func checkWellFormed(_ index: Int) throws {
    guard nodes[index].isWellFormed else { throw problem(at: index) }
  }

  /// The error for node `index`, whose text is not well formed.
  func problem(at index: Int) -> DecodingError {
    let found = problems.first { $0.node == index }
    return Self.corrupted(found?.what ?? "text that is not JSON", found?.offset ?? 0)
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

  /// Whether node `index` is a string equal to `key`: byte by byte for ASCII, else as `String`s
  /// compare (as `JSONDecoder` finds a key: `"e\u{301}"` is `"é"`).
  func isKey(_ index: Int, _ key: String) -> Bool {
    let node = nodes[index]
    guard node.kind == .string, node.isASCII else { return string(index) == key }
    let count = Int(node.end - node.start)
    guard key.utf8.count == count else { return false }
    let same = key.utf8.withContiguousStorageIfAvailable { key in
      bytes.withUnsafeBufferPointer { text in
        count == 0 || memcmp(text.baseAddress! + Int(node.start), key.baseAddress!, count) == 0
      }
    }
    return same ?? key.utf8.elementsEqual(text(node))
  }

  /// Whether `text` is a number as JSON writes one:
  /// `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`.
  static func isNumber<Text: Collection<UInt8>>(_ text: Text) -> Bool {
    var bytes = text.makeIterator()
    var byte = bytes.next()
    func isDigit(_ byte: UInt8?) -> Bool { byte.map { (0x30...0x39).contains($0) } ?? false }
    if byte == UInt8(ascii: "-") { byte = bytes.next() }
    guard isDigit(byte) else { return false }
    if byte == UInt8(ascii: "0") {
      byte = bytes.next()
    } else {
      while isDigit(byte) { byte = bytes.next() }
    }
    if byte == UInt8(ascii: ".") {
      byte = bytes.next()
      guard isDigit(byte) else { return false }
      while isDigit(byte) { byte = bytes.next() }
    }
    if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
      byte = bytes.next()
      if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") { byte = bytes.next() }
      guard isDigit(byte) else { return false }
      while isDigit(byte) { byte = bytes.next() }
    }
    return byte == nil
  }

  /// A string's text with its escapes replaced. For a string the parser found well formed; any
  /// other reads without a trap (an unknown escape as its character, a lone surrogate or bad
  /// hex digits as U+FFFD), for a key no type asks for.
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
