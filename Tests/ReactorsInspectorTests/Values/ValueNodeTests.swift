import Foundation
import ReactorsRecording
import Testing

@testable import ReactorsInspector

/// Values as the page shows them: trees, lines and diffs that read like the app's own values,
/// for typed values and for an imported file's JSON alike, and bounded however large the value.
@Suite struct ValueNodeTests {
  enum Mutation: Codable { case setPage(Page), setQuery(String?), clear }
  struct Page: Codable, Equatable { var query: String; var items: [String]; var next: Int? }

  @Test func anImportedValueReadsLikeTheTypedOne() throws {
    let mutation = Mutation.setPage(Page(query: "cat", items: ["CAT FACE", "CAT"], next: 2))
    // As a recording file holds it: Swift's coding of the case, members in order.
    let json = try RecordedJSON(
      parsing: Array(
        #"{"setPage":{"_0":{"query":"cat","items":["CAT FACE","CAT"],"next":2}}}"#.utf8))
    #expect(
      InspectedSteps<Int, Int, Int>.oneLine(mutation)
        == #".setPage(Page(query: "cat", items: ["CAT FACE", "CAT"], next: 2))"#)
    // The file does not name the payload's type; no `_0`, no "RecordedJSON".
    #expect(
      InspectedSteps<Int, Int, Int>.oneLine(json)
        == #".setPage((query: "cat", items: ["CAT FACE", "CAT"], next: 2))"#)
    let tree = ValueNode.tree(of: json)
    #expect(tree.summary == ".setPage")
    #expect(tree.type == "")
    let payload = try #require(tree.children?.first)
    #expect(payload.children?.map(\.label) == ["query", "items", "next"])
    #expect(!String(decoding: try JSONEncoder().encode(tree), as: UTF8.self).contains("_0"))
    #expect(
      InspectedSteps<Int, Int, Int>.oneLine(try RecordedJSON(parsing: Array(#"{"clear":{}}"#.utf8)))
        == ".clear")
    #expect(InspectedSteps<Int, Int, Int>.oneLine(Mutation.setQuery(nil)) == ".setQuery(nil)")
  }

  @Test func hugeValuesAreCutAndSayHowMuch() {
    let huge = String(repeating: "x", count: 1 << 20)
    let node = ValueNode.tree(of: ["text": huge])
    let leaf = try? #require(node.children?.first)
    #expect(leaf?.summary.count ?? 0 <= Reflected.leafLimit + 3)
    #expect(leaf?.cut == (1 << 20) - Reflected.leafLimit)
    #expect(InspectedSteps<Int, Int, Int>.oneLine(huge).count <= 300)

    let wide = Dictionary(uniqueKeysWithValues: (0..<100_000).map { ("key\($0)", $0) })
    let tree = ValueNode.tree(of: wide)
    #expect(Self.count(tree) <= ValueNode.maximumNodes)
    #expect(tree.more == 100_000 - (ValueNode.maximumNodes - 1))
    // The rest is there by path.
    let child = try? #require(tree.children?.first)
    #expect(ValueNode.value(at: child?.path ?? "", in: wide) != nil)
    #expect(ValueNode.value(at: "99999", in: wide) != nil)
    #expect(ValueNode.value(at: "100000", in: wide) == nil)
    #expect(ValueNode.value(at: "-1", in: wide) == nil)
    #expect(ValueNode.value(at: "x.y", in: wide) == nil)
  }

  @Test func aHugeNumberInAnImportedFileIsCutAndSaysHowMuch() throws {
    let digits = String(repeating: "7", count: 5_000)
    let json = try RecordedJSON(parsing: Array("{\"count\":\(digits)}".utf8))
    let leaf = try #require(ValueNode.tree(of: json).children?.first)
    #expect(leaf.summary == String(repeating: "7", count: Reflected.leafLimit) + "…")
    #expect(leaf.cut == 5_000 - Reflected.leafLimit)
    // A number that fits is shown whole, with nothing cut.
    let small = try #require(
      ValueNode.tree(of: try RecordedJSON(parsing: Array(#"{"count":-12.5e3}"#.utf8))).children?
        .first)
    #expect(small.summary == "-12.5e3")
    #expect(small.cut == nil)
  }

  @Test func diffsNameWhatChangedByPath() {
    let before = Page(query: "cat", items: ["CAT FACE"], next: nil)
    let after = Page(query: "cat", items: ["CAT FACE", "CAT"], next: 2)
    #expect(
      ValueDiff.lines(before, after) == """
        + items[1]: "CAT"
        - next: nil
        + next: 2
        """)
    #expect(ValueDiff.lines(before, before) == nil)
  }

  @Test func aDiffOfHugeValuesIsBounded() {
    let before = Dictionary(uniqueKeysWithValues: (0..<100_000).map { ("key\($0)", $0) })
    var after = before
    for key in before.keys { after[key] = 0 }
    let lines = ValueDiff.lines(before, after)?.split(separator: "\n") ?? []
    #expect(lines.count <= ValueDiff.maximumLines + 1)
    #expect(!lines.isEmpty)
  }

  static func count(_ node: ValueNode) -> Int {
    1 + (node.children ?? []).reduce(0) { $0 + count($1) }
  }
}

/// A state of objects that point back at each other: its tree and its diff end.
@Suite struct CyclicValueTests {
  final class Node {
    var name: String
    var next: Node?
    init(_ name: String) { self.name = name }
  }

  @Test func aCycleOfObjectsEndsTheTreeAndTheDiff() {
    let (a, b) = (Node("a"), Node("b"))
    a.next = b
    b.next = a
    let (c, d) = (Node("a"), Node("b"))
    c.next = d
    d.next = c
    d.name = "changed"
    let tree = ValueNode.tree(of: a)
    #expect(tree.children?.isEmpty == false)
    let lines = ValueDiff.lines(a, c) ?? ""
    #expect(lines.contains("+ next.name: \"changed\""))
    #expect(ValueDiff.lines(a, a) == nil)
  }
}
