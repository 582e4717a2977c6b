import Foundation
import Reactors
import Testing

@testable import ReactorsRecording

/// A recorded session's lines, to damage.
func sessionLines() async throws -> [String] {
  let path = temporaryPath("errors")
  defer { removeFile(path) }
  _ = try await recordSession(to: path)
  return lines(of: path)
}

/// Reads `lines` (joined, each ended by a newline unless `cutLast`) as a login recording.
func read(
  _ lines: [String], cutLast: Bool = false, schemaVersions: ClosedRange<Int> = 1...1
)
  throws -> LoginRecording
{
  let text = lines.joined(separator: "\n") + (cutLast ? "" : "\n")
  return try LoginRecording(
    bytes: Array(text.utf8), path: "login.jsonl", schemaVersions: schemaVersions)
}

/// The error reading `lines` throws.
func readingError(
  _ lines: [String], schemaVersions: ClosedRange<Int> = 1...1
)
  -> RecordingFileError?
{
  do {
    _ = try read(lines, schemaVersions: schemaVersions)
    return nil
  } catch let error as RecordingFileError {
    return error
  } catch {
    Issue.record("not a RecordingFileError: \(error)")
    return nil
  }
}

/// Bad files: each gets an error that names the line, the step and the fix; a cut last line
/// is read up to, with a warning.
@Suite(.timeLimit(.minutes(1))) struct RecordingFileErrorTests {
  @Test func anEmptyFileOrAnotherFileIsNotARecording() async throws {
    #expect(readingError([]).map(\.reason) == .notARecording)
    #expect(
      (try? LoginRecording(bytes: [], path: "empty.jsonl")) == nil)
    do {
      _ = try LoginRecording(bytes: [], path: "empty.jsonl")
    } catch let error as RecordingFileError {
      #expect(error.reason == .empty)
      #expect(error.description.hasPrefix("empty.jsonl is empty"))
    }
    let other = readingError([#"{"name":"not a recording"}"#, "{}"])
    #expect(other?.reason == .notARecording)
    #expect(other?.line == 1)
    #expect(other?.description.contains("is not a Reactors recording") == true)
    let json = readingError([
      #"{"format":"other","version":1,"name":"x","schema":1,"action":"","mutation":"","state":"","checkpointEvery":1}"#
    ])
    #expect(json?.reason == .notARecording)
  }

  @Test func aNewerFormatAnUnreadSchemaAndOtherTypesAreRefusedWithTheFix() async throws {
    let lines = try await sessionLines()
    var newer = lines
    let current = RecordingHeader.currentVersion
    newer[0] = newer[0].replacingOccurrences(of: #""version":\#(current)"#, with: #""version":7"#)
    let newerError = readingError(newer)
    #expect(newerError?.reason == .newerFormat(found: 7, readable: current))
    #expect(newerError?.description.contains("Update Reactors") == true)

    var schema = lines
    schema[0] = schema[0].replacingOccurrences(of: #""schema":1"#, with: #""schema":3"#)
    let schemaError = readingError(schema)
    #expect(schemaError?.reason == .unreadableSchema(found: 3, readable: 1...1))
    #expect(schemaError?.description.contains("Migrate the file") == true)
    #expect(readingError(schema, schemaVersions: 1...3) == nil)

    var types = lines
    types[0] = types[0].replacingOccurrences(of: "LoginForm.State", with: "Profile.State")
    let typesError = readingError(types)
    guard case .differentTypes(let recorded, _) = typesError?.reason else {
      Issue.record("expected differentTypes, got \(String(describing: typesError))")
      return
    }
    #expect(recorded.contains("Profile.State"))
    #expect(typesError?.description.contains("checkingTypeNames: false") == true)
  }

  @Test func aValueThatDoesNotDecodeNamesTheLineTheStepAndTheKeyPath() async throws {
    var lines = try await sessionLines()
    let line = try #require(lines.firstIndex { $0.contains("setMatches") })
    lines[line] = lines[line].replacingOccurrences(of: #""kim2""#, with: "42")
    let error = try #require(readingError(lines))
    #expect(error.line == line + 1)
    #expect(error.step != nil)
    guard case .undecodable(let value, let keyPath) = error.reason else {
      Issue.record("expected undecodable, got \(error)")
      return
    }
    #expect(value == "the mutation (Mutation)")
    #expect(keyPath == ".setMatches._0[1]")
    #expect(error.description.contains("raise the schema version"))
  }

  @Test func garbageAMissingFieldAndStepsOutOfOrderAreMalformed() async throws {
    let lines = try await sessionLines()
    var garbage = lines
    garbage[3] = "}{ not json"
    #expect(readingError(garbage)?.reason == .malformed)
    #expect(readingError(garbage)?.line == 4)

    var missing = lines
    missing[2] = missing[2].replacingOccurrences(of: #""k":"input""#, with: #""x":"input""#)
    #expect(readingError(missing)?.reason == .malformed)

    var swapped = lines
    swapped.swapAt(2, 3)
    #expect(readingError(swapped)?.reason == .outOfOrder(expected: 1, found: 2))
    #expect(readingError(swapped)?.line == 3)

    var noBeginning = lines
    noBeginning.remove(at: 1)
    #expect(readingError(noBeginning)?.reason == .outOfOrder(expected: 0, found: 1))
  }

  /// A file counts at most 2^53 − 1 steps (what the inspector's page holds exactly), gaps
  /// included: no index can overflow, nor be rounded on the page.
  @Test func aFileThatCountsMoreStepsThanARecordingHoldsIsMalformed() async throws {
    var lines = try await sessionLines()
    // A gap up to the most steps, then one more step.
    lines.insert(#"{"i":1,"k":"gap","n":9007199254740990,"t":0}"#, at: 2)
    lines.insert(#"{"a":{"lookUp":{}},"i":9007199254740991,"k":"input","t":0}"#, at: 3)
    var error = readingError(Array(lines.prefix(4)))
    #expect(error?.reason == .malformed)
    #expect(error?.line == 4)
    #expect(error?.description.contains("more than 9007199254740991 steps") == true)
    // A gap that would overflow an index is refused itself.
    lines[2] = #"{"i":1,"k":"gap","n":9223372036854775806,"t":0}"#
    error = readingError(Array(lines.prefix(4)))
    #expect(error?.reason == .malformed)
    #expect(error?.line == 3)
  }

  @Test func aLastLineCutShortIsLeftOutWithAWarning() async throws {
    // The last step's line, where an app killed as it wrote it left it: no `last` entry after.
    var lines = try await sessionLines().dropLast().map { $0 }
    let whole = try read(lines)
    lines[lines.count - 1] = String(lines[lines.count - 1].prefix(12))
    let cut = try read(lines, cutLast: true)
    #expect(cut.steps.count == whole.steps.count - 1)
    #expect(cut.warnings.count == 1)
    #expect(cut.warnings.first?.contains("line \(lines.count) was cut short") == true)
  }

  /// A folder, a device that never ends and a pipe no one writes are refused at once, not read
  /// for ever (an agent may name any path to replay).
  @Test func aPathThatIsNoRegularFileIsRefusedAtOnce() throws {
    let pipe = temporaryPath("pipe")
    #expect(mkfifo(pipe, 0o600) == 0)
    defer { removeFile(pipe) }
    for path in ["/tmp", "/dev/zero", pipe] {
      let error = #expect(throws: RecordingFileError.self) {
        try LoginRecording(contentsOf: path)
      }
      #expect(error?.reason == .notARegularFile, "\(path)")
      #expect(error?.description.contains("is not a regular file") == true)
    }
  }

  @Test func aFileThatCannotBeOpenedSaysSo() {
    do {
      _ = try LoginRecording(contentsOf: "/nonexistent/dir/login.jsonl")
      Issue.record("read a file that does not exist")
    } catch let error as RecordingFileError {
      #expect(error.reason == .unreadable(errno: 2))
      #expect(error.description.contains("Check the path"))
    } catch {
      Issue.record("not a RecordingFileError: \(error)")
    }
  }
}

/// A file with a line longer than the reader's limit (a file with no newline at all) is
/// refused at that line, not held whole.
@Suite struct LongLineTests {
  @Test func aLineLongerThanTheLimitIsMalformed() async throws {
    let lines = try await sessionLines()
    let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
    var stream = LineStream(bytes: bytes)
    stream.limit = 64
    var reader = RecordingReader<LoginForm.Action, LoginForm.Mutation, LoginForm.State>(
      path: "long.jsonl", schemaVersions: 1...1, checksTypeNames: true, lines: stream)
    do {
      _ = try reader.readAll()
      Issue.record("read a line longer than the limit")
    } catch let error as RecordingFileError {
      #expect(error.reason == .malformed)
      #expect(error.line == 1)
      #expect(error.description.contains("longer than 64 bytes"))
    }
  }
}

/// The kinds of entry, read by name.
@Suite struct EntryKindTests {
  @Test func everyKindIsReadByItsNameAndNoOtherNameIsAKind() {
    for kind in EntryKind.allCases { #expect(EntryKind(named: kind.rawValue) == kind) }
    for name in ["", "gab", "lust", "begun", "inputs", "ender", "effort", "cancelled", "mutatio"] {
      #expect(EntryKind(named: name) == nil, "\(name)")
    }
  }
}
