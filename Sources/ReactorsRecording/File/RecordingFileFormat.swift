import Reactors

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The first line of a recording file (see the Recordings article for the whole format).
@usableFromInline
struct RecordingHeader: Codable, Equatable {
  /// Always ``RecordingHeader/formatName``: what tells a recording from any other JSON file.
  @usableFromInline
  var format: String
  /// The format's version; this library reads ``RecordingHeader/currentVersion`` and older.
  @usableFromInline
  var version: Int
  /// The recording's name.
  @usableFromInline
  var name: String
  /// The app's own version of its recorded types, chosen by the app.
  @usableFromInline
  var schema: Int
  /// The recorded types' names, as `String(reflecting:)` gives them.
  @usableFromInline
  var action: String
  @usableFromInline
  var mutation: String
  @usableFromInline
  var state: String
  /// Every how many mutations a state is written (a checkpoint).
  @usableFromInline
  var checkpointEvery: Int
  /// How the fingerprint on each mutation's line (`h`) was taken (``StateFingerprint/scheme``);
  /// absent from a file that holds none (format 1).
  @usableFromInline
  var fingerprint: String?

  @inlinable
  init(
    format: String, version: Int, name: String, schema: Int, action: String, mutation: String,
    state: String, checkpointEvery: Int, fingerprint: String? = StateFingerprint.scheme
  ) {
    self.format = format
    self.version = version
    self.name = name
    self.schema = schema
    self.action = action
    self.mutation = mutation
    self.state = state
    self.checkpointEvery = checkpointEvery
    self.fingerprint = fingerprint
  }

  /// Whether the fingerprints on the file's mutation lines are ones this library takes:
  /// a replay compares them; those of an unknown scheme are read as absent.
  @inlinable
  var hasKnownFingerprints: Bool { fingerprint == StateFingerprint.scheme }

  /// The most steps a recording file holds, counting those its gaps dropped: 2^53 − 1, the
  /// largest count a web page's numbers (the inspector's) hold exactly. A file that counts
  /// more is refused when it is read, so no step index in it is one that a page would round.
  /// Where `Int` has 32 bits (watchOS on arm64_32), `Int.max`.
  @usableFromInline static let maximumSteps = Int(clamping: (Int64(1) << 53) - 1)

  @usableFromInline static let formatName = "reactors-recording"
  /// The version written. 2 added the fingerprint of each mutation's state (`h`, and the
  /// header's `fingerprint`) and the `last` entry with the state at the end; a reader of
  /// version 2 reads version 1.
  @usableFromInline
  static let currentVersion = 2
}

/// The keys of an entry line.
@usableFromInline
enum EntryKey: String, CodingKey {
  /// The step's index, its time in nanoseconds, its kind and its cause (`name#index`).
  case index = "i", time = "t", kind = "k", cause = "c"
  /// An input's action and whether it was staged; a mutation and, at a checkpoint, its state.
  case action = "a", staged, followUp = "f", mutation = "m", state = "s"
  /// An effect's id; the start an end belongs to, and whether it was cancelled; a gap's count.
  case id, start, cancelled, dropped = "n"
  /// The fingerprint of a mutation's state (format 2).
  case fingerprint = "h"
}

/// The kinds of entry, as written. Every kind but `last` is a step; `last` (format 2) is the
/// file's last line, written when its recording stopped: the number of steps, and the state
/// after the last mutation (when the writer knows it: no step was dropped after it).
@usableFromInline
enum EntryKind: String, Codable, CaseIterable {
  case began, input, mutation, effect, ended, cancel, gap, last

  /// The kind named `name`, or `nil`: found by the name's length and first letter, then one
  /// comparison (a kind is read on every line; `init(rawValue:)` compares with each name in
  /// turn).
  @inlinable
  init?(named name: String) {
    let first = name.utf8.first
    let candidate: EntryKind
    switch name.utf8.count {
    case 3: candidate = .gap
    case 4: candidate = .last
    case 5:
      candidate =
        first == UInt8(ascii: "b") ? .began : first == UInt8(ascii: "i") ? .input : .ended
    case 6: candidate = first == UInt8(ascii: "e") ? .effect : .cancel
    case 8: candidate = .mutation
    default: return nil
    }
    guard name == candidate.rawValue else { return nil }
    self = candidate
  }
}

/// One step, encoded as one line: the state only at checkpoints (`withState`), and a
/// mutation's fingerprint when it has one. The entry's own members are written in key order by
/// hand; its values go through their `encode(to:)`.
@usableFromInline
struct EncodedEntry<
  Action: Encodable & Sendable, Mutation: Encodable & Sendable, State: Encodable & Sendable
