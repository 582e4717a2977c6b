import CustomDump
import Reactors

/// How a replay checks the state each replayed mutation made against its recording: against
/// the recorded state where the recording holds it (with a diff), else against the recorded
/// fingerprint (a file of format 2 holds one for every mutation; see `StateFingerprint`), else
/// not at all. For a recording read from a file (`reportsUnchecked`), the first state it could
/// not check since the last one it did is kept: a difference found later names it (the first
/// state that differs is between the two), and a replay that ends past it says that the file
/// cannot tell.
///
/// Not thread-safe: one replay, on one thread.
@usableFromInline
struct StateChecks<Action: Sendable, Mutation: Sendable, State: Sendable> {
  @usableFromInline
  typealias Step = RecordedStep<Action, Mutation, State>

  @usableFromInline
  let states = ValueComparison<State>()
  /// Fingerprints a state as a file's writer does; `nil` when the state is not `Encodable`
  /// (no file holds it), or is read without its types (`RecordedJSON`, whose fingerprints are
  /// not the app's types').
  @usableFromInline
  let fingerprint: ((State) -> UInt64?)?
  @usableFromInline
  let reportsUnchecked: Bool
  /// The first mutation since the last state checked whose state could not be checked, the
  /// latest input at it, and the mutations not checked since (it included).
  @usableFromInline
  var unchecked: (step: Step, input: Step?, states: UncheckedStates)?
  /// The index and time of the last mutation checked (or not): where a file's `last` state,
  /// read after it, is compared with the state the replay ended with.
  @usableFromInline
  var latest: (index: Int, time: Duration)?

  /// Checks for a recording read from a file when `reportsUnchecked`; `fingerprint` takes a
  /// state's fingerprint (found at run time when `nil`: see ``fingerprinter()``).
  @inlinable
  init(reportsUnchecked: Bool, fingerprint: ((State) -> UInt64?)? = nil) {
    self.reportsUnchecked = reportsUnchecked
    self.fingerprint = fingerprint ?? Self.fingerprinter()
  }

  /// What fingerprints a state, when it is `Encodable` and not `RecordedJSON`, found at run
  /// time (a replay of a recording whose types are not known to be `Codable` where it starts).
  @usableFromInline
  static func fingerprinter() -> ((State) -> UInt64?)? {
    guard State.self != RecordedJSON.self, let encodable = State.self as? any Encodable.Type
    else { return nil }
    return fingerprinter(encodable)
  }

  @usableFromInline
  static func fingerprinter<Same: Encodable>(_ type: Same.Type) -> (State) -> UInt64? {
    let hasher = StateHasher()
    // `Same` is `State` itself, found `Encodable` at run time: the closure is cast once, here,
    // as `ValueComparison` casts its comparisons, so that no replayed state is cast.
    let fingerprint: (Same) -> UInt64? = { hasher.fingerprint($0) }
    return (fingerprint as? (State) -> UInt64?) ?? { _ in nil }
  }

  /// What differs between `replayed`, the state the replay made at recorded mutation `step`
  /// (whose mutation matched), and the recorded one; `nil` when they match or the recording
  /// cannot tell. `input` is the latest recorded input at `step`.
  @inlinable
  mutating func check(_ step: Step, input: Step?, replayed: State) -> String? {
    latest = (step.index, step.time)
    if let recorded = step.state {
      if let difference = states.difference(recorded, replayed) {
        return "The state differs:\n\(difference)"
      }
    } else if let recorded = step.fingerprint, let made = fingerprint?(replayed) {
      if made != recorded {
        return "The state differs from the recorded one. The file holds its fingerprint here, "
          + "not the state (it holds a whole state every `checkpointEvery` mutations), so "
          + "there is no diff; the replayed state is:\n"
          + String(customDumping: replayed)
          + "\nRecord with `checkpointEvery: 1` for a diff of every state."
      }
    } else {
      guard reportsUnchecked else { return nil }
      if unchecked == nil {
        unchecked = (step, input, UncheckedStates(first: step.index, last: step.index, count: 0))
      }
      unchecked?.states.last = step.index
      unchecked?.states.count += 1
      return nil
    }
    unchecked = nil
    return nil
  }

  /// The mutations whose states could not be checked since the last one that was, for a
  /// divergence found now.
  @inlinable
  var uncheckedStates: UncheckedStates? { unchecked?.states }

  /// The end of a replay that found no divergence: checks `replayed()`, the state the replay
  /// ended with, against the file's `last` state (`last`: that state, and the index of the
  /// mutation that made it), then says when the recording cannot tell whether the states
  /// since the last one checked match. `render` renders an input.
  @inlinable
  mutating func end(
    last: (index: Int, state: State)?, replayed: () -> State, render: (Step) -> String?
  ) -> ReplayDivergence? {
    if let last, let latest, latest.index == last.index {
      if let difference = states.difference(last.state, replayed()) {
        return ReplayDivergence(
          index: last.index, time: latest.time, input: nil, cause: nil,
          difference: "The state after the last mutation differs from the file's last state:\n"
            + difference, unchecked: uncheckedStates)
      }
      unchecked = nil
    }
    guard let unchecked else { return nil }
    return ReplayDivergence(
      index: unchecked.step.index, time: unchecked.step.time,
      input: unchecked.input.flatMap(render), cause: unchecked.step.cause,
      difference: "The inputs and mutations matched, but the file holds neither "
        + unchecked.states.described + ", so the replay cannot tell whether "
        + (unchecked.states.count == 1 ? "its state is" : "their states are")
        + " the recorded one (a file written before format 2 holds a state only every "
        + "`checkpointEvery` mutations, and no fingerprints). "
        + ReplayDivergence.exactStepAdvice, kind: .cannotTell)
  }
}
