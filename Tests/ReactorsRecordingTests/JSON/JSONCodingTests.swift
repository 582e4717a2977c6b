import Foundation
import Testing

@testable import ReactorsRecording

/// The recording files' own JSON encoder and decoder: what they write reads back the same,
/// matches `JSONEncoder` byte for byte where `JSONEncoder`'s text is fixed, reads
/// `JSONEncoder`'s text, and fails with `JSONDecoder`'s errors and coding paths.
@Suite struct JSONCodingTests {
  struct Profile: Codable, Equatable {
    var name: String
    var age: Int
    var tags: [String]
    var limits: [String: Int]
    var nickname: String?
    var avatar: Data
    var home: URL
    var small: Int8
    var big: UInt64
    var smallest: Int
    var flags: [Bool?]
    var choice: Choice
    var nested: [[Choice]]
  }

  enum Choice: Codable, Equatable {
    case none
    case one(Int)
    case pair(a: String, b: [Int?])
  }

  struct Measures: Codable, Equatable {
    var ratio: Double
    var tiny: Double
    var huge: Double
    var single: Float
    var whole: Double
    var negative: Double
    var balance: Decimal
    var when: Date
  }

  static let profile = Profile(
    name: "Kim \"the\" \\ coder\n\ttabbed / slashed, 🐶 é", age: 42, tags: ["a", "", "ünï"],
    limits: Dictionary(uniqueKeysWithValues: (0..<40).map { ("key\($0)", $0 * 1_000) }),
    nickname: nil, avatar: Data([0, 1, 2, 250, 255]),
    home: URL(string: "https://example.com/a?b=c")!,
    small: -128, big: .max, smallest: .min, flags: [true, nil, false],
    choice: .pair(a: "x", b: [1, nil, -3]), nested: [[.none, .one(7)], []])

  static let measures = Measures(
    ratio: 0.1, tiny: -2.5e-300, huge: 1.7976931348623157e308, single: 0.1, whole: 3,
    negative: -1_234_567.875, balance: Decimal(string: "12345.6789")!,
    when: Date(timeIntervalSinceReferenceDate: 1_234.5))

  @Test func valuesReadBackAsTheyWereWritten() throws {
    #expect(try decoded(Profile.self, encoded(Self.profile)) == Self.profile)
    #expect(try decoded(Measures.self, encoded(Self.measures)) == Self.measures)
    #expect(try decoded([Choice].self, encoded([Choice.none, .one(.max)])) == [.none, .one(.max)])
    #expect(try decoded(String.self, encoded("\u{1}\u{1F}\u{7F}")) == "\u{1}\u{1F}\u{7F}")
    #expect(try decoded(Int?.self, encoded(Int?.none)) == nil)
  }

  @Test func theTextIsJSONEncodersWithSortedKeys() throws {
    let foundation = JSONEncoder()
    foundation.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let expected = String(decoding: try foundation.encode(Self.profile), as: UTF8.self)
    #expect(try encoded(Self.profile) == expected)
  }

