#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A hex digit's value.
func hexValue(_ byte: UInt8) -> UInt8? {
  switch byte {
  case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
  case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
  case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
  default: nil
  }
}

/// The recursive-descent parser of ``JSONInput``: `JSONDecoder`'s scanner, which checks the
/// structure, with the checks of numbers' and strings' texts (see ``JSONInput``).
struct JSONParser {
  let text: UnsafeBufferPointer<UInt8>
  var at = 0
  var problems: [JSONInput.Problem] = []

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
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): number(into: &nodes)
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
          let key = nodes.count
          try string(into: &nodes)
          if !nodes[key].isWellFormed, nodes[index].isWellFormed {
            nodes[index].isWellFormed = false
            if let problem = problems.last {
              problems.append(.init(node: index, what: problem.what, offset: problem.offset))
            }
          }
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
          // A comma before the closing bracket ends the container, as `JSONDecoder` reads it.
          skipSpace()
          if at < text.count, text[at] == close {
            at += 1
            break
          }
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

  /// Notes that the text of node `node` is not well formed: `what`, at byte `offset`.
  mutating func note(_ node: Int, _ what: String, at offset: Int) {
    if !problems.contains(where: { $0.node == node }) {
      problems.append(.init(node: node, what: what, offset: offset))
    }
  }

  mutating func string(into nodes: inout [JSONInput.Node]) throws {
    at += 1
    let start = at
    let node = nodes.count
    var escaped = false
    var isWellFormed = true
    var isASCII = true
    func problem(_ what: String, at offset: Int) {
      if isWellFormed { note(node, what, at: offset) }
      isWellFormed = false
    }
    while true {
      // Printable ASCII, the most of most strings, in a loop of its own.
      while at < text.count {
        let byte = text[at]
        guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\")
        else { break }
        at += 1
      }
      guard at < text.count else { throw fail("the text ends inside a string") }
      let byte = text[at]
      if byte == UInt8(ascii: "\"") { break }
      if byte == UInt8(ascii: "\\") {
        escaped = true
        guard at + 1 < text.count else { throw fail("the text ends inside a string") }
        switch text[at + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
          UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
          at += 2
        case UInt8(ascii: "u"):
          // Four bytes, none a quote, or the string's end is not found (as `JSONDecoder`'s
          // scanner); what they are is checked after.
          guard at + 6 <= text.count,
            !(at + 2..<at + 6).contains(where: { text[$0] == UInt8(ascii: "\"") })
          else { throw fail("a `\\u` escape without four hex digits") }
          guard let unit = hex(at + 2) else {
            problem("a `\\u` escape without four hex digits", at: at)
            at += 6
            continue
          }
          if (0xDC00..<0xE000).contains(unit) {
            problem("a `\\u` escape of a low surrogate without a high one before it", at: at)
          } else if (0xD800..<0xDC00).contains(unit) {
            // A high surrogate: the escape of a low one must follow, taken with it.
            if at + 12 <= text.count, text[at + 6] == UInt8(ascii: "\\"),
              text[at + 7] == UInt8(ascii: "u"), let low = hex(at + 8),
              (0xDC00..<0xE000).contains(low)
            {
              at += 6
            } else {
              problem("a `\\u` escape of a high surrogate without a low one after it", at: at)
            }
          }
          at += 6
        default:
          problem("an unknown escape", at: at)
          at += 2
        }
      } else if byte < 0x20 {
        problem("a control character inside a string", at: at)
        at += 1
      } else {
        isASCII = false
        let count = utf8Sequence()
        if count == 0 { problem("text that is not UTF-8 inside a string", at: at) }
        at += max(count, 1)
      }
    }
    var string = JSONInput.Node(
      kind: escaped ? .escapedString : .string, start: Int32(start), end: Int32(at),
      next: Int32(nodes.count + 1))
    string.isWellFormed = isWellFormed
    string.isASCII = isASCII
    nodes.append(string)
    at += 1
  }

  /// The value of the four hex digits at `start`, or `nil`.
  func hex(_ start: Int) -> UInt32? {
    guard start + 4 <= text.count else { return nil }
    var value: UInt32 = 0
    for index in start..<start + 4 {
      guard let digit = hexValue(text[index]) else { return nil }
      value = value << 4 | UInt32(digit)
    }
    return value
  }

  /// The length of the well-formed UTF-8 sequence at ``at`` (whose first byte is 0x80 or
  /// more), or 0 for an ill-formed one: overlong, a surrogate, past U+10FFFF, or cut short
  /// (Unicode's table 3-7).
  func utf8Sequence() -> Int {
    let count: Int
    var second: ClosedRange<UInt8> = 0x80...0xBF
    switch text[at] {
    case 0xC2...0xDF: count = 2
    case 0xE0:
      count = 3
      second = 0xA0...0xBF
    case 0xE1...0xEC, 0xEE...0xEF: count = 3
    case 0xED:
      count = 3
      second = 0x80...0x9F
    case 0xF0:
      count = 4
      second = 0x90...0xBF
    case 0xF1...0xF3: count = 4
    case 0xF4:
      count = 4
      second = 0x80...0x8F
    default: return 0
    }
    guard at + count <= text.count, second.contains(text[at + 1]) else { return 0 }
    for index in at + 2..<at + count where !(0x80...0xBF).contains(text[index]) { return 0 }
    return count
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

  /// A number: the bytes `0-9 . + - e E` from here, as `JSONDecoder`'s scanner takes them,
  /// checked to be a number as JSON writes one,
  /// `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`, as they are read.
  mutating func number(into nodes: inout [JSONInput.Node]) {
    let start = at
    var isWellFormed = true
    func digits() -> Int {
      let from = at
      while at < text.count, text[at] >= UInt8(ascii: "0"), text[at] <= UInt8(ascii: "9") {
        at += 1
      }
      return at - from
    }
    if text[at] == UInt8(ascii: "-") { at += 1 }
    let first = at
    let count = digits()
    if count == 0 || (count > 1 && text[first] == UInt8(ascii: "0")) { isWellFormed = false }
    if at < text.count, text[at] == UInt8(ascii: ".") {
      at += 1
      if digits() == 0 { isWellFormed = false }
    }
    if at < text.count, text[at] == UInt8(ascii: "e") || text[at] == UInt8(ascii: "E") {
      at += 1
      if at < text.count, text[at] == UInt8(ascii: "+") || text[at] == UInt8(ascii: "-") {
        at += 1
      }
      if digits() == 0 { isWellFormed = false }
    }
    // The rest of what the scanner takes as the number: not JSON's.
    scan: while at < text.count {
      switch text[at] {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "+"),
        UInt8(ascii: "-"), UInt8(ascii: "e"), UInt8(ascii: "E"):
        at += 1
        isWellFormed = false
      default: break scan
      }
    }
    var number = JSONInput.Node(
      kind: .number, start: Int32(start), end: Int32(at), next: Int32(nodes.count + 1))
    if !isWellFormed {
      number.isWellFormed = false
      let digits = String(decoding: UnsafeBufferPointer(rebasing: text[start..<at]), as: UTF8.self)
      note(nodes.count, "the number `\(digits)` is not as JSON writes one", at: start)
    }
    nodes.append(number)
  }
}
