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
      // The same case, at the same path; a number out of its type's range is the one place
      // where ours says more (JSONDecoder on Linux gives no path for it).
      let (mine, foundation) = (Self.shape(ours), Self.shape(theirs))
      #expect(
        mine == foundation
          || (mine == "dataCorrupted .small" && foundation.hasPrefix("dataCorrupted")), "\(text)")
    }
  }

  @Test func textThatIsNotJSONSaysWhereAndNothingCrashes() throws {
    for text in [
      "", "{", "[1,]", #"{"a" 1}"#, #"{"a":tru}"#, "01x", #""\x""#, #""\u12""#, "[1] 2",
      "-", "1.", "1e", "\"\u{1}\"", "{\"a\":1,}",
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
  static func shape(_ error: DecodingError) -> String {
    func path(_ keys: [any CodingKey]) -> String {
      keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
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
