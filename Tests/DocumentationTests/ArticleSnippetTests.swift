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

  /// `source` without what the compiler would not compile as code: block comments,
  /// multi-line string literals and `#if false` regions, so that a block pasted into one of
  /// them does not count as compiled.
  static func compiledCode(of source: String) -> String {
    var code = source
    for (open, close) in [("/*", "*/"), ("\"\"\"", "\"\"\""), ("#if false", "#endif")] {
      while let start = code.range(of: open),
        let end = code.range(of: close, range: start.upperBound..<code.endIndex)
      {
        code.removeSubrange(start.lowerBound..<end.upperBound)
      }
    }
    return code
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
    let compiled = Self.normalized(snippets.joined(separator: "\n")).joined(separator: "\n")
    let articles =
      Self.files(
        under: Self.root.appendingPathComponent("Sources"), ending: ".md"
      )
      .filter { $0.path.contains(".docc/") } + [Self.root.appendingPathComponent("README.md")]
    #expect(articles.count >= 11, "No articles found under \(Self.root.path)/Sources")
    var checked = 0
    for article in articles {
      for block in Self.swiftBlocks(in: try String(contentsOf: article, encoding: .utf8)) {
        let code = Self.normalized(block.code).joined(separator: "\n")
        checked += 1
        let isCompiled = compiled.contains(code)
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
      let text = \"\"\"
        let inString = 3
        \"\"\"
      #if false
        let inDeadCode = 4
      #endif
      let alsoKept = 5
      """
    let code = Self.normalized(Self.compiledCode(of: source))
    #expect(code == ["let kept = 1", "let text =", "let alsoKept = 5"])
  }
}
