import CustomDump
import Reactors

/// Replays recorded steps on a fresh reactor, in one pass, comparing each step the reactor
/// makes with the recorded one (see ``ReplayMode/inputs``): what it keeps is what it has not
/// matched yet, so a recording read from a file replays in bounded memory, however long.
///
/// Which recorded steps are injected: the inputs that came from outside the recording (no
/// cause, or another recording's step), the inputs an observer of the reactor sent it (caused
/// by a mutation, and not a store's follow-up), and everything a recorded effect emitted (an
/// input or a mutation whose cause is an effect's start). The reactor makes the rest again: the
/// mutations `mutate` returned, what `mutate` sent to its own reactor, a store's follow-ups.
/// Inputs, mutations and the states the recording holds (whole, or as a file's fingerprints:
/// see ``StateChecks``) are compared; effects' starts, ends and cancellations are not (no task
/// runs in a replay, and where a task starts on the sending thread, the order of an effect's
/// start among its synchronous values differs).
@usableFromInline
struct Replayer<R: Reactor> {
  @usableFromInline
  typealias Step = RecordedStep<R.Action, R.Mutation, R.State>

  @usableFromInline
  let reactor: R
  @usableFromInline
  let name: String
  @usableFromInline
  let each: (Step, R.State) -> Void
  /// The recorded steps the replay has to make again and has not yet, each with the latest
  /// recorded input at its place (for the message).
  @usableFromInline
  var expected: [(step: Step, input: Step?)] = []
  @usableFromInline
  var nextExpected = 0
  /// The indices of the recorded effects' starts: what they emitted is injected.
  @usableFromInline
  var effectStarts = Set<Int>()
  /// The indices of the latest recorded inputs (the last ``recentLimit`` at least), in the
  /// order they came, which is increasing: an input they caused (`mutate` sending to its own
  /// reactor) is made again. Found by binary search (``isRecentInput(_:)``): no hashing for
  /// each input.
  @usableFromInline
  var recentInputs: [Int] = []
  @inlinable
  static var recentLimit: Int { 4_096 }
  @usableFromInline
  var latestInput: Step?
  /// Takes what the replay's own recording made, not yet compared (its outbox).
  @usableFromInline
  let made:
    @Sendable (_ closing: Bool, _ emptied: [[PendingStep<R.Action, R.Mutation, R.State>]]) ->
      StepBatch<PendingStep<R.Action, R.Mutation, R.State>>
  /// The chunks of the last steps taken from ``made``, emptied, to give back.
  @usableFromInline
  var emptied: [[PendingStep<R.Action, R.Mutation, R.State>]] = []
  @usableFromInline
  var replayed: Recording<R.Action, R.Mutation, R.State>?
  @usableFromInline
  let actions = ValueComparison<R.Action>()
  @usableFromInline
  let mutations = ValueComparison<R.Mutation>()
  @usableFromInline
  var states: StateChecks<R.Action, R.Mutation, R.State>

  /// A replay on `reactor` from `state`; `reportsUnchecked` for a recording read from a file,
  /// whose states' fingerprints `fingerprint` takes (see ``StateChecks``).
  @inlinable
  init(
    name: String, redactions: [Redaction<R.Action, R.Mutation, R.State>], on reactor: R,
    from state: R.State, reportsUnchecked: Bool, fingerprint: ((R.State) -> UInt64?)?,
    each: @escaping (Step, R.State) -> Void
  ) {
    self.reactor = reactor
    self.name = name
    self.each = each
    states = StateChecks(reportsUnchecked: reportsUnchecked, fingerprint: fingerprint)
    reactor.storage.replace(stateWith: state, from: reactor)
    let replayed = Recording(
      reactor, name: name, redactions: redactions, clock: ContinuousClock(), isReplay: true,
      keepsSteps: false, checkpointEvery: 1, outbox: StepOutbox(capacity: .max, wakeEvery: .max))
    self.replayed = replayed
    made = replayed.outboxTaker
  }

  /// Replays `steps`, read one by one and throwing when the file is bad; the first divergence.
  /// `last` gives the file's last state once `next` has given every step (see
  /// ``StateChecks/end(last:render:)``).
  @inlinable
  mutating func run(
    reading next: () throws -> Step?, last: () -> (index: Int, state: R.State)?
  ) rethrows -> ReplayDivergence? {
    defer { replayed?.stop() }
    while let step = try next() {
      if let divergence = take(step) { return divergence }
    }
    if let divergence = compare(before: Int.max) { return divergence }
    // A file's replay has no redactions: the reactor's state is the one the replay made.
    let reactor = reactor
    return states.end(last: last(), replayed: { reactor.currentState }, render: Self.render)
  }

