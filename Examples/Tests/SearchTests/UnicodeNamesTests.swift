import SearchCore
import Testing

/// The real data: every named scalar of this Swift, searched by word.
@Suite struct UnicodeNamesTests {
  /// Built once for the suite (about a second in a debug build).
  static let names = UnicodeNames()

  @Test func holdsEveryNamedScalar() {
    #expect(Self.names.entries.count > 150_000)
    #expect(Self.names.entries.first == .init(value: 0x20, name: "SPACE"))
    #expect(Self.names.entries.contains(.init(value: 0x1F436, name: "DOG FACE")))
  }

  @Test func eachWordOfTheQueryBeginsAWordOfTheNameInAnyOrderAndCase() {
    let found = Self.names.search("face DOG").map(\.name)
    #expect(found == ["DOG FACE"])
    let small = Self.names.search("lat sma letter a")
    #expect(small.first?.name == "LATIN SMALL LETTER A")
    let wordsBegun = { (name: String) in
      ["LAT", "SMA", "LETTER", "A"].allSatisfy { prefix in
        name.split(whereSeparator: { $0 == " " || $0 == "-" }).contains { $0.hasPrefix(prefix) }
      }
    }
    #expect(small.allSatisfy { wordsBegun($0.name) })
    #expect(small.contains { $0.name == "MODIFIER LETTER SMALL CAPITAL A" } == false)
    #expect(small.map(\.value) == small.map(\.value).sorted())
  }

  @Test func wordsAreSplitAtHyphensSoCodePointsAreFound() {
    #expect(
      Self.names.search("4e00").map(\.name) == [
        "CJK UNIFIED IDEOGRAPH-4E00", "SQUARED CJK UNIFIED IDEOGRAPH-4E00",
      ])
  }

  @Test func aQueryWithoutWordsOrWithAnUnknownWordFindsNothing() {
    #expect(Self.names.search("").isEmpty)
    #expect(Self.names.search("   ").isEmpty)
    #expect(Self.names.search("dog zzzqqq").isEmpty)
  }

  @Test func pagesCutTheHitsInScalarOrder() {
    let all = Self.names.search("arrow")
    let first = Self.names.page(1, of: "arrow", size: 10)
    #expect(first.total == all.count)
    #expect(first.hits.map(\.name) == all.prefix(10).map(\.name))
    #expect(first.nextPage == 2)
    let lastNumber = (all.count + 9) / 10
    let last = Self.names.page(lastNumber, of: "arrow", size: 10)
    #expect(last.nextPage == nil)
    #expect(last.hits.map(\.name) == all.suffix(all.count - (lastNumber - 1) * 10).map(\.name))
    #expect(Self.names.page(lastNumber + 1, of: "arrow", size: 10).hits.isEmpty)
    #expect(
      Self.names.page(1, of: "dog face", size: 10).hits == [
        .init(code: "U+1F436", name: "DOG FACE")
      ])
    #expect(Self.names.page(1, of: "space", size: 1).hits.first?.code == "U+0020")
  }
}
