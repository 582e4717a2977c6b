import Reactors

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a recording file: its header, checked against the types and schema versions read
/// as, then each entry in order. Every problem is a ``RecordingFileError`` naming the line and
/// the step; a last line cut short (the app was killed while writing it) is left out, with a
/// warning.
struct RecordingReader<
  Action: Decodable & Sendable, Mutation: Decodable & Sendable, State: Decodable & Sendable
> {
  typealias Step = RecordedStep<Action, Mutation, State>

  let path: String
  let schemaVersions: ClosedRange<Int>
  let checksTypeNames: Bool
  let decoder = JSONDecoder()

  /// The name, steps and warnings of the recording in the file at ``path``.
  func read() throws -> (name: String, steps: [Step], warnings: [String]) {
    try read(try contents())
  }

  /// The file's bytes.
  func contents() throws -> [UInt8] {
    let file = open(path, O_RDONLY | O_CLOEXEC)
    guard file >= 0 else { throw error(0, nil, .unreadable(errno: errno), "opening it") }
    defer { _ = close(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { readFile(file, $0.baseAddress!, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw error(0, nil, .unreadable(errno: errno), "reading it")
      }
      if count == 0 { return bytes }
      bytes += chunk[..<count]
    }
  }

  /// The recording in `bytes`, the contents of a file at ``path``.
  func read(_ bytes: [UInt8]) throws -> (name: String, steps: [Step], warnings: [String]) {
    var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
    guard !bytes.isEmpty else { throw error(0, nil, .empty, "") }
    // A file written whole ends with a newline, which leaves an empty last piece.
    let isCut = !(lines.last?.isEmpty ?? true)
    if !isCut { lines.removeLast() }
    let header = try readHeader(lines[0], isCut: isCut && lines.count == 1)
    var steps: [Step] = []
    var warnings: [String] = []
    var expected = 0
    for (offset, line) in lines.enumerated().dropFirst() {
      let number = offset + 1
      let step: Step
      do {
        step = try entry(line, number)
      } catch let problem as RecordingFileError where isCut && offset == lines.count - 1 {
        warnings.append(
          "\(path), line \(number) was cut short (the app stopped while writing it): read up to "
            + "line \(number - 1). \(problem.detail)")
        break
      }
      guard step.index == expected else {
        throw error(number, step.index, .outOfOrder(expected: expected, found: step.index), "")
      }
      if steps.isEmpty {
        guard case .began = step.kind else {
          throw error(number, step.index, .malformed, "the first entry is not `began`")
        }
      } else if case .began = step.kind {
        throw error(number, step.index, .malformed, "`began` after the first entry")
      }
      if case .gap(let dropped) = step.kind { expected += dropped } else { expected += 1 }
      steps.append(step)
    }
    guard !steps.isEmpty else {
      throw error(lines.count, nil, .malformed, "the file has a header and no `began` entry")
    }
    return (header.name, steps, warnings)
  }

  /// The header on line 1, checked.
  func readHeader(_ line: ArraySlice<UInt8>, isCut: Bool) throws -> RecordingHeader {
    let header: RecordingHeader
    do {
      header = try decoder.decode(RecordingHeader.self, from: Data(line))
    } catch {
      throw self.error(1, nil, .notARecording, isCut ? "its first line was cut short" : "")
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
    return header
  }

  /// The step on line `number`.
  func entry(_ line: ArraySlice<UInt8>, _ number: Int) throws -> Step {
    let data = Data(line)
    do {
      return try decoder.decode(DecodedEntry<Action, Mutation, State>.self, from: data).step
    } catch let problem as EntryProblem {
      throw error(number, index(of: data), .malformed, problem.message)
    } catch let decoding as DecodingError {
      throw error(decoding, number, index(of: data))
    } catch {
      throw self.error(number, index(of: data), .malformed, "\(error)")
    }
  }

  /// The index on an entry line that did not decode, if it has one.
  func index(of data: Data) -> Int? {
    try? decoder.decode(EntryIndex.self, from: data).index
  }

  /// A decoding error as a file error: a value that does not decode, or a malformed entry.
  func error(_ decoding: DecodingError, _ number: Int, _ index: Int?) -> RecordingFileError {
    let context: DecodingError.Context?
    var path: [any CodingKey]
    switch decoding {
    case .typeMismatch(_, let found), .valueNotFound(_, let found), .dataCorrupted(let found):
      context = found
      path = found.codingPath
    case .keyNotFound(let key, let found):
      context = found
      path = found.codingPath + [key]
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
    guard let first = path.first, let value = values[first.stringValue],
      path.count > 1
        || {
          if case .keyNotFound = decoding { return false }
          return true
        }()
    else {
      return error(number, index, .malformed, detail)
    }
    path.removeFirst()
    let keyPath = path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    return error(number, index, .undecodable(value: value, keyPath: keyPath), detail)
  }

  func error(
    _ line: Int, _ step: Int?, _ reason: RecordingFileError.Reason, _ detail: String
  ) -> RecordingFileError {
    RecordingFileError(path: path, line: line, step: step, reason: reason, detail: detail)
  }
}

extension RecordingHeader {
  /// The names a header records for these types.
  static func typeNames(
    _ action: Any.Type, _ mutation: Any.Type, _ state: Any.Type
  ) -> (String, String, String) {
    (String(reflecting: action), String(reflecting: mutation), String(reflecting: state))
  }
}

/// Reads from a file descriptor (the system's `read`, which the reader's own `read()` hides).
private func readFile(_ file: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int) -> Int {
  read(file, bytes, count)
}