  /// Takes the next recorded step: notes it, and injects it when the replay does not make it.
  @inlinable
  mutating func take(_ step: Step) -> ReplayDivergence? {
    switch step.kind {
    case .gap(let dropped):
      // What the replay made before the gap is compared: a difference there comes first.
      if let divergence = compare(before: step.index, atGap: true) { return divergence }
      return .gap(
        step, dropped: dropped, input: latestInput.flatMap(Self.render),
        unchecked: states.uncheckedStates)
    case .input:
      latestInput = step
      recentInputs.append(step.index)
      if recentInputs.count > 2 * Self.recentLimit {
        recentInputs.removeFirst(Self.recentLimit)
      }
    case .effectStarted: effectStarts.insert(step.index)
    default: break
    }
    if step.isMadeAgain { expected.append((step, latestInput)) }
    guard isInjected(step) else { return nil }
    if let divergence = compare(before: step.index) { return divergence }
    switch step.kind {
    case .input(let action):
      reactor.storage.replay(input: action, staged: step.isStaged, from: reactor)
    case .mutation(let mutation):
      reactor.storage.replay(effectOutput: mutation, from: reactor)
    default:
      break
    }
    return nil
  }

  /// Whether step `index` is one of the latest recorded inputs (``recentInputs``).
  @inlinable
  func isRecentInput(_ index: Int) -> Bool {
    var low = 0
    var high = recentInputs.count
    while low < high {
      let middle = (low + high) / 2
      if recentInputs[middle] < index { low = middle + 1 } else { high = middle }
    }
    return low < recentInputs.count && recentInputs[low] == index
  }

  /// Whether the replay injects `step` instead of making it again.
  @inlinable
  func isInjected(_ step: Step) -> Bool {
    switch step.kind {
    case .input:
      guard let cause = step.cause, cause.recording == name else { return true }
      if effectStarts.contains(cause.index) { return true }
      return !step.isFollowUp && !isRecentInput(cause.index)
    case .mutation:
      guard let cause = step.cause, cause.recording == name else { return true }
      return effectStarts.contains(cause.index)
    default:
      return false
    }
  }

  /// Compares the steps the replay made since the last call with the recorded steps before
  /// `limit`, which must all have been made by now. `atGap`: `limit` is a gap's, and the steps
  /// the replay made past the recorded ones stand for the steps the gap dropped.
  @inlinable
  mutating func compare(before limit: Int, atGap: Bool = false) -> ReplayDivergence? {
    var given: [[PendingStep<R.Action, R.Mutation, R.State>]] = []
    swap(&given, &emptied)  // given back once: a chunk still held here would be copied
    var batch = made(false, given)
    // Emptied once compared (or when the replay stops here), and given back with the next.
    defer { emptied = batch.emptied() }
    // Made again from the chunks in place: no array of steps for each batch.
    var index = batch.firstIndex
    for pending in batch.chunks.joined() {
      let made = pending.step(index: index, in: name)
      index += 1
      guard made.isMadeAgain else { continue }
      guard nextExpected < expected.count, expected[nextExpected].step.index < limit else {
        if atGap { break }
        let place = nextExpected < expected.count ? expected[nextExpected] : nil
        return divergence(
          at: place?.step, input: place?.input ?? latestInput,
          "The replay made a step the recording does not have here:\n+ "
            + String(customDumping: made.kind))
      }
      let (step, input) = expected[nextExpected]
      if let difference = difference(step, made, input: input) {
        return divergence(at: step, input: input, difference)
      }
      if case .mutation = made.kind, let state = made.state { each(step, state) }
      nextExpected += 1
    }
    // Matched steps are dropped now and then, so what is kept stays small.
    if nextExpected >= 1_024 {
      expected.removeFirst(nextExpected)
      nextExpected = 0
    }
    if nextExpected < expected.count, expected[nextExpected].step.index < limit {
      let (step, input) = expected[nextExpected]
      return divergence(
        at: step, input: input,
        "The replay did not make this recorded step:\n− " + String(customDumping: step.kind))
    }
    return nil
  }

  /// What differs between a recorded step and the replay's, or `nil`; `input` is the latest
  /// recorded input at the step.
  @inlinable
  mutating func difference(_ recorded: Step, _ made: Step, input: Step?) -> String? {
    switch (recorded.kind, made.kind) {
    case (.input(let old), .input(let new)):
      return actions.difference(old, new).map { "The input differs:\n\($0)" }
    case (.mutation(let old), .mutation(let new)):
      if let difference = mutations.difference(old, new) {
        return "The mutation differs:\n\(difference)"
      }
      guard let state = made.state else { return nil }
      return states.check(recorded, input: input, replayed: state)
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

  /// A divergence at recorded `step` (`nil`: past the recording's end).
  @inlinable
  func divergence(at step: Step?, input: Step?, _ difference: String) -> ReplayDivergence {
    ReplayDivergence(
      index: step?.index ?? (expected.last?.step.index ?? 0) + 1, time: step?.time,
      input: input.flatMap(Self.render), cause: step?.cause, difference: difference,
      unchecked: states.uncheckedStates)
  }

  /// `step: action`, for an input step.
  @inlinable
  static func render(_ input: Step) -> String? {
    guard case .input(let action) = input.kind else { return nil }
    return "step \(input.index): \(String(customDumping: action))"
  }
}

extension RecordedStep {
  /// Whether a replay makes this step again and compares it: inputs and mutations (see
  /// ``Replayer``).
  @inlinable
  var isMadeAgain: Bool {
    switch kind {
    case .input, .mutation: return true
    case .began, .effectStarted, .effectEnded, .cancelled, .gap: return false
    }
  }
}
