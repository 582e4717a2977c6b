import Foundation
import PropertyBased
import Testing

@testable import ReactorsRecording

/// The recording files' JSON coder held to Foundation's, over generated values: the bytes it
/// writes are `JSONEncoder`'s, and what it reads (a value, or an error's case and coding path)
/// is `JSONDecoder`'s, for the encodings of those values and for those encodings damaged one
/// byte edit at a time.
///
/// `JSONEncoder` is set to `.sortedKeys` (the order a recording file needs) and
/// `.withoutEscapingSlashes` (the coder writes `/` as is, the one way its text differs from
/// the default) with its default strategies: `Date` as its own number, `Data` as Base64.
///
/// What is left out of the comparison, each a documented difference:
/// - text `JSONDecoder` reads as UTF-16 or UTF-32 (a zero byte among the first two, or their
///   byte order marks), where a recording file is UTF-8 (see `JSONInput`);
/// - a zero written with an exponent whose last three bytes hold a digit other than 0 (`0e1`,
///   `0.0e5`), which `JSONDecoder` (swift-foundation's `isTrueZero` in Swift 6.3, which reads
///   the last bytes of a number backwards) refuses as a `Double` or a `Float`, and the coder
///   reads as zero, as later versions of `JSONDecoder` do.
///
/// Each check runs with a new random seed; a failure prints the seed to replay it with
/// `@Test(.fixedSeed("…"))`. A few thousand values and edits: about a second in a debug build.
@Suite struct JSONDifferentialTests {
  // MARK: The properties

  @Test func theCoderWritesJSONEncodersBytesAndBothDecodersReadThemTheSame() async {
    await propertyCheck(count: 300, input: Self.record) { record in
      let ours = Self.ours(record)
      let foundation = Self.foundation(record)
      #expect(ours == foundation, "\(String(decoding: ours ?? [], as: UTF8.self))")
      guard let ours else { return }
      let read = Self.outcomes(Record.self, ours)
      #expect(read.ours == read.foundation)
      #expect(read.ours == .value(ours), "the value reads back as it was written")
      // And JSONEncoder's default text: keys in any order, `/` written `\/`.
      let plain = [UInt8](try! JSONEncoder().encode(record))
      #expect(Self.outcomes(Record.self, plain).ours == .value(ours))
    }
  }

  @Test func aDamagedEncodingReadsAsJSONDecoderReadsItErrorsIncluded() async {
    await propertyCheck(count: 250, input: Self.record, Self.edit.array(of: 12)) {
      record, edits in
      guard let bytes = Self.ours(record) else { return }
      for edit in edits {
        let damaged = edit.applied(to: bytes)
        guard !Self.readsAsUTF16OrUTF32(damaged) else { continue }
        let read = Self.outcomes(Record.self, damaged)
        guard !Self.isZeroWithAnExponent(read, damaged) else { continue }
        let texts = (
          String(decoding: bytes, as: UTF8.self), String(decoding: damaged, as: UTF8.self)
        )
        #expect(read.ours == read.foundation, "\(edit) of \(texts.0): \(texts.1)")
      }
    }
  }

  @Test func scalarsAtTheirEdgesReadAsJSONDecoderReadsThem() async {
    // Numbers' texts as another program may write them, read as every type.
    await propertyCheck(count: 400, input: Self.numberText) { text in
      let bytes = Array(text.utf8)
      func same<Value: Codable>(_ type: Value.Type) {
        let read = Self.outcomes(type, bytes)
        guard !Self.isZeroWithAnExponent(read, bytes) else { return }
        #expect(read.ours == read.foundation, "\(text) as \(type)")
      }
      same(Int.self)
      same(Int8.self)
      same(Int16.self)
      same(Int32.self)
      same(Int64.self)
      same(UInt.self)
      same(UInt8.self)
      same(UInt16.self)
      same(UInt32.self)
      same(UInt64.self)
      same(Double.self)
      same(Float.self)
      same(Decimal.self)
      same(Date.self)
    }
  }

  // MARK: Edits

  /// One edit of an encoding, at a place given as a fraction of its length.
  enum Edit: Sendable, CustomStringConvertible {
    case flip(at: Double, bit: Int)
    case insert(at: Double, [UInt8])
    case delete(at: Double, count: Int)
    case truncate(at: Double)

    func applied(to bytes: [UInt8]) -> [UInt8] {
      var bytes = bytes
      func index(_ at: Double, end: Int) -> Int { min(Int(at * Double(end)), max(end - 1, 0)) }
      switch self {
      case .flip(let at, let bit):
        guard !bytes.isEmpty else { break }
        bytes[index(at, end: bytes.count)] ^= 1 << bit
      case .insert(let at, let inserted):
        bytes.insert(contentsOf: inserted, at: min(Int(at * Double(bytes.count + 1)), bytes.count))
      case .delete(let at, let count):
        guard !bytes.isEmpty else { break }
        let start = index(at, end: bytes.count)
        bytes.removeSubrange(start..<min(start + count, bytes.count))
      case .truncate(let at):
        bytes.removeSubrange(index(at, end: bytes.count)...)
      }
      return bytes
    }

