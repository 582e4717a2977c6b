import Foundation
import PropertyBased
import Testing

@testable import ReactorsRecording

/// The values ``JSONDifferentialTests`` generates: every shape `Codable` gives, and the
/// generators that make them.
extension JSONDifferentialTests {
  /// A value of every shape `Codable` gives: enums with payloads (labelled and not), optionals,
  /// arrays, dictionaries, the scalars and Foundation's `Date`, `Data`, `URL` and `Decimal`.
  indirect enum Node: Codable, Sendable {
    case empty
    case flag(Bool)
    case text(String)
    case real(Double)
    case single(Float)
    case whole(Int64)
    case narrow(Int8, UInt8, Int16, UInt16)
    case wide(Int32, UInt32, Int, UInt, UInt64)
    case moment(Date)
    case bytes(Data)
    case link(URL)
    case money(Decimal)
    case maybe(Node?)
    case list([Node])
    case table([String: Node])
    case pair(left: Node, right: String?)
  }

  struct Record: Codable, Sendable {
    var name: String
    var nickname: String?
    var nodes: [Node]
    var counts: [String: [Int?]]
  }

  /// Characters from every plane, and the ones JSON escapes or treats specially.
  static let character: Generator<Character, AnySequence<(index: Int, value: Any)>> =
    Gen.frequency(
      (weight: 4, gen: Gen<Character>.character(in: " "..."~")),
      (
        weight: 2,
        gen: pick(
          [
            "\"", "\\", "/", "\u{0}", "\u{8}", "\u{9}", "\u{A}", "\u{C}", "\u{D}", "\u{1F}",
            "\u{7F}", "\u{80}", "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{FFFD}", "\u{FFFF}", "é",
            "e\u{301}", "🐶", "👩‍👩‍👧", "\u{10FFFF}",
          ] as [Character])
      ),
      (weight: 1, gen: Gen<Character>.character(in: "\u{0}"..."\u{1F}")),
      (
        weight: 2,
        gen: Gen<UInt32>.value(in: 0...0x10_FFFF).compactMap { Unicode.Scalar($0) }
          .map { Character($0) }
      ))

  static let string = character.string(of: 0...8)

  static let double: Generator<Double, AnySequence<(index: Int, value: Any)>> = Gen.frequency(
    (
      weight: 3,
      gen: pick(
        [
          0, -0.0, 1, -1, 0.1, 1.5, 100, 1e15, 1e16, 1e17, 1e21, 1e-7, 1e300, -1e300,
          .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude,
          Double.leastNormalMagnitude.nextDown, .greatestFiniteMagnitude,
          -.greatestFiniteMagnitude, 9_007_199_254_740_992, 9_007_199_254_740_994,
          4_503_599_627_370_497, 0x1p63, 0x1p64, -0x1p63, 123_456_789.125,
        ] as [Double])
    ),
    (
      weight: 3,
      gen: Gen<UInt64>.value(in: .min ... .max).map { Double(bitPattern: $0) }
        .filter { $0.isFinite }
    ),
    (weight: 2, gen: Gen<Int>.value(in: -100_000...100_000).map { Double($0) / 64 }),
    (weight: 1, gen: Gen<Int64>.value(in: .min ... .max).map { Double($0) }))

  static let float: Generator<Float, AnySequence<(index: Int, value: Any)>> = Gen.frequency(
    (
      weight: 2,
      gen: pick(
        [
          0, -0.0, 0.1, 16_777_216, 16_777_218, 1e15, .greatestFiniteMagnitude,
          .leastNonzeroMagnitude, .leastNormalMagnitude,
        ] as [Float])
    ),
    (
      weight: 2,
      gen: Gen<UInt32>.value(in: .min ... .max).map { Float(bitPattern: $0) }
        .filter { $0.isFinite }
    ))

  /// An integer near its type's edges, or anywhere in its range.
  static func integer<Integer: FixedWidthInteger & Sendable>(
    _ type: Integer.Type
  ) -> Generator<Integer, AnySequence<(index: Int, value: Any)>> {
    Gen.frequency(
      (weight: 1, gen: pick([Integer.min, .max, 0, 1, .max - 1, .min + 1])),
      (weight: 1, gen: Gen<Integer>.value(in: .min ... .max)))
  }

  static let url: Generator<URL, AnySequence<(index: Int, value: Any)>> = Gen.frequency(
    (
      weight: 1,
      gen: pick(
        [
          "https://example.com/a?b=c#d", "file:///tmp/a%20b", "mailto:kim@example.com", "a/b",
          "https://例え.jp/パス", "urn:isbn:0451450523",
        ] as [String]
      ).compactMap { URL(string: $0) }
    ),
    (
      weight: 1,
      gen: Gen<Character>.character(in: "a"..."z").string(of: 0...6).compactMap {
        URL(string: "https://example.com/\($0)")
      }
    ))

