import Reactors

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads a recording file one entry at a time: its header first, checked against the types
/// and schema versions read as, then each step in order, then (a file of format 2 whose
/// recording stopped) its last state, in ``last``. Every problem is a ``RecordingFileError``
/// naming the line and the step; a last line cut short (the app was killed while writing it)
/// ends the steps, with a warning. Holds one line at a time, so a replay from a file runs in
/// bounded memory.
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
  /// The index of the last step read that made a state (`began`, a mutation), and whether a
  /// gap came after it.
  @usableFromInline
  var lastStateStep = 0
  @usableFromInline
  var gapSinceState = false
  /// Whether the `last` entry was read: the file is complete.
  @usableFromInline
  var isComplete = false
  /// Whether the header names a fingerprint scheme this library takes (see
  /// ``RecordingHeader/hasKnownFingerprints``); the steps' fingerprints are dropped otherwise.
  @usableFromInline
  var keepsFingerprints = false
  /// The file's last state, once read: the state step `index` made, the recording's last
  /// mutation (or `began`).
  @usableFromInline
  var last: (index: Int, state: State)?

  @inlinable
  init(
    path: String, schemaVersions: ClosedRange<Int>, checksTypeNames: Bool, lines: LineStream
  ) {
    self.path = path
    self.schemaVersions = schemaVersions
    self.checksTypeNames = checksTypeNames
    self.lines = lines
  }

  /// The name, steps and warnings of the whole recording; the step the file's last state
  /// belongs to holds it.
  @inlinable
  mutating func readAll() throws -> (name: String, steps: [Step], warnings: [String]) {
    let name = try readHeader().name
    var steps: [Step] = []
    while let step = try next() { steps.append(step) }
    if let last, let place = steps.lastIndex(where: { $0.index == last.index }),
      steps[place].state == nil
    {
      steps[place] = steps[place].holding(last.state)
    }
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
    keepsFingerprints = header.hasKnownFingerprints
    return header
  }

  /// The next step, checked to follow the one before; `nil` after the last (and ``last`` set
  /// when the file ends with its last state).
  @inlinable
  mutating func next() throws -> Step? {
    guard !isComplete else { return nil }
    guard let line = try nextLine() else {
      guard expected > 0 else {
        throw error(lines.number, nil, .malformed, "the file has a header and no `began` entry")
      }
      if let version = header?.version, version >= 2 {
        warnings.append(
          "\(path) ends without its `last` entry, which a recording writes when it stops: the "
            + "app stopped (or was killed) before its recording did, or the file is still being "
            + "written. Read up to line \(lines.number), step \(expected - 1).")
      }
      isComplete = true
      return nil
    }
    var step: Step
    do {
      let decoded = try entry(line.bytes, line.number)
      guard let read = decoded.step else {
        try readLast(decoded.last!, line.number)
        return nil
      }
      step = read
    } catch let problem as RecordingFileError where line.isCut {
      isComplete = true
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
    switch step.kind {
    case .mutation:
      lastStateStep = step.index
      gapSinceState = false
    case .gap: gapSinceState = true
    default: break
    }
    if !keepsFingerprints, step.fingerprint != nil {
      // Taken some other way: as good as none.
      step = RecordedStep(
        index: step.index, time: step.time, kind: step.kind, cause: step.cause,
        state: step.state, isStaged: step.isStaged, isFollowUp: step.isFollowUp,
        isCheckpoint: step.isCheckpoint)
    }
    let count: Int
    if case .gap(let dropped) = step.kind { count = dropped } else { count = 1 }
    // `expected` never passes the maximum, so this cannot overflow.
    guard count <= RecordingHeader.maximumSteps - expected else {
      throw error(
        line.number, step.index, .malformed,
        "it makes the file count more than \(RecordingHeader.maximumSteps) steps, the most a "
          + "recording holds")
    }
    expected += count
    return step
  }

  /// Reads the `last` entry on line `number` (`read`: the number of steps, and the state
  /// after the last mutation), after checking that it counts every step and ends the file;
  /// keeps its state in ``last``, with the index of the last step that made a state.
  @inlinable
  mutating func readLast(_ read: (count: Int, state: State?), _ number: Int) throws {
    guard expected > 0 else {
      throw error(number, nil, .malformed, "the first entry is not `began`")
    }
    guard read.count == expected else {
      throw error(number, read.count, .outOfOrder(expected: expected, found: read.count), "")
    }
    if try nextLine() != nil {
      throw error(
        number + 1, nil, .malformed, "a line follows the `last` entry, which ends the file")
    }
    isComplete = true
    // The writer leaves the state out when steps were dropped after the last mutation.
    if let state = read.state, !gapSinceState { last = (lastStateStep, state) }
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

  /// The entry on line `number`.
  @inlinable
  func entry(
    _ line: ArraySlice<UInt8>, _ number: Int
  ) throws -> DecodedEntry<Action, Mutation, State> {
    let input: JSONInput
    do {
      input = try JSONInput(line)
    } catch let decoding as DecodingError {
      throw error(decoding, number, nil)
    }
    do {
      return try DecodedEntry<Action, Mutation, State>(input)
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
