import Reactors
import Testing

extension NavigationTests {
  @Suite struct DeepLinkTests {
    @Test func aURLWithASchemeHasItsHostAsTheFirstPathComponent() throws {
      let link = try DeepLink(parsing: "standups://standups/3F2A/meetings/9?x=1&flag")
      #expect(link.scheme == "standups")
      #expect(link.path == ["standups", "3F2A", "meetings", "9"])
      #expect(link.query == ["x": "1", "flag": ""])
      #expect(try DeepLink(parsing: "app://standups/1").path == ["standups", "1"])
    }

    @Test func aBarePathHasNoScheme() throws {
      let link = try DeepLink(parsing: "/standups/3/edit")
      #expect(link == DeepLink(path: ["standups", "3", "edit"]))
      #expect(try DeepLink(parsing: "standups/3").path == ["standups", "3"])
      #expect(try DeepLink(parsing: "/").path == [])
    }

    @Test func theSchemeIsLoweredAndAnEmptyHostAddsNothing() throws {
      let link = try DeepLink(parsing: "My-App+1:///standups//3/")
      #expect(link.scheme == "my-app+1")
      #expect(link.path == ["standups", "3"])
    }

    @Test func componentsArePercentDecodedAfterSplitting() throws {
      let link = try DeepLink(parsing: "app://notes/a%20b/c%2Fd/caf%C3%A9?q=x%26y&n%3D=1+2")
      #expect(link.path == ["notes", "a b", "c/d", "café"])
      #expect(link.query == ["q": "x&y", "n=": "1+2"])
    }

    @Test func theFragmentIsIgnored() throws {
      let link = try DeepLink(parsing: "app://a/b?c=1#top?d=2")
      #expect(link.path == ["a", "b"] && link.query == ["c": "1"])
    }

    @Test func aMalformedEscapeIsRefusedWithItsOffset() {
      #expect(throws: DeepLinkError.malformedEscape(offset: 9)) {
        try DeepLink(parsing: "standups/%zz")
      }
      #expect(throws: DeepLinkError.malformedEscape(offset: 9)) {
        try DeepLink(parsing: "standups/%4")
      }
      #expect(throws: DeepLinkError.malformedEscape(offset: 7)) {
        try DeepLink(parsing: "app://a%")
      }
      #expect(throws: DeepLinkError.malformedEscape(offset: 5)) {
        try DeepLink(parsing: "/a?b=%g1")
      }
    }

    @Test func controlCharactersAreRefusedWrittenOrEncoded() {
      #expect(throws: DeepLinkError.controlCharacter(offset: 6)) {
        try DeepLink(parsing: "app://\nstandups")
      }
      #expect(throws: DeepLinkError.controlCharacter(offset: 3)) { try DeepLink(parsing: "/a/%0A") }
      #expect(throws: DeepLinkError.controlCharacter(offset: 4)) {
        try DeepLink(parsing: "/é/\u{85}")
      }
      #expect(throws: DeepLinkError.controlCharacter(offset: 1)) {
        try DeepLink(parsing: "/%C2%85")
      }
    }

    @Test func bytesThatAreNotUTF8AreRefused() {
      #expect(throws: DeepLinkError.invalidUTF8(offset: 3)) { try DeepLink(parsing: "/a/%FF") }
    }

    @Test func emptyAndOverlongInputAreRefused() throws {
      #expect(throws: DeepLinkError.empty) { try DeepLink(parsing: "") }
      let long = "/" + String(repeating: "a", count: 2_999)
      #expect(throws: DeepLinkError.tooLong(byteCount: 3_000, limit: 2_048)) {
        try DeepLink(parsing: long)
      }
      let longest = "/" + String(repeating: "a", count: 2_047)
      #expect(try DeepLink(parsing: longest).path.first?.utf8.count == 2_047)
    }

    @Test func aQueryKeyGivenTwiceOrEmptyIsRefused() {
      #expect(throws: DeepLinkError.malformedQuery(reason: duplicate, offset: 9)) {
        try DeepLink(parsing: "/a?tag=1&tag=2")
      }
      #expect(throws: DeepLinkError.self) { try DeepLink(parsing: "/a?=1") }
      #expect((try? DeepLink(parsing: "/a?&&b=1&"))?.query == ["b": "1"])
    }

    /// The reason given for `tag` repeated at byte 9.
    let duplicate = "the key \"tag\" is given twice, the second time at byte 9; give each key once"

    @Test func everyErrorSaysWhatAndHowToFixIt() {
      let errors: [DeepLinkError] = [
        .empty, .tooLong(byteCount: 3_000, limit: 2_048), .controlCharacter(offset: 2),
        .malformedEscape(offset: 4), .invalidUTF8(offset: 1),
        .malformedQuery(reason: "r", offset: 1), .unknownRoute(path: ["a"], known: ["b/:id"]),
        .missingParameter(name: "id", available: []),
        .invalidParameter(name: "id", value: "x", expected: "an integer"),
        .notFound("no standup with id 9"), .failed(pattern: "a", reason: "boom"),
      ]
      for error in errors { #expect(error.description.count > 40, "\(error)") }
      #expect(DeepLinkError.malformedEscape(offset: 4).description.contains("byte 4"))
      #expect(DeepLinkError.malformedEscape(offset: 4).description.contains("%25"))
    }

    @Test func aLinkDescribesItsParts() throws {
      #expect(try DeepLink(parsing: "APP://a/b%20c?y=2&x=1").description == "app:/a/b c?x=1&y=2")
    }
  }
}