>: Sendable {
  @usableFromInline
  let step: RecordedStep<Action, Mutation, State>
  @usableFromInline
  let withState: Bool
  /// The fingerprint of a mutation's state (see ``StateFingerprint``).
  @usableFromInline
  let fingerprint: UInt64?

  @inlinable
  init(step: RecordedStep<Action, Mutation, State>, withState: Bool, fingerprint: UInt64? = nil) {
    self.step = step
    self.withState = withState
    self.fingerprint = fingerprint
  }

  /// Appends the entry's line to `output`; on an error (a value whose `encode(to:)` throws),
  /// leaves `output` as it was and rethrows.
  @inlinable
  func write(to output: JSONOutput) throws {
    let start = output.bytes.count
    do {
      let entry = try output.beginEntry()
      func member(_ key: EntryKey) throws -> JSONSlot {
        try output.beginMember(entry.index, entry.serial, key: key.stringValue)
        return JSONSlot(output, depth: 1)
      }
      // In key order: a, c, cancelled, f, h, i, id, k, m, n, s, staged, start, t.
      if case .input(let action) = step.kind { try member(.action).encode(value: action) }
      if let cause = step.cause { try member(.cause).encode(value: cause.description) }
      if case .effectEnded(_, true) = step.kind { try member(.cancelled).encode(value: true) }
      if case .input = step.kind, step.isFollowUp { try member(.followUp).encode(value: true) }
      if case .mutation = step.kind, let fingerprint {
        try member(.fingerprint).encode(value: fingerprint)
      }
      try member(.index).encode(value: step.index)
      switch step.kind {
      case .effectStarted(let id?), .cancelled(let id): try member(.id).encode(value: id)
      default: break
      }
      try member(.kind).encode(value: kind.rawValue)
      if case .mutation(let mutation) = step.kind {
        try member(.mutation).encode(value: mutation)
      }
      if case .gap(let dropped) = step.kind { try member(.dropped).encode(value: dropped) }
      if let state = step.state, withState { try member(.state).encode(value: state) }
      if case .input = step.kind, step.isStaged { try member(.staged).encode(value: true) }
      if case .effectEnded(let started, _) = step.kind {
        try member(.start).encode(value: started)
      }
      try member(.time).encode(value: step.time.wholeNanoseconds)
      output.endLine()
    } catch {
      output.truncate(to: start)
      throw error
    }
  }

  /// Appends the line of `step`, or, when one of its values cannot be encoded (a custom
  /// `encode(to:)` that throws), a gap of one step in its place: the file stays readable, and
  /// says where the step went.
  @inlinable
  static func append(
    _ step: RecordedStep<Action, Mutation, State>, withState: Bool, fingerprint: UInt64? = nil,
    to output: JSONOutput
  ) {
    do {
      try EncodedEntry(step: step, withState: withState, fingerprint: fingerprint)
        .write(to: output)
    } catch {
      let gap = RecordedStep<Action, Mutation, State>(
        index: step.index, time: step.time, kind: .gap(dropped: 1), cause: nil, state: nil)
      try? EncodedEntry(step: gap, withState: false).write(to: output)
    }
  }

  /// Appends the `last` entry: the recording made `count` steps, and `state` is the state
  /// after its last mutation (`nil`: unknown). A state that cannot be encoded is left out.
  @inlinable
  static func appendLast(count: Int, state: State?, to output: JSONOutput) {
    let start = output.bytes.count
    do {
      try writeLast(count: count, state: state, to: output)
    } catch {
      output.truncate(to: start)
      try? writeLast(count: count, state: nil, to: output)
    }
  }

  /// ``appendLast(count:state:to:)``'s line.
  @inlinable
  static func writeLast(count: Int, state: State?, to output: JSONOutput) throws {
    let entry = try output.beginEntry()
    func member(_ key: EntryKey) throws -> JSONSlot {
      try output.beginMember(entry.index, entry.serial, key: key.stringValue)
      return JSONSlot(output, depth: 1)
    }
    // In key order: i, k, s.
    try member(.index).encode(value: count)
    try member(.kind).encode(value: EntryKind.last.rawValue)
    if let state { try member(.state).encode(value: state) }
    output.endLine()
  }

  /// The entry's kind, as written.
  @inlinable
  var kind: EntryKind {
    switch step.kind {
    case .began: .began
    case .input: .input
    case .mutation: .mutation
    case .effectStarted: .effect
    case .effectEnded: .ended
    case .cancelled: .cancel
    case .gap: .gap
    }
  }
}

extension RecordedCause {
  /// Reads `name#index`, as ``description`` writes it; `nil` when it is not that.
  @inlinable
  init?(parsing text: String) {
    guard let mark = text.lastIndex(of: "#"), let index = Int(text[text.index(after: mark)...]),
      index >= 0
    else { return nil }
    self.init(recording: String(text[..<mark]), index: index)
  }
}
