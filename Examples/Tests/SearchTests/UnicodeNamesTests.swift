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

  @Test func aCodePointInHexFindsItsScalarFirstInAnyCase() {
    let grinning = UnicodeNames.Entry(value: 0x1F600, name: "GRINNING FACE")
    for query in ["1f600", "1F600", "U+1F600", "u+1f600", "u+1F600", " U+1f600 "] {
      #expect(Self.names.search(query).first == grinning, "\(query)")
    }
    // The hint's query, as the server pages it.
    #expect(
      Self.names.page(1, of: "1f600", size: 10).hits.first
        == .init(code: "U+1F600", name: "GRINNING FACE"))
    #expect(Self.names.search("U+41").first?.name == "LATIN CAPITAL LETTER A")
    // The code point's scalar first, then the names that hold the word, once each.
    #expect(
      Self.names.search("4e00").map(\.name) == [
        "CJK UNIFIED IDEOGRAPH-4E00", "SQUARED CJK UNIFIED IDEOGRAPH-4E00",
      ])
    // A code point beyond Unicode, or of a scalar without a name, finds nothing.
    #expect(Self.names.search("U+110000").isEmpty)
    #expect(Self.names.search("U+E000").isEmpty)
  }

  @Test func theCodePointsScalarComesBeforeNamesHoldingItOnce() {
    let names = UnicodeNames(entries: [
      .init(value: 0x41, name: "SIGN-1F436"), .init(value: 0x1F415, name: "DOG"),
      .init(value: 0x1F436, name: "DOG FACE-1F436"),
    ])
    #expect(names.search("1f436").map(\.name) == ["DOG FACE-1F436", "SIGN-1F436"])
    #expect(names.search("U+1F415").map(\.name) == ["DOG"])
    // Name search stays as it was: in scalar order.
    #expect(names.search("dog").map(\.name) == ["DOG", "DOG FACE-1F436"])
  }

  @Test func onlyHexWithADigitOrWithUPlusIsACodePoint() {
    #expect(UnicodeNames.codePoint(in: "1f600") == 0x1F600)
    #expect(UnicodeNames.codePoint(in: "U+1F600") == 0x1F600)
    #expect(UnicodeNames.codePoint(in: "u+1f600") == 0x1F600)
    #expect(UnicodeNames.codePoint(in: "U+41") == 0x41)
    #expect(UnicodeNames.codePoint(in: "U+10FFFF") == 0x10_FFFF)
    // Words stay words: `face` names U+FACE only by its name's word.
    for query in ["face", "cafe", "41", "U+", "U+110000", "U+1234567", "1f600 face", "+1f600"] {
      #expect(UnicodeNames.codePoint(in: query) == nil, "\(query)")
    }
    #expect(Self.names.search("face").first?.name != "CJK COMPATIBILITY IDEOGRAPH-FACE")
    #expect(Self.names.search("face").contains { $0.value == 0xFACE })
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

  @Test func anyPageNumberARequestGivesIsAnsweredWithoutOverflow() {
    let total = Self.names.search("arrow").count
    for number in [Int.max, Int.max / 10 + 1, Int.min, -1, 0] {
      let page = Self.names.page(number, of: "arrow", size: 10)
      #expect(page.total == total, "\(number)")
      // Past the last page: no hits and no next page; below the first: the first page.
      #expect(page.hits.isEmpty == (number > 1), "\(number)")
      #expect((page.nextPage == nil) == (number > 1), "\(number)")
    }
    // The largest page size: every hit, no next page.
    let whole = Self.names.page(1, of: "arrow", size: .max)
    #expect(whole.hits.count == total)
    #expect(whole.nextPage == nil)
    #expect(Self.names.page(.max, of: "arrow", size: 0).nextPage == nil)
  }
}