  static let decimal: Generator<Decimal, AnySequence<(index: Int, value: Any)>> = Gen.frequency(
    (
      weight: 1,
      gen: pick(
        [
          "0", "-0.5", "12345.6789", "1e30", "123456789012345678901234567890", "0.000001",
          "-99999999999999999999.99",
        ] as [String]
      ).compactMap { Decimal(string: $0) }
    ),
    (
      weight: 1,
      gen: zip(Gen<Int64>.value(in: .min ... .max), Gen<Int>.value(in: -20...20)).map {
        Decimal(sign: $0 < 0 ? .minus : .plus, exponent: $1, significand: Decimal($0.magnitude))
      }
    ))

  static let leaf: Generator<Node, AnySequence<Any>> = Gen<Node>.frequency(
    (weight: 1, gen: Gen<Node>.always(.empty)),
    (weight: 1, gen: Gen<Bool>.bool.map(Node.flag)),
    (weight: 3, gen: string.map(Node.text)),
    (weight: 3, gen: double.map(Node.real)),
    (weight: 1, gen: float.map(Node.single)),
    (weight: 2, gen: integer(Int64.self).map(Node.whole)),
    (
      weight: 1,
      gen: zip(integer(Int8.self), integer(UInt8.self), integer(Int16.self), integer(UInt16.self))
        .map { Node.narrow($0, $1, $2, $3) }
    ),
    (
      weight: 1,
      gen: zip(
        integer(Int32.self), integer(UInt32.self), integer(Int.self), integer(UInt.self),
        integer(UInt64.self)
      ).map { Node.wide($0, $1, $2, $3, $4) }
    ),
    (weight: 1, gen: double.map { Node.moment(Date(timeIntervalSinceReferenceDate: $0)) }),
    (weight: 1, gen: Gen<UInt8>.value(in: 0...255).array(of: 0...9).map { .bytes(Data($0)) }),
    (weight: 1, gen: url.map(Node.link)),
    (weight: 1, gen: decimal.map(Node.money))
  ).eraseToAny()

  /// Nodes nested up to `depth` levels.
  static func node(depth: Int) -> Generator<Node, AnySequence<Any>> {
    guard depth > 0 else { return leaf }
    let inner = node(depth: depth - 1)
    return Gen<Node>.frequency(
      (weight: 4, gen: leaf),
      (weight: 1, gen: inner.optional.map(Node.maybe)),
      (weight: 1, gen: inner.array(of: 0...4).map(Node.list)),
      (
        weight: 1,
        gen: zip(string, inner).array(of: 0...4).map {
          Node.table(Dictionary($0, uniquingKeysWith: { first, _ in first }))
        }
      ),
      (weight: 1, gen: zip(inner, string.optional).map { Node.pair(left: $0, right: $1) })
    ).eraseToAny()
  }

  static let record = zip(
    string, string.optional, node(depth: 3).array(of: 0...4),
    zip(string, integer(Int.self).optional.array(of: 0...3)).array(of: 0...3)
  ).map { name, nickname, nodes, counts in
    Record(
      name: name, nickname: nickname, nodes: nodes,
      counts: Dictionary(counts, uniquingKeysWith: { first, _ in first }))
  }

  /// A number's text: the shapes JSON allows (and a few it does not), at the edges of the
  /// types that read it.
  static let numberText: Generator<String, AnySequence<(index: Int, value: Any)>> =
    Gen.frequency(
      (
        weight: 2,
        gen: pick(
          [
            "0", "-0", "00", "007", "-01", "0.0", "-0.0", "1.", ".5", "1e", "1e+", "+1", "1E2",
            "1e-400", "-1e-400", "1e400", "0e-999", "5e-324", "2e-324", "3e-324", "1e-45",
            "7e-46", "3.4028235e38", "3.40282356e38", "3.4028236e38",
            "1.7976931348623157e308", "1.7976931348623159e308", "9007199254740993.0",
            "9007199254740993", "9007199254740993.5", "4503599627370497.5", "9223372036854775807",
            "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
            "9223372036854775807.0", "-9223372036854775808.0", "18446744073709551615",
            "18446744073709551616", "18446744073709551615.0", "1.0000000000000001",
            "0.99999999999999999", "255", "256", "-128", "-129", "1e2", "1.5", "-0.5",
            "123456789012345678901234567890", "1e127", "1e128", "1e-128", "1e-129", "1E+2",
            "\"1\"", "null", "true", "[1]",
          ] as [String])
      ),
      (
        weight: 3,
        gen: zip(
          Gen<Bool>.bool, Gen<Character>.number.string(of: 1...21),
          Gen<Character>.number.string(of: 0...4).optional,
          Gen<Int>.value(in: -30...30).optional
        ).map { negative, digits, fraction, exponent in
          (negative ? "-" : "") + digits + (fraction.map { "." + $0 } ?? "")
            + (exponent.map { "e\($0)" } ?? "")
        }
      ))

  /// One of `values`, shrinking towards the first.
  static func pick<Value: Sendable>(_ values: [Value]) -> Generator<Value, Shrink.Integer<Int>> {
    Gen<Int>.value(in: 0...values.count - 1).map { values[$0] }
  }
}
