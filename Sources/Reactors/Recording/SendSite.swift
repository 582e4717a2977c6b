/// Where an input was sent from: the file and line of the `send` or `dispatch` that sent it
/// (see ``RecordedStep/sentFrom``).
///
/// Made from the `#fileID` and `#line` of the call, which cost nothing until a recording keeps
/// them: a reactor that is not recorded never reads them.
public struct SendSite: Sendable, Hashable, CustomStringConvertible {
  /// The file's id, as `#fileID` gives it: `Module/File.swift`.
  public var fileID: String {
    switch storage {
    case .literal(let address, let count, _):
      guard let start = UnsafeRawPointer(bitPattern: address) else { return "" }
      return String(
        decoding: UnsafeRawBufferPointer(start: start, count: Int(count)), as: UTF8.self)
    case .text(let box): return box.value.fileID
    }
  }
  /// The line of the call, from 1.
  public var line: Int {
    switch storage {
    case .literal(_, _, let line): Int(line)
    case .text(let box): box.value.line
    }
  }

  /// Sixteen bytes a step: a call's `#fileID` literal by the address and length of its bytes
  /// (a literal's bytes live as long as the program and are never written, so any thread may
  /// read them; no string is made until one is asked for) and its line, or a site made from
  /// text, boxed.
  @usableFromInline
  enum Storage: Sendable {
    case literal(address: UInt, count: UInt32, line: UInt32)
    case text(Box<(fileID: String, line: Int)>)
  }

  @usableFromInline let storage: Storage

  /// A location made by hand (or read from elsewhere).
  public init(fileID: String, line: Int) {
    storage = .text(Box((fileID, line)))
  }

  /// The location of a call, from its `#fileID` and `#line`.
  @inlinable
  public init(_ fileID: StaticString, _ line: UInt) {
    self.init(CallSite(fileID, line))
  }

  /// The site the engine carried. A file id that is no literal's bytes (never one from
  /// `#fileID`), or a count or a line past 2³² − 1, is kept as text: never a trap.
  @inlinable
  init(_ site: CallSite) {
    if site.fileID.hasPointerRepresentation,
      let count = UInt32(exactly: site.fileID.utf8CodeUnitCount),
      let line = UInt32(exactly: site.line)
    {
      storage = .literal(
        address: UInt(bitPattern: site.fileID.utf8Start), count: count, line: line)
    } else {
      storage = .text(Box((site.fileID.description, Int(truncatingIfNeeded: site.line))))
    }
  }

  /// `Module/File.swift:12`.
  public var description: String { "\(fileID):\(line)" }

  /// Locations are equal when their file ids and lines are.
  public static func == (lhs: SendSite, rhs: SendSite) -> Bool {
    lhs.line == rhs.line && lhs.fileID == rhs.fileID
  }

  /// Hashes the file id and the line.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(fileID)
    hasher.combine(line)
  }
}