  @Test func itReadsJSONEncodersTextAndJSONDecoderReadsIts() throws {
    let foundation = try JSONEncoder().encode(Self.measures)
    #expect(
      try decoded(Measures.self, String(decoding: foundation, as: UTF8.self)) == Self.measures)
    let ours = try encoded(Self.measures)
    #expect(try JSONDecoder().decode(Measures.self, from: Data(ours.utf8)) == Self.measures)
    #expect(
      try JSONDecoder().decode(Profile.self, from: Data(encoded(Self.profile).utf8)) == Self.profile
    )
  }

  @Test func escapedKeysAndStringsReadBack() throws {
    let text = #"{"na\u006de":"a\"b\\c\/d\u00e9\ud83d\udc36\n","age":1}"#
    struct Named: Decodable, Equatable {
      var name: String
      var age: Int
    }
    #expect(try decoded(Named.self, text) == Named(name: "a\"b\\c/dé🐶\n", age: 1))
  }

  @Test func decodingErrorsAreJSONDecodersWithTheSameCodingPath() throws {
    let good = try encoded(Self.profile)
    let cases = [
      good.replacingOccurrences(of: #""age":42"#, with: #""age":"42""#),
      good.replacingOccurrences(of: #""small":-128"#, with: #""small":-129"#),
      good.replacingOccurrences(of: #""flags":[true,null,false]"#, with: #""flags":[true,null,7]"#),
      good.replacingOccurrences(of: #""name":"#, with: #""game":"#),
      good.replacingOccurrences(of: #""b":[1,null,-3]"#, with: #""b":{"x":1}"#),
      good.replacingOccurrences(of: #""tags":["a","","ünï"]"#, with: #""tags":null"#),
    ]
    for text in cases {
      #expect(text != good)
      let ours = try #require(decodingError(Profile.self, text))
      let theirs = try #require(
        { () -> DecodingError? in
          do {
            _ = try JSONDecoder().decode(Profile.self, from: Data(text.utf8))
            return nil
          } catch { return error as? DecodingError }
        }())
      // The same case, at the same path (a number out of its type's range: corrupted data
      // with no path, as JSONDecoder throws it; the description says where).
      #expect(Self.shape(ours) == Self.shape(theirs), "\(text)")
    }
  }

  @Test func textThatIsNotJSONSaysWhereAndNothingCrashes() throws {
    for text in [
      "", "{", #"{"a" 1}"#, #"{"a":tru}"#, "01x", #""\u12""#, "[1] 2", "[1,,2]", "[,]", "{,}",
      " \u{FEFF}1", "\u{FEFF}", "+1", ".5", #"{"a":1 "b":2}"#,
    ] {
      let error = try #require(decodingError([Int].self, text), "\(text)")
      guard case .dataCorrupted(let context) = error else {
        Issue.record("expected dataCorrupted for \(text), got \(error)")
        continue
      }
      #expect(context.debugDescription.contains("at byte"))
    }
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    let tooDeep = try #require(decodingError([Int].self, deep))
    #expect("\(tooDeep)".contains("nested more than 128 deep"))
  }

  /// The places where the coder and `JSONDecoder` once parted ways (a differential fuzz run
  /// found them), each now read as `JSONDecoder` reads it: the same value, or an error of the
  /// same case at the same coding path.
  @Test(arguments: [
    // Leading zeros: corrupted data.
    ("007", "Int"), ("-01", "Int"), ("00.5", "Double"), ("[1,007]", "[Int]"),
    // Text that is not UTF-8 (overlong, a surrogate, past U+10FFFF, cut short, a stray byte),
    // and escapes of half a surrogate pair: corrupted data, not U+FFFD.
    ("\"\u{C0}\u{AF}\"", "String"), ("\"\u{ED}\u{A0}\u{80}\"", "String"),
    ("\"\u{F4}\u{90}\u{80}\u{80}\"", "String"), ("\"\u{E2}\u{82}\"", "String"),
    ("\"\u{FF}\"", "String"), (#""\ud800""#, "String"), (#""\udc00""#, "String"),
    (#""\ud800\u0041""#, "String"), (#""\ud800\ud800""#, "String"), (#""\ud800x""#, "String"),
    (#""\ud83d\udc36""#, "String"), (#"{"\udc00":1}"#, "[String: Int]"),
    // A number too small for a Double is an error, not 0.0 (an integer reads it as 0).
    ("1e-400", "Double"), ("-1e-400", "Double"), ("1e-400", "Int"), ("7e-46", "Float"),
    ("1e400", "Double"), ("[1,1e-400]", "[Double]"), ("1e-400", "Decimal"), ("1e400", "Decimal"),
    // A byte order mark at the start is read past.
    ("\u{FEFF}1", "Int"), ("\u{FEFF} [1]", "[Int]"),
    // An integer with a point or an exponent: exactly, beyond 2^53 too.
    ("9007199254740993.0", "Int64"), ("9007199254740993.5", "Int64"),
    ("4503599627370497.5", "Int64"),
    ("-9223372036854775808.0", "Int64"), ("18446744073709549568.0", "UInt64"), ("1e3", "Int"),
    ("1.0000000000000001", "Int"), ("1.5", "Int"), ("256", "UInt8"), ("-0.0", "UInt"),
    // A comma before the closing bracket ends the container.
    ("[1,]", "[Int]"), (#"{"a":1,}"#, "[String: Int]"), ("[[1,],[2 , ] , ]", "[[Int]]"),
    // Text checked when a type reads it: a value of the wrong kind is a type mismatch first,
    // a member no type reads is skipped.
    ("[-]", "[Bool]"), ("[1.2.3]", "[Bool]"), (#"["\x"]"#, "[Bool]"), ("[1-2]", "[Int]"),
    (#"{"a":1,"b":007}"#, "One"), (#"{"a":1,"b":"\u{1}"}"#, "One"), (#"{"a":1,"\x":1}"#, "One"),
    ("\"\u{1}\"", "[Int]"), ("-", "[Int]"), ("1.", "[Int]"),
    // A key written twice counts once, its first value; keys compare as `String`s.
    (#"{"a":1,"a":2}"#, "[String: Int]"), (#"{"empty":{},"empty":{}}"#, "Choice"),
    ("{\"e\u{301}\":1,\"\u{E9}\":2}", "[String: Int]"), ("{\"e\u{301}\":1}", "Accented"),
  ])
  func readsAsJSONDecoderReadsIt(_ text: String, _ type: String) throws {
    struct One: Codable { var a: Int }
    struct Accented: Codable {
      enum CodingKeys: String, CodingKey { case value = "\u{E9}" }
      var value: Int
    }
    enum Choice: Codable { case empty, full(Int) }
    func same<Value: Codable>(_: Value.Type) {
      let read = JSONDifferentialTests.outcomes(Value.self, Array(text.utf8))
      #expect(read.ours == read.foundation, "\(text) as \(type)")
    }
    switch type {
    case "Int": same(Int.self)
    case "Int64": same(Int64.self)
    case "UInt": same(UInt.self)
    case "UInt8": same(UInt8.self)
    case "UInt64": same(UInt64.self)
    case "Double": same(Double.self)
    case "Float": same(Float.self)
    case "Decimal": same(Decimal.self)
    case "String": same(String.self)
    case "[Int]": same([Int].self)
    case "[[Int]]": same([[Int]].self)
    case "[Bool]": same([Bool].self)
    case "[Double]": same([Double].self)
    case "[String: Int]": same([String: Int].self)
    case "One": same(One.self)
    case "Accented": same(Accented.self)
    case "Choice": same(Choice.self)
    default: Issue.record("no type \(type)")
    }
  }

  @Test func aStringsEscapedKeysSortAsTheirCharacters() throws {
    // `\u0015` sorts before `R` (0x15 < 0x52), though its escape starts with `\` (0x5C).
    let value = ["R": 1, "\u{15}": 2, "\"": 3, "\\": 4, "\n": 5, "[": 6]
    let foundation = JSONEncoder()
    foundation.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    #expect(try encoded(value) == String(decoding: try foundation.encode(value), as: UTF8.self))
  }

  @Test func numbersAreWrittenAsJSONEncoderWritesThem() throws {
    let foundation = JSONEncoder()
    for value in [0, -0.0, 1e15, 1e16, 9_007_199_254_740_992, 9_007_199_254_740_994, 0.1, 1e-7] {
      #expect(try encoded(value) == String(decoding: try foundation.encode(value), as: UTF8.self))
    }
    for value: Float in [-0.0, 1e15, 16_777_216, 16_777_218, 0.1] {
      #expect(try encoded(value) == String(decoding: try foundation.encode(value), as: UTF8.self))
    }
  }

  @Test func aReplayComparesByOperatorOrByEncodingWithoutCastingValues() throws {
    // The comparison is made for the type found at run time, and cast once to one of `Value`s.
    let equatable = ValueComparison<[String: Int]>()
    #expect(equatable.isSame != nil && equatable.isEquatable)
    #expect(equatable.difference(["a": 1], ["a": 1]) == nil)
    #expect(equatable.difference(["a": 1], ["a": 2]) != nil)
    struct Encoded: Encodable {
      var value: Double
    }
    let encodable = ValueComparison<Encoded>()
    #expect(encodable.isSame != nil && !encodable.isEquatable)
    #expect(encodable.isSame?(Encoded(value: 1), Encoded(value: 1)) == true)
    #expect(encodable.isSame?(Encoded(value: 0), Encoded(value: -0.0)) == false)
    #expect(encodable.difference(Encoded(value: 1), Encoded(value: 2)) != nil)
  }

  @Test func aKeyWrittenTwiceReadsAsItsFirstAndUnknownKeysAreSkipped() throws {
    struct One: Decodable, Equatable { var a: Int }
    #expect(try decoded(One.self, #"{"z":[1,{"a":3}],"a":1,"a":2}"#) == One(a: 1))
    let many =
      "{" + (0..<40).map { #""k\#($0)":\#($0)"# }.joined(separator: ",") + #","a":5,"a":6}"#
    #expect(try decoded(One.self, many) == One(a: 5))
  }

  @Test func aFailedDecodeDoesNotMoveAnUnkeyedContainerOn() throws {
    struct Mixed: Decodable, Equatable {
      var values: [String] = []
      init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        while !container.isAtEnd {
          if let number = try? container.decode(Int.self) {
            values.append("#\(number)")
          } else if try container.decodeNil() {
            values.append("nil")
          } else {
            values.append(try container.decode(String.self))
          }
        }
      }
    }
    #expect(try decoded(Mixed.self, #"[1,"a",null,2]"#).values == ["#1", "a", "nil", "#2"])
  }

  @Test func numbersOutsideTheirTypeAndNonFiniteNumbersAreErrors() throws {
    #expect(try decoded(Int.self, "1e3") == 1_000)
    #expect(try decoded(UInt8.self, "255") == 255)
    #expect(decodingError(UInt8.self, "256") != nil)
    #expect(decodingError(UInt.self, "-1") != nil)
    #expect(decodingError(Int.self, "1.5") != nil)
    #expect(decodingError(Int64.self, "9223372036854775808") != nil)
    #expect(try decoded(Int64.self, "-9223372036854775808") == .min)
    #expect(throws: EncodingError.self) { try encoded(Double.nan) }
    #expect(throws: EncodingError.self) { try encoded([Float.infinity]) }
  }

  @Test func misusedContainersAreErrorsNotMisplacedValues() throws {
    /// Writes to a nested container after its parent went on.
    struct Late: Encodable {
      enum Key: CodingKey { case first, second }
      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        var first = container.nestedUnkeyedContainer(forKey: .first)
        try first.encode(1)
        try container.encode(2, forKey: .second)
        try first.encode(3)
      }
    }
    #expect(throws: EncodingError.self) { try encoded(Late()) }

    /// Writes one single value twice.
    struct Twice: Encodable {
      func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(1)
        try container.encode(2)
      }
    }
    #expect(throws: EncodingError.self) { try encoded(Twice()) }

    /// Asks for its container twice, and leaves a super encoder unused.
    struct Split: Encodable {
      enum Key: CodingKey { case b, a, unused }
      func encode(to encoder: any Encoder) throws {
        var first = encoder.container(keyedBy: Key.self)
        try first.encode(1, forKey: .b)
        _ = first.superEncoder(forKey: .unused)
        var again = encoder.container(keyedBy: Key.self)
        try again.encode(2, forKey: .a)
      }
    }
    #expect(try encoded(Split()) == #"{"a":2,"b":1,"unused":{}}"#)

    let output = JSONOutput()
    try output.appendLine(1)
    #expect(throws: EncodingError.self) { try output.appendLine(Late()) }
    #expect(String(decoding: output.bytes, as: UTF8.self) == "1\n")
  }

  // MARK: Helpers

  func encoded<Value: Encodable>(_ value: Value) throws -> String {
    let output = JSONOutput()
    try output.appendLine(value)
    return String(decoding: output.bytes.dropLast(), as: UTF8.self)
  }

  func decoded<Value: Decodable>(_ type: Value.Type, _ text: String) throws -> Value {
    try JSONReading(JSONInput(ArraySlice(text.utf8)), 0).decode(value: type)
  }

  func decodingError<Value: Decodable>(_ type: Value.Type, _ text: String) -> DecodingError? {
    do {
      _ = try decoded(type, text)
      return nil
    } catch {
      return error as? DecodingError
    }
  }

  /// A decoding error's case and coding path (with the missing key), as text.
  ///
  /// Keys are told apart by their `stringValue`, as coding paths are (a dictionary's key `"0"`
  /// has an `intValue` in `JSONDecoder`'s path, which rebuilds no key; the coder's path is
  /// rebuilt from the text); an array's index (`"Index 3"`) is written `[3]`.
  static func shape(_ error: DecodingError) -> String {
    func path(_ keys: [any CodingKey]) -> String {
      keys.map { key in
        if let index = key.intValue, key.stringValue == "Index \(index)" { return "[\(index)]" }
        return ".\(key.stringValue)"
      }.joined()
    }
    switch error {
    case .typeMismatch(_, let context): return "typeMismatch \(path(context.codingPath))"
    case .valueNotFound(_, let context): return "valueNotFound \(path(context.codingPath))"
    case .keyNotFound(let key, let context):
      return "keyNotFound \(path(context.codingPath + [key]))"
    case .dataCorrupted(let context): return "dataCorrupted \(path(context.codingPath))"
    @unknown default: return "\(error)"
    }
  }
}
