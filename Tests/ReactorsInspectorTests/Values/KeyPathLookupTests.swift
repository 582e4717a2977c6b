import Foundation
import ReactorsRecording
import Testing

@testable import ReactorsInspector

/// Key paths as an agent writes them, inside typed values and an imported file's JSON alike;
/// and outlines that name the key path of what they cut.
@Suite struct KeyPathLookupTests {
  enum Route: Equatable { case list, detail(id: Int), compare(Int, Int) }
  struct Screen { var title: String; var rows: [String]; var route: Route; var tags: [String: Int] }

  let screen = Screen(
    title: "Dogs", rows: ["akita", "beagle", "corgi"], route: .detail(id: 7), tags: ["new": 2])

  func found(_ keyPath: String, in value: Any) -> String? {
    guard case .found(let found) = KeyPathLookup.lookUp(keyPath, in: value) else { return nil }
    return ValueNode.tree(of: found).line()
  }

  @Test func namesPositionsKeysAndCasesLeadInside() {
    #expect(found("", in: screen)?.hasPrefix("Screen(") == true)
    #expect(found("title", in: screen) == "\"Dogs\"")
    #expect(found("rows.1", in: screen) == "\"beagle\"")
    #expect(found("rows[2]", in: screen) == "\"corgi\"")
    #expect(found("tags.new", in: screen) == "2")
    #expect(found("route.detail", in: screen) == "7")
    let compare = Screen(title: "", rows: [], route: .compare(3, 4), tags: [:])
    #expect(found("route.compare.1", in: compare) == "4")
  }

  @Test func aPathThatLeadsNowhereSaysWhatIsThere() {
    guard case .missing(let miss) = KeyPathLookup.lookUp("rows.9", in: screen) else {
      Issue.record("rows.9 was found")
      return
    }
    #expect(miss == KeyPathMiss(part: "9", at: "rows", available: ["0", "1", "2"]))
    guard case .missing(let other) = KeyPathLookup.lookUp("route.list", in: screen) else {
      Issue.record("route.list was found")
      return
    }
    #expect(other.message == "No \"list\" in route: it has detail.")
  }

  @Test func anImportedFilesJSONReadsLikeTheAppsOwnValues() throws {
    let json = try RecordedJSON(
      parsing: Array(#"{"query":"dog","page":{"items":["a","b"]},"mode":{"loading":{}}}"#.utf8))
    #expect(found("page.items.1", in: json) == "\"b\"")
    #expect(found("query", in: json) == "\"dog\"")
    #expect(found("mode", in: json) == ".loading")
  }

  @Test func anOutlineIsBoundedAndNamesTheKeyPathToAskFor() {
    let many = (0..<5_000).map { "row \($0)" }
    let text = ValueOutline.text(of: many, keyPath: "rows", nodes: 50)
    #expect(text.hasPrefix("rows: Array<String> (5000 elements)\n  [0]: \"row 0\"\n"))
    #expect(text.contains("more (ask for rows.N)"))
    #expect(text.split(separator: "\n").count < 60)
    let long = ValueOutline.text(of: screen, keyPath: "", limit: 40)
    #expect(long.contains("cut at 40 bytes"))
  }
}
