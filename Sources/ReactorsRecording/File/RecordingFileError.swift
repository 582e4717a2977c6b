/// Why a recording file could not be read, with where and how to fix it. Reading never
/// crashes and never drops a step silently: it reads a whole file or throws one of these (a
/// last line cut short is the one exception: read up to it, with a warning).
public struct RecordingFileError: Error, Sendable, CustomStringConvertible, Equatable {
  /// What went wrong.
  public enum Reason: Sendable, Equatable {
    /// The file could not be opened or read (the system's error number).
    case unreadable(errno: Int32)
    /// The path names no regular file (a folder, a pipe, a device): reading it could wait for
    /// ever, or never end.
    case notARegularFile
    /// The file is empty.
    case empty
    /// The first line is not a recording's header.
    case notARecording
    /// The format's version is newer than this library reads.
    case newerFormat(found: Int, readable: Int)
    /// The app's schema version is not one the reader accepts.
    case unreadableSchema(found: Int, readable: ClosedRange<Int>)
    /// The recorded types are not the ones read as.
    case differentTypes(recorded: String, reading: String)
    /// A line is not a well-formed entry.
    case malformed
    /// A value does not decode as its type: at `keyPath` inside it.
    case undecodable(value: String, keyPath: String)
    /// A step's index is not the one that follows the step before.
    case outOfOrder(expected: Int, found: Int)
  }

  /// The file.
  public let path: String
  /// The line (from 1) where it went wrong; 0 for the file as a whole.
  public let line: Int
  /// The step's index on that line, when it could be read.
  public let step: Int?
  /// What went wrong.
  public let reason: Reason
  /// The decoder's or parser's own words, when it has any.
  public let detail: String

  /// An error at `line` (0: the file as a whole) of the file at `path`.
  @usableFromInline
  init(path: String, line: Int, step: Int?, reason: Reason, detail: String) {
    self.path = path
    self.line = line
    self.step = step
    self.reason = reason
    self.detail = detail
  }

  /// Where, what, and how to fix it.
  public var description: String {
    let place =
      line == 0 ? "\(path)" : "\(path), line \(line)" + (step.map { " (step \($0))" } ?? "")
    let what: String
    switch reason {
    case .unreadable(let errno):
      what = "cannot be read (errno \(errno)). Check the path and its permissions."
    case .notARegularFile:
      what =
        "is not a regular file (a folder, a pipe or a device). Pass the path of a recording file."
    case .empty:
      what = "is empty: the app stopped before its header was written. Record again."
    case .notARecording:
      what =
        "is not a Reactors recording: its first line is not a recording header "
        + "(`{\"format\":\"reactors-recording\",…}`). Open a file written by `Recording(of:named:writingTo:)`."
    case .newerFormat(let found, let readable):
      what =
        "is in recording format \(found), newer than this version of Reactors reads (\(readable) "
        + "and older). Update Reactors."
    case .unreadableSchema(let found, let readable):
      what =
        "was written with schema version \(found); this reader accepts \(readable.lowerBound)..."
        + "\(readable.upperBound). Migrate the file, or widen `schemaVersions` if the types still "
        + "decode."
    case .differentTypes(let recorded, let reading):
      what =
        "records \(recorded), not \(reading). Read it as the recorded types, or pass "
        + "`checkingTypeNames: false` if they were only renamed."
    case .malformed:
      what = "is not a well-formed entry. The file was edited or damaged; cut it before this line."
    case .undecodable(let value, let keyPath):
      what =
        "holds \(value) that does not decode at \(keyPath.isEmpty ? "its top level" : keyPath). "
        + "The type changed since it was recorded: raise the schema version and migrate, or "
        + "record again."
    case .outOfOrder(let expected, let found):
      what = "holds step \(found) where step \(expected) should be. The file was edited or damaged."
    }
    return "\(place) \(what)" + (detail.isEmpty ? "" : " (\(detail))")
  }
}
