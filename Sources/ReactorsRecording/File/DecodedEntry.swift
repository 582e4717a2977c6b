import Reactors

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One entry line, decoded: the step it holds. Throws a `DecodingError` for a value that does
/// not decode (its coding path says which value and where), and ``EntryProblem`` for an entry
/// whose fields do not make a step.
@usableFromInline
struct DecodedEntry<
  Action: Decodable & Sendable, Mutation: Decodable & Sendable, State: Decodable & Sendable
>: Decodable {
  @usableFromInline
  let step: RecordedStep<Action, Mutation, State>

  @inlinable
  init(from decoder: any Decoder) throws {
    let entry = try decoder.container(keyedBy: EntryKey.self)
    let index = try entry.decode(Int.self, forKey: .index)
    guard index >= 0 else { throw EntryProblem("its index is negative") }
    let nanoseconds = try entry.decode(Int64.self, forKey: .time)
    let time = Duration.nanoseconds(nanoseconds)
    var cause: RecordedCause?
    if let text = try entry.decodeIfPresent(String.self, forKey: .cause) {
      guard let parsed = RecordedCause(parsing: text) else {
        throw EntryProblem("its cause \"\(text)\" is not `name#index`")
      }
      cause = parsed
    }
    let kindName = try entry.decode(String.self, forKey: .kind)
    guard let kind = EntryKind(rawValue: kindName) else {
      throw EntryProblem(
        "its kind \"\(kindName)\" is none of \(EntryKind.allCases.map(\.rawValue))")
    }
    var state: State?
    var isStaged = false
    var isFollowUp = false
    let stepKind: RecordedStep<Action, Mutation, State>.Kind
    switch kind {
    case .began:
      state = try entry.decode(State.self, forKey: .state)
      stepKind = .began
    case .input:
      stepKind = .input(try entry.decode(Action.self, forKey: .action))
      isStaged = try entry.decodeIfPresent(Bool.self, forKey: .staged) ?? false
      isFollowUp = try entry.decodeIfPresent(Bool.self, forKey: .followUp) ?? false
    case .mutation:
      stepKind = .mutation(try entry.decode(Mutation.self, forKey: .mutation))
      state = try entry.decodeIfPresent(State.self, forKey: .state)
    case .effect:
      stepKind = .effectStarted(id: try entry.decodeIfPresent(String.self, forKey: .id))
    case .ended:
      let start = try entry.decode(Int.self, forKey: .start)
      guard (0..<index).contains(start) else {
        throw EntryProblem("it ends an effect at step \(start), which is not before it")
      }
      let cancelled = try entry.decodeIfPresent(Bool.self, forKey: .cancelled) ?? false
      stepKind = .effectEnded(started: start, cancelled: cancelled)
    case .cancel:
      stepKind = .cancelled(id: try entry.decode(String.self, forKey: .id))
    case .gap:
      let dropped = try entry.decode(Int.self, forKey: .dropped)
      guard dropped > 0, dropped <= Int.max - index else {
        throw EntryProblem("its gap of \(dropped) steps is not a positive count")
      }
      stepKind = .gap(dropped: dropped)
    }
    step = RecordedStep(
      index: index, time: time, kind: stepKind, cause: cause, state: state, isStaged: isStaged,
      isFollowUp: isFollowUp, isCheckpoint: state != nil)
  }
}

/// An entry whose fields are there but do not make a step.
@usableFromInline
struct EntryProblem: Error {
  @usableFromInline
  let message: String
  @inlinable
  init(_ message: String) { self.message = message }
}

/// Just an entry's index, read to name the step in an error about the rest of it.
@usableFromInline
struct EntryIndex: Decodable {
  @usableFromInline
  let index: Int

  @inlinable
  init(from decoder: any Decoder) throws {
    index = try decoder.container(keyedBy: EntryKey.self).decode(Int.self, forKey: .index)
  }
}
