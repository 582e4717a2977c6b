import Reactors

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One entry line, decoded: the step it holds, or the file's last state. Throws a
/// `DecodingError` for a value that does not decode (its coding path says which value and
/// where), and ``EntryProblem`` for an entry whose fields do not make a step. The entry's own
/// members are found in one pass over the line; its values go through their `init(from:)`.
@usableFromInline
struct DecodedEntry<
  Action: Decodable & Sendable, Mutation: Decodable & Sendable, State: Decodable & Sendable
> {
  /// The step; `nil` for the `last` entry.
  @usableFromInline
  let step: RecordedStep<Action, Mutation, State>?
  /// The `last` entry: the number of steps, and the state after the last mutation, when the
  /// file holds it.
  @usableFromInline
  let last: (count: Int, state: State?)?

  @inlinable
  init(_ input: JSONInput) throws {
    let entry = try input.entryMembers()
    let index = try entry.decode(Int.self, forKey: .index)
    guard index >= 0 else { throw EntryProblem("its index is negative") }
    let kindName = try entry.decode(String.self, forKey: .kind)
    guard let kind = EntryKind(named: kindName) else {
      throw EntryProblem(
        "its kind \"\(kindName)\" is none of \(EntryKind.allCases.map(\.rawValue))")
    }
    if kind == .last {
      last = (index, try entry.decodeIfPresent(State.self, forKey: .state))
      step = nil
      return
    }
    last = nil
    let nanoseconds = try entry.decode(Int64.self, forKey: .time)
    let time = Duration.nanoseconds(nanoseconds)
    var cause: RecordedCause?
    if let text = try entry.decodeIfPresent(String.self, forKey: .cause) {
      guard let parsed = RecordedCause(parsing: text) else {
        throw EntryProblem("its cause \"\(text)\" is not `name#index`")
      }
      cause = parsed
    }
    var state: State?
    var fingerprint: UInt64?
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
      if let read = try entry.decodeIfPresent(UInt64.self, forKey: .fingerprint) {
        guard read <= StateFingerprint.largest else {
          throw EntryProblem("its fingerprint \(read) is not below 2^53")
        }
        fingerprint = read
      }
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
    case .last:
      throw EntryProblem("its kind is `last`, read above")  // not reached
    }
    step = RecordedStep(
      index: index, time: time, kind: stepKind, cause: cause, state: state, isStaged: isStaged,
      isFollowUp: isFollowUp, isCheckpoint: state != nil, fingerprint: fingerprint)
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

/// Where an entry's members are: the node of each key's value.
@usableFromInline
struct EntryMembers {
  @usableFromInline
  let input: JSONInput
  @usableFromInline
  var nodes = SIMD16<Int32>(repeating: -1)

  @usableFromInline
  init(_ input: JSONInput) { self.input = input }

  /// Decodes `key`'s value; throws `keyNotFound` when the entry has none.
  @inlinable
  func decode<Value: Decodable>(_ type: Value.Type, forKey key: EntryKey) throws -> Value {
    let node = nodes[key.position]
    guard node >= 0 else {
      throw DecodingError.keyNotFound(
        key,
        .init(
          codingPath: [],
          debugDescription: "No value associated with key \"\(key.stringValue)\"."))
    }
    return try JSONReading(input, Int(node)).decode(value: type)
  }

  /// Decodes `key`'s value; `nil` when the entry has none, or `null`.
  @inlinable
  func decodeIfPresent<Value: Decodable>(
    _ type: Value.Type, forKey key: EntryKey
  ) throws -> Value? {
    let node = nodes[key.position]
    guard node >= 0, !input.isNull(Int(node)) else { return nil }
    return try JSONReading(input, Int(node)).decode(value: type)
  }
}

extension EntryKey {
  /// The key's place in ``EntryMembers``.
  @inlinable
  var position: Int {
    switch self {
    case .index: 0
    case .time: 1
    case .kind: 2
    case .cause: 3
    case .action: 4
    case .staged: 5
    case .followUp: 6
    case .mutation: 7
    case .state: 8
    case .id: 9
    case .start: 10
    case .cancelled: 11
    case .dropped: 12
    case .fingerprint: 13
    }
  }
}

extension JSONInput {
  /// The members of the entry on this line (a key written twice: its first value); throws
  /// when the line is not an object.
  @usableFromInline
  func entryMembers() throws -> EntryMembers {
    guard nodes[0].kind == .object else {
      throw JSONReading(self, 0).mismatch([String: Any].self)
    }
    var members = EntryMembers(self)
    var child = 1
    for _ in 0..<nodes[0].count {
      if let key = EntryKey(rawValue: string(child)), members.nodes[key.position] < 0 {
        members.nodes[key.position] = Int32(child + 1)
      }
      child = Int(nodes[child + 1].next)
    }
    return members
  }

  /// Whether node `index` is `null`.
  @usableFromInline
  func isNull(_ index: Int) -> Bool { nodes[index].kind == .null }
}
