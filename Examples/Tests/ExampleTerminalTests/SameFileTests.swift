import ExampleTerminal
import Foundation
import Testing

/// A file named twice (a database given again as a recording's file): found through a link or
/// another spelling, so that the program refuses to write one over the other.
@Suite struct SameFileTests {
  @Test func aFileThroughALinkOrAnotherSpellingIsTheSame() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "same-file-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("list.sqlite").path
    let other = folder.appendingPathComponent("other.sqlite").path
    let link = folder.appendingPathComponent("link.sqlite").path
    #expect(FileManager.default.createFile(atPath: file, contents: Data("a".utf8)))
    #expect(FileManager.default.createFile(atPath: other, contents: Data("a".utf8)))
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: file)

    #expect(isSameFile(file, as: file))
    #expect(isSameFile(link, as: file))
    #expect(isSameFile(folder.path + "/./list.sqlite", as: file))
    #expect(!isSameFile(other, as: file))
    // A file not made yet is no other file.
    #expect(!isSameFile(folder.appendingPathComponent("new.jsonl").path, as: file))
  }

  @Test func messagesOfSeveralLinesKeepTheirLineBreaksOnly() {
    #expect(Sanitized.lines("one\u{1B}[2J\ntwo\r\n") == "one\u{FFFD}[2J\ntwo\u{FFFD}\n")
  }
}
