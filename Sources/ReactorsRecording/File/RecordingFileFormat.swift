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

  @inlinable
  init(
    format: String, version: Int, name: String, schema: Int, action: String, mutation: String,
    state: String, checkpointEvery: Int
  ) {
    self.format = format
    self.version = version
    self.name = name
    self.schema = schema
    self.action = action
    self.mutation = mutation
    self.state = state
    self.checkpointEvery = checkpointEvery
  }

  @usableFromInline static let formatName = "reactors-recording"
  @usableFromInline
  static let currentVersion = 1
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
}

/// The kinds of entry, as written.
@usableFromInline
enum EntryKind: String, Codable, CaseIterable {
  case began, input, mutation, effect, ended, cancel, gap
}

/// An entry line as `JSONEncoder` sees it: a type that is not generic, whose `encode(to:)`
/// calls the entry's, made where the recording's types are known. The coder reaches a
/// generic type's `encode(to:)` through its conformance, unspecialized; this way the writer
/// measured 216 k steps/s instead of 198 k. (Decoding gained nothing the same way, and reads
/// `DecodedEntry` directly.)
@usableFromInline
struct EntryLine: Encodable {
  @usableFromInline let entry: @Sendable (any Encoder) throws -> Void

  /// The line of `entry`.
  @inlinable
  init<Action, Mutation, State>(_ entry: EncodedEntry<Action, Mutation, State>) {
    self.entry = { try entry.encode(to: $0) }
  }

  @inlinable
  func encode(to encoder: any Encoder) throws { try entry(encoder) }
}

/// One step, encoded as one line: the state only at checkpoints (`withState`).
@usableFromInline
struct EncodedEntry<
  Action: Encodable & Sendable, Mutation: Encodable & Sendable, State: Encodable & Sendable
>:
  Encodable, Sendable
{
  @usableFromInline
  let step: RecordedStep<Action, Mutation, State>
  @usableFromInline
  let withState: Bool

  @inlinable
  init(step: RecordedStep<Action, Mutation, State>, withState: Bool) {
    self.step = step
    self.withState = withState
  }

  @inlinable
  func encode(to encoder: any Encoder) throws {
    var entry = encoder.container(keyedBy: EntryKey.self)
    try entry.encode(step.index, forKey: .index)
    let (seconds, attoseconds) = step.time.components
    try entry.encode(seconds &* 1_000_000_000 &+ attoseconds / 1_000_000_000, forKey: .time)
    if let cause = step.cause { try entry.encode(cause.description, forKey: .cause) }
    switch step.kind {
    case .began:
      try entry.encode(EntryKind.began, forKey: .kind)
      try entry.encodeIfPresent(step.state, forKey: .state)
    case .input(let action):
      try entry.encode(EntryKind.input, forKey: .kind)
      try entry.encode(action, forKey: .action)
      if step.isStaged { try entry.encode(true, forKey: .staged) }
      if step.isFollowUp { try entry.encode(true, forKey: .followUp) }
    case .mutation(let mutation):
      try entry.encode(EntryKind.mutation, forKey: .kind)
      try entry.encode(mutation, forKey: .mutation)
      if withState { try entry.encodeIfPresent(step.state, forKey: .state) }
    case .effectStarted(let id):
      try entry.encode(EntryKind.effect, forKey: .kind)
      try entry.encodeIfPresent(id, forKey: .id)
    case .effectEnded(let start, let cancelled):
      try entry.encode(EntryKind.ended, forKey: .kind)
      try entry.encode(start, forKey: .start)
      if cancelled { try entry.encode(true, forKey: .cancelled) }
    case .cancelled(let id):
      try entry.encode(EntryKind.cancel, forKey: .kind)
      try entry.encode(id, forKey: .id)
    case .gap(let dropped):
      try entry.encode(EntryKind.gap, forKey: .kind)
      try entry.encode(dropped, forKey: .dropped)
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
