import Foundation
import Testing

@testable import ReactorsRecording

/// A state with what encodes in no fixed order: a set, dictionaries, an object's members.
struct Tagged: Codable, Equatable {
  var tags: Set<String> = []
  var scores: [String: Int] = [:]
  var byID: [UUID: String] = [:]
  var list: [Int] = []
  var ratio = 0.0
}

/// Encodes its two members in the order `flipped` says: an object's members in another order.
struct Pair: Encodable {
  enum Keys: String, CodingKey { case a, b }
  let a: Int
  let b: String
  let flipped: Bool

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Keys.self)
    if flipped {
      try container.encode(b, forKey: .b)
      try container.encode(a, forKey: .a)
    } else {
      try container.encode(a, forKey: .a)
      try container.encode(b, forKey: .b)
    }
  }
}

/// A value whose `encode(to:)` throws.
struct Unencodable: Encodable {
  struct Refused: Error {}
  func encode(to encoder: any Encoder) throws { throw Refused() }
}

/// A value that writes to its container after a nested one moved on: out of order.
struct OutOfOrder: Encodable {
  enum Keys: String, CodingKey { case a, b }
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Keys.self)
    var nested = container.nestedUnkeyedContainer(forKey: .a)
    try container.encode(1, forKey: .b)
    try nested.encode(2)  // its parent went on
  }
}

/// The fingerprints a file's writer writes and a replay compares.
@Suite struct StateFingerprintTests {
  let hasher = StateHasher()

  @Test func equalStatesHaveEqualFingerprintsWhateverTheirUnorderedPartsOrder() throws {
    var first = Tagged()
    var second = Tagged(tags: Set(minimumCapacity: 4_096))
    let ids = (0..<50).map { _ in UUID() }
    for index in 0..<200 {
      first.tags.insert("tag \(index)")
      first.scores["player \(index)"] = index
    }
    for index in (0..<200).reversed() {
      second.tags.insert("tag \(index)")
      second.scores["player \(index)"] = index
    }
    for id in ids { first.byID[id] = id.uuidString }
    for id in ids.reversed() { second.byID[id] = id.uuidString }
    try #require(first == second)
    // The same elements in another order: what a JSON text of them would differ by.
    #expect(Array(first.tags) != Array(second.tags))
    #expect(hasher.fingerprint(first) == hasher.fingerprint(second))
    #expect(hasher.fingerprint(first) != nil)

    #expect(
      hasher.fingerprint(Pair(a: 1, b: "x", flipped: false))
        == hasher.fingerprint(Pair(a: 1, b: "x", flipped: true)))
    #expect(hasher.fingerprint(Tagged(ratio: -0.0)) == hasher.fingerprint(Tagged(ratio: 0)))
  }

  @Test func statesThatDifferHaveDifferentFingerprints() {
    let base = Tagged(tags: ["a", "b"], scores: ["a": 1], list: [1, 2])
    var variants = [base]
    variants.append(Tagged(tags: ["a"], scores: ["a": 1], list: [1, 2]))
    variants.append(Tagged(tags: ["a", "b"], scores: ["a": 2], list: [1, 2]))
    variants.append(Tagged(tags: ["a", "b"], scores: ["b": 1], list: [1, 2]))
    variants.append(Tagged(tags: ["a", "b"], scores: ["a": 1], list: [2, 1]))
    variants.append(Tagged(tags: ["a", "b"], scores: ["a": 1], list: [1, 2, 0]))
    variants.append(Tagged(tags: ["ab"], scores: ["a": 1], list: [1, 2]))
    variants.append(Tagged(tags: ["a", "b"], scores: ["a": 1], list: [1, 2], ratio: 0.5))
    let fingerprints = variants.map { hasher.fingerprint($0) }
    #expect(Set(fingerprints).count == variants.count)
    // Members are told apart by their keys, not only their values.
    #expect(
      hasher.fingerprint(["a": 1, "b": 2]) != hasher.fingerprint(["a": 2, "b": 1]))
    #expect(hasher.fingerprint([1, 2] as [Int]) != hasher.fingerprint([[1, 2]] as [[Int]]))
  }

  @Test func aValueThatCannotBeEncodedHasNoFingerprint() {
    #expect(hasher.fingerprint(Unencodable()) == nil)
    #expect(hasher.fingerprint([Unencodable()]) == nil)
    #expect(hasher.fingerprint(OutOfOrder()) == nil)
    // The hasher goes on after one.
    #expect(hasher.fingerprint(Tagged()) != nil)
  }

  /// The scheme's values, pinned: a change to them is a new scheme (a new name in the header),
  /// or every file written before it would diverge everywhere. The set's and the dictionary's
  /// order changes with each process (its hashing seed), their fingerprint does not.
  @Test func theSchemesValuesDoNotChangeFromOneProcessToTheNext() throws {
    #expect(StateFingerprint.scheme == "codable-hash53-1")
    let five = try #require(hasher.fingerprint(5)).hex
    #expect(five == "2787547460313286")
    let login = LoginForm.State(name: "kim", password: "pw", matches: ["kim", "kim2"])
    let form = try #require(hasher.fingerprint(login)).hex
    #expect(form == "3031088119134722")
    let tagged = Tagged(
      tags: Set((0..<20).map { "tag \($0)" }),
      scores: Dictionary(uniqueKeysWithValues: (0..<20).map { ("player \($0)", $0) }),
      list: [3, 1, 2], ratio: 0.25)
    let unordered = try #require(hasher.fingerprint(tagged)).hex
    #expect(unordered == "4620653627075119")
  }

  @Test func aFingerprintIsAnIntegerEveryJSONReaderReadsExactly() throws {
    for value in [0, 5, Int.max, -1] as [Int] {
      let fingerprint = try #require(hasher.fingerprint(value))
      #expect(fingerprint <= StateFingerprint.largest)
      #expect(UInt64(Double(fingerprint)) == fingerprint)  // as JavaScript and `jq` read it
    }
  }
}

extension UInt64 {
  /// The fingerprint as a file writes it.
  fileprivate var hex: String { "\(self)" }
}
