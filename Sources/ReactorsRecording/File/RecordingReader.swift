import Reactors

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads a recording file one entry at a time: its header first, checked against the types
/// and schema versions read as, then each step in order. Every problem is a
/// ``RecordingFileError`` naming the line and the step; a last line cut short (the app was
/// killed while writing it) ends the steps, with a warning. Holds one line at a time, so a
/// replay from a file runs in bounded memory.
@usableFromInline
struct RecordingReader<
  Action: Decodable & Sendable, Mutation: Decodable & Sendable, State: Decodable & Sendable
> {
  @usableFromInline
  typealias Step = RecordedStep<Action, Mutation, State>

  @usableFromInline
  let path: String
  @usableFromInline
  let schemaVersions: ClosedRange<Int>
  @usableFromInline
  let checksTypeNames: Bool
  @usableFromInline
  var lines: LineStream
  /// The header, once read.
  @usableFromInline
  var header: RecordingHeader?
  /// The index the next step must have.
  @usableFromInline
  var expected = 0
  /// What reading noticed without failing.
  @usableFromInline
  var warnings: [String] = []

  @inlinable
  init(
    path: String, schemaVersions: ClosedRange<Int>, checksTypeNames: Bool, lines: LineStream
  ) {
    self.path = path
    self.schemaVersions = schemaVersions
    self.checksTypeNames = checksTypeNames
    self.lines = lines
  }

  /// The name, steps and warnings of the whole recording.
  @inlinable
  mutating func readAll() throws -> (name: String, steps: [Step], warnings: [String]) {
    let name = try readHeader().name
    var steps: [Step] = []
    while let step = try next() { steps.append(step) }
    return (name, steps, warnings)
  }

  /// Reads and checks the header on line 1.
  @inlinable
  mutating func readHeader() throws -> RecordingHeader {
    if let header { return header }
    guard let line = try nextLine() else { throw error(0, nil, .empty, "") }
    let header: RecordingHeader
    do {
      header = try RecordingHeader(from: JSONReading(JSONInput(line.bytes), 0))
    } catch {
      throw self.error(1, nil, .notARecording, line.isCut ? "its first line was cut short" : "")
    }
    guard header.format == RecordingHeader.formatName else {
      throw error(1, nil, .notARecording, "its format is \"\(header.format)\"")
    }
    guard header.version <= RecordingHeader.currentVersion else {
      throw error(
        1, nil, .newerFormat(found: header.version, readable: RecordingHeader.currentVersion), "")
    }
    guard schemaVersions.contains(header.schema) else {
      throw error(1, nil, .unreadableSchema(found: header.schema, readable: schemaVersions), "")
    }
    if checksTypeNames {
      let reading = RecordingHeader.typeNames(Action.self, Mutation.self, State.self)
      let recorded = (header.action, header.mutation, header.state)
      if recorded != reading {
        throw error(
          1, nil,
          .differentTypes(
            recorded: "\(recorded.0), \(recorded.1), \(recorded.2)",
            reading: "\(reading.0), \(reading.1), \(reading.2)"), "")
      }
    }
    self.header = header
    return header
  }

  /// The next step, checked to follow the one before; `nil` after the last.
  @inlinable
  mutating func next() throws -> Step? {
    guard let line = try nextLine() else {
      guard expected > 0 else {
        throw error(lines.number, nil, .malformed, "the file has a header and no `began` entry")
      }
      return nil
    }
    let step: Step
    do {
      step = try entry(line.bytes, line.number)
    } catch let problem as RecordingFileError where line.isCut {
      warnings.append(
        "\(path), line \(line.number) was cut short (the app stopped while writing it): read up "
          + "to line \(line.number - 1). \(problem.detail)")
      guard expected > 0 else { throw problem }
      return nil
    }
    guard step.index == expected else {
      throw error(
        line.number, step.index, .outOfOrder(expected: expected, found: step.index), "")
    }
    if expected == 0 {
      guard case .began = step.kind else {
        throw error(line.number, step.index, .malformed, "the first entry is not `began`")
      }
    } else if case .began = step.kind {
      throw error(line.number, step.index, .malformed, "`began` after the first entry")
    }
    let count: Int
    if case .gap(let dropped) = step.kind { count = dropped } else { count = 1 }
    let (next, overflows) = expected.addingReportingOverflow(count)
    guard !overflows else {
      throw error(line.number, step.index, .malformed, "its index leaves no room for another step")
    }
    expected = next
    return step
  }

  /// The next line; a line past the stream's limit is a malformed entry.
  @inlinable
  mutating func nextLine() throws -> LineStream.Line? {
    do {
      return try lines.next()
    } catch let tooLong as LineTooLong {
      throw error(
        tooLong.number, nil, .malformed,
        "the line is longer than \(tooLong.limit) bytes, where a step takes one line")
    }
  }

  /// The step on line `number`.
  @inlinable
  func entry(_ line: ArraySlice<UInt8>, _ number: Int) throws -> Step {
    let input: JSONInput
    do {
      input = try JSONInput(line)
    } catch let decoding as DecodingError {
      throw error(decoding, number, nil)
    }
    do {
      return try DecodedEntry<Action, Mutation, State>(input).step
    } catch let problem as EntryProblem {
      throw error(number, index(of: input), .malformed, problem.message)
    } catch let decoding as DecodingError {
      throw error(decoding, number, index(of: input))
    } catch {
      throw self.error(number, index(of: input), .malformed, "\(error)")
    }
  }

  /// The index on an entry line that did not decode, if it has one.
  @inlinable
  func index(of input: JSONInput) -> Int? {
    try? input.entryMembers().decode(Int.self, forKey: .index)
  }

  /// A decoding error as a file error: a value that does not decode, or a malformed entry.
  @inlinable
  func error(_ decoding: DecodingError, _ number: Int, _ index: Int?) -> RecordingFileError {
    let context: DecodingError.Context?
    var path: [any CodingKey]
    var isMissing = false
    switch decoding {
    case .typeMismatch(_, let found), .valueNotFound(_, let found), .dataCorrupted(let found):
      context = found
      path = found.codingPath
    case .keyNotFound(let key, let found):
      context = found
      path = found.codingPath + [key]
      isMissing = true
    @unknown default:
      context = nil
      path = []
    }
    let detail = context?.debugDescription ?? "\(decoding)"
    let values: [String: String] = [
      EntryKey.action.stringValue: "the action (\(Action.self))",
      EntryKey.mutation.stringValue: "the mutation (\(Mutation.self))",
      EntryKey.state.stringValue: "the state (\(State.self))",
    ]
    // A value missing altogether is a malformed entry; a value that is there and does not
    // decode is the type's problem, at a key path inside it.
    guard let first = path.first, let value = values[first.stringValue],
      path.count > 1 || !isMissing
    else {
      return error(number, index, .malformed, detail)
    }
    path.removeFirst()
    let keyPath = path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    return error(number, index, .undecodable(value: value, keyPath: keyPath), detail)
  }

  @inlinable
  func error(
    _ line: Int, _ step: Int?, _ reason: RecordingFileError.Reason, _ detail: String
  ) -> RecordingFileError {
    RecordingFileError(path: path, line: line, step: step, reason: reason, detail: detail)
  }
}

extension RecordingHeader {
  /// The names a header records for these types.
  @inlinable
  static func typeNames(
    _ action: Any.Type, _ mutation: Any.Type, _ state: Any.Type
  ) -> (String, String, String) {
    (String(reflecting: action), String(reflecting: mutation), String(reflecting: state))
  }
}
