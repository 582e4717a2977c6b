import Foundation
import Testing

/// The articles cannot rot: every Swift code block in a documentation catalog (and in the
/// README) must appear, line
/// for line (indentation aside), in the code of one of this target's snippet files (not in a
/// comment, a string or an `#if false`), which are compiled and whose tests run.
@Suite struct ArticleSnippetTests {
  /// The package's root, found from this file's path.
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Lines trimmed of their indentation, runs of spaces made one (the formatter aligns
  /// comments differently from an article), blank ones dropped.
  static func normalized(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
      .filter { !$0.isEmpty }
  }

  /// The `#if` conditions whose code counts as compiled here. Code under any other `#if` (or an
  /// `#else` branch) is not compiled on this platform, so a block found only there does not
  /// count. `canImport(SwiftUI)` is listed because the SwiftUI article's view can only be
  /// compiled on Apple platforms; the README says so.
  static let compiledConditions: Set<String> = ["canImport(SwiftUI)"]

  /// `source` without what the compiler would not compile as code here: comments, multi-line
  /// string literals, and the regions of every `#if` not in ``compiledConditions`` (nested ones
  /// included), so that a block pasted into one of them does not count as compiled.
  static func compiledCode(of source: String) -> String {
    var code = source
    for (open, close) in [("/*", "*/"), ("\"\"\"", "\"\"\"")] {
      while let start = code.range(of: open),
        let end = code.range(of: close, range: start.upperBound..<code.endIndex)
      {
        code.removeSubrange(start.lowerBound..<end.upperBound)
      }
    }
    var kept: [Substring] = []
    // For each `#if` open around a line: whether its current branch is compiled.
    var branches: [Bool] = []
    for line in code.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("#if ") {
        branches.append(compiledConditions.contains(String(trimmed.dropFirst(4))))
      } else if trimmed.hasPrefix("#elseif") || trimmed == "#else" {
        if !branches.isEmpty { branches[branches.count - 1] = false }
      } else if trimmed == "#endif" {
        _ = branches.popLast()
      } else if !branches.contains(false) {
        // A line comment ends the code on its line (no snippet has `//` in a string).
        kept.append(line.range(of: "//").map { line[..<$0.lowerBound] } ?? line)
      }
    }
    return kept.joined(separator: "\n")
  }

  /// Whether `block`'s lines stand, whole and in order, among `lines`.
  static func contains(_ lines: [String], _ block: [String]) -> Bool {
    guard !block.isEmpty, block.count <= lines.count else { return block.isEmpty }
    return (0...(lines.count - block.count)).contains { start in
      lines[start..<(start + block.count)].elementsEqual(block)
    }
  }

  /// The Swift blocks of a Markdown text, with the line each starts on.
  static func swiftBlocks(in markdown: String) -> [(line: Int, code: String)] {
    var blocks: [(line: Int, code: String)] = []
    var current: (line: Int, lines: [String])?
    for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if let block = current {
        if trimmed == "```" {
          blocks.append((block.line, block.lines.joined(separator: "\n")))
          current = nil
        } else {
          current?.lines.append(String(line))
        }
      } else if trimmed == "```swift" {
        current = (index + 1, [])
      }
    }
    return blocks
  }

  static func files(under folder: URL, ending suffix: String) -> [URL] {
    let items = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
    return (items?.allObjects as? [URL] ?? []).filter { $0.lastPathComponent.hasSuffix(suffix) }
      .sorted { $0.path < $1.path }
  }

  @Test func everySwiftBlockOfTheArticlesIsCompiledHere() throws {
    // This file is left out: its own text is not a snippet.
    let snippets = try Self.files(
      under: Self.root.appendingPathComponent("Tests/DocumentationTests"), ending: ".swift"
    )
    .filter { $0.lastPathComponent != "ArticleSnippetTests.swift" }
    .map { Self.compiledCode(of: try String(contentsOf: $0, encoding: .utf8)) }
    let compiled = Self.normalized(snippets.joined(separator: "\n"))
    let articles =
      Self.files(
        under: Self.root.appendingPathComponent("Sources"), ending: ".md"
      )
      .filter { $0.path.contains(".docc/") } + [Self.root.appendingPathComponent("README.md")]
    #expect(articles.count >= 11, "No articles found under \(Self.root.path)/Sources")
    var checked = 0
    for article in articles {
      for block in Self.swiftBlocks(in: try String(contentsOf: article, encoding: .utf8)) {
        let code = Self.normalized(Self.compiledCode(of: block.code))
        checked += 1
        let isCompiled = Self.contains(compiled, code)
        #expect(
          isCompiled,
          """
          \(article.lastPathComponent), line \(block.line): this Swift block is not in any \
          snippet file of Tests/DocumentationTests, so nothing compiles it. Copy it there (into \
          a test that runs it, where it can), or fix the article to match the compiled code.
          """)
      }
    }
    #expect(checked > 0)
  }

  @Test func aBlockHiddenWhereNothingCompilesItDoesNotCount() {
    let source = """
      let kept = 1
      /* let inComment = 2 */
      // let inLineComment = 2
      let text = \"\"\"
        let inString = 3
        \"\"\"
      #if false
        let inDeadCode = 4
      #endif
      #if canImport(UIKit)
        #if DEBUG
          let inNestedRegion = 5
        #endif
        let afterTheNestedRegion = 6
      #else
        let inElse = 7
      #endif
      #if canImport(SwiftUI)
        let listed = 8  // a comment
      #endif
      let alsoKept = 9
      """
    let code = Self.normalized(Self.compiledCode(of: source))
    #expect(code == ["let kept = 1", "let text =", "let listed = 8", "let alsoKept = 9"])
  }

  @Test func aBlockMatchesWholeLinesOnly() {
    let compiled = ["nonisolated struct State {", "var value = 0", "}"]
    #expect(Self.contains(compiled, ["nonisolated struct State {", "var value = 0"]))
    #expect(!Self.contains(compiled, ["struct State {", "var value = 0"]))
    #expect(!Self.contains(compiled, ["var value = 0", "var other = 1"]))
  }
}