    var description: String {
      switch self {
      case .flip(let at, let bit): "flip bit \(bit) at \(at)"
      case .insert(let at, let bytes): "insert \(bytes) at \(at)"
      case .delete(let at, let count): "delete \(count) at \(at)"
      case .truncate(let at): "truncate at \(at)"
      }
    }
  }

  /// What an edit inserts: bytes JSON gives a meaning, and pieces that test its edges.
  static let inserted: [[UInt8]] = {
    let bytes: [UInt8] = [
      0x00, 0x09, 0x0A, 0x20, 0x22, 0x2C, 0x2D, 0x2E, 0x30, 0x31, 0x3A, 0x45, 0x5B, 0x5C, 0x5D,
      0x65, 0x6E, 0x7B, 0x7D, 0x7F, 0x80, 0xC0, 0xC3, 0xED, 0xEF, 0xFF,
    ]
    let texts = [
      #"\ud800"#, #"\udc00"#, #"\u0000"#, "007", "null", ",]", ",}", ".0", "e-400", "e400",
      "\u{2028}",
    ]
    let sequences: [[UInt8]] = [
      [0xEF, 0xBB, 0xBF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
    ]
    return bytes.map { [$0] } + sequences + texts.map { Array($0.utf8) }
  }()

  static let fraction = Gen<Double>.value(in: 0...1)

  static let edit: Generator<Edit, AnySequence<(index: Int, value: Any)>> = Gen.frequency(
    (weight: 3, gen: zip(fraction, Gen<Int>.value(in: 0...7)).map { Edit.flip(at: $0, bit: $1) }),
    (
      weight: 3,
      gen: zip(fraction, pick(inserted)).map { Edit.insert(at: $0, $1) }
    ),
    (
      weight: 2,
      gen: zip(fraction, Gen<Int>.value(in: 1...4)).map { Edit.delete(at: $0, count: $1) }
    ),
    (weight: 1, gen: fraction.map { Edit.truncate(at: $0) }))

  // MARK: Reading and comparing

  /// What a decoder made of some text: the value (as `JSONEncoder`'s bytes for it, which tell
  /// `-0.0` from `0.0`), or the error's case and coding path.
  enum Outcome: Equatable, CustomStringConvertible {
    case value([UInt8])
    case error(String)

    var description: String {
      switch self {
      case .value(let bytes): "value \(String(decoding: bytes, as: UTF8.self))"
      case .error(let shape): "error \(shape)"
      }
    }
  }

  static func ours<Value: Encodable>(_ value: Value) -> [UInt8]? {
    let output = JSONOutput()
    guard (try? output.appendLine(value)) != nil else { return nil }
    return Array(output.bytes.dropLast())
  }

  static func foundation<Value: Encodable>(_ value: Value) -> [UInt8]? {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return (try? encoder.encode(value)).map { [UInt8]($0) }
  }

  /// What the coder and `JSONDecoder` make of `bytes` as a `Value`.
  static func outcomes<Value: Codable>(
    _ type: Value.Type, _ bytes: [UInt8]
  ) -> (ours: Outcome, foundation: Outcome) {
    func outcome(_ read: () throws -> Value) -> Outcome {
      do {
        return .value(foundation(try read()) ?? [])
      } catch let error as DecodingError {
        return .error(JSONCodingTests.shape(error))
      } catch {
        return .error("\(error)")
      }
    }
    return (
      outcome { try JSONReading(JSONInput(bytes[...]), 0).decode(value: type) },
      outcome { try JSONDecoder().decode(type, from: Data(bytes)) }
    )
  }

  /// Whether `JSONDecoder` reads `bytes` as UTF-16 or UTF-32: a byte order mark of theirs, or
  /// a zero byte among the first two (how it guesses).
  static func readsAsUTF16OrUTF32(_ bytes: [UInt8]) -> Bool {
    bytes.prefix(2).contains(0) || bytes.starts(with: [0xFE, 0xFF])
      || bytes.starts(with: [0xFF, 0xFE])
  }

  /// Whether the coder read a value where `JSONDecoder` refused a zero written with an
  /// exponent (see above) in it.
  static func isZeroWithAnExponent(
    _ read: (ours: Outcome, foundation: Outcome), _ bytes: [UInt8]
  ) -> Bool {
    guard case .value = read.ours, read.foundation == .error("dataCorrupted "),
      let input = try? JSONInput(bytes[...])
    else { return false }
    return input.nodes.contains { node in
      let text = input.text(node)
      return node.kind == .number && JSONReading.isZero(text) && !foundationsIsTrueZero(text)
    }
  }

  /// `isTrueZero` as swift-foundation 6.3 writes it: four bytes at a time from the start, then
  /// the last one to three bytes from the end.
  static func foundationsIsTrueZero(_ text: ArraySlice<UInt8>) -> Bool {
    func check(_ byte: UInt8) -> Bool? {
      if (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(byte) { return false }
      if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { return true }
      return nil
    }
    var rest = text
    while rest.count >= 4 {
      for byte in rest.prefix(4) { if let answer = check(byte) { return answer } }
      rest = rest.dropFirst(4)
    }
    for byte in rest.reversed() { if let answer = check(byte) { return answer } }
    return true
  }
}
