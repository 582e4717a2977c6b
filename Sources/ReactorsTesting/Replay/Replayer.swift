import CustomDump
import Reactors

/// Replays a recording on a fresh reactor, comparing each step the reactor makes with the
/// recorded one (see ``ReplayMode/inputs``).
///
/// Which recorded steps are injected: the inputs that came from outside the recording (no
/// cause, or another recording's step) and everything a recorded effect emitted (an input or
/// a mutation whose cause is an effect's start). The reactor makes the rest again: the
/// mutations `mutate` returned, a store's follow-ups, what an observer of the reactor sent it,
/// the effects' starts and cancellations. Effects' ends are not compared: no task runs.
struct Replayer<R: Reactor> {
  typealias Step = RecordedStep<R.Action, R.Mutation, R.State>

  let reactor: R
  let recorded: [Step]
  let name: String
  let each: (Step, R.State) -> Void
  /// The recorded steps the replay must make again, in order.
  let expected: [Step]
  /// The replay's own recording.
  let replayed: Recording<R.Action, R.Mutation, R.State>
  /// How many of ``expected`` the replay has made so far.
  var matched = 0
  /// How many of the replay's steps have been compared.
  var seen = 0

  init(
    _ recording: Recording<R.Action, R.Mutation, R.State>, on reactor: R, from state: R.State,
    each: @escaping (Step, R.State) -> Void
  ) {
    self.reactor = reactor
    self.recorded = recording.steps
    self.name = recording.name
    self.each = each
    expected = recorded.filter(\.isMadeAgain)
    reactor.storage.replace(stateWith: state, from: reactor)
    replayed = Recording(
      reactor, name: recording.name, redactions: recording.redactions, clock: ContinuousClock(),
      isReplay: true)
  }

  /// Replays every step; the first divergence, if any.
  mutating func run() -> ReplayDivergence? {
    defer { replayed.stop() }
    for step in recorded where isInjected(step) || step.isGap {
      // What the steps before a gap made is unknown past the gap: the gap is what is reported.
      if case .gap(let dropped) = step.kind {
        return divergence(
          at: step.index,
          "The recording has a gap here: its writer fell behind and dropped \(dropped) steps, "
            + "so it cannot be replayed past this point. Record with a larger buffer, or "
            + "replay the part before the gap.")
      }
      if let divergence = compare(before: step.index) { return divergence }
      switch step.kind {
      case .input(let action):
        reactor.storage.replay(input: action, staged: step.isStaged, from: reactor)
      case .mutation(let mutation):
        reactor.storage.replay(effectOutput: mutation, from: reactor)
      default:
        break
      }
    }
    return compare(before: Int.max)
  }

  /// Whether the replay injects `step` instead of making it again.
  func isInjected(_ step: Step) -> Bool {
    switch step.kind {
    case .input, .mutation:
      guard let cause = step.cause else { return true }
      guard cause.recording == name else { return true }
      guard recorded.indices.contains(cause.index) else { return false }
      if case .effectStarted = recorded[cause.index].kind { return true }
      return false
    default:
      return false
    }
  }

  /// Compares the steps the replay made since the last call with the recorded steps before
  /// `limit`, which must all have been made by now.
  mutating func compare(before limit: Int) -> ReplayDivergence? {
    let steps = replayed.steps
    while seen < steps.count {
      let made = steps[seen]
      seen += 1
      guard made.isMadeAgain else { continue }
      guard matched < expected.count, expected[matched].index < limit else {
        let place = matched < expected.count ? expected[matched].index : recorded.count
        return divergence(
          at: place,
          "The replay made a step the recording does not have here:\n+ "
            + String(customDumping: made.kind))
      }
      let step = expected[matched]
      if let difference = Self.difference(step, made) {
        return divergence(at: step.index, difference)
      }
      if case .mutation = made.kind, let state = made.state { each(step, state) }
      matched += 1
    }
    if matched < expected.count, expected[matched].index < limit {
      let step = expected[matched]
      return divergence(
        at: step.index,
        "The replay did not make this recorded step:\n− "
          + String(customDumping: step.kind))
    }
    return nil
  }

  /// What differs between a recorded step and the replay's, or `nil`.
  static func difference(_ recorded: Step, _ made: Step) -> String? {
    switch (recorded.kind, made.kind) {
    case (.input(let old), .input(let new)):
      return ReactorsTesting.difference(old, new).map { "The input differs:\n\($0)" }
    case (.mutation(let old), .mutation(let new)):
      if let difference = ReactorsTesting.difference(old, new) {
        return "The mutation differs:\n\(difference)"
      }
      guard let old = recorded.state, let new = made.state else { return nil }
      return ReactorsTesting.difference(old, new).map { "The state differs:\n\($0)" }
    case (.effectStarted(let old), .effectStarted(let new)):
      return old == new ? nil : "The effect's id differs: \(old ?? "none") → \(new ?? "none")"
    case (.cancelled(let old), .cancelled(let new)):
      return old == new ? nil : "The cancelled id differs: \(old) → \(new)"
    default:
      return """
        The step differs:
        − \(String(customDumping: recorded.kind))
        + \(String(customDumping: made.kind))
        """
    }
  }

  /// A divergence at recorded step `index`.
  func divergence(at index: Int, _ difference: String) -> ReplayDivergence {
    let step = recorded.indices.contains(index) ? recorded[index] : nil
    let input = recorded[...min(index, recorded.count - 1)].last {
      if case .input = $0.kind { return true }
      return false
    }
    var inputText: String?
    if let input, case .input(let action) = input.kind {
      inputText = "step \(input.index): \(String(customDumping: action))"
    }
    return ReplayDivergence(
      index: index, time: step?.time, input: inputText, cause: step?.cause,
      difference: difference)
  }
}

extension RecordedStep {
  /// Whether this is a gap (see ``RecordedStep/Kind/gap(dropped:)``).
  var isGap: Bool {
    if case .gap = kind { return true }
    return false
  }

  /// Whether a replay makes this step again and compares it: not the beginning, and not an
  /// effect's end (no task runs in a replay).
  var isMadeAgain: Bool {
    switch kind {
    case .began, .effectEnded, .gap: return false
    case .input, .mutation, .effectStarted, .cancelled: return true
    }
  }
}
