import CustomDump
import Reactors

extension Recording {
  /// Replays this recording on `reactor`, a fresh one of the recorded type, and returns where
  /// it first does something else than recorded, or `nil`: the test toolkit's `replay(on:)`
  /// without failing a test (for tools and benchmarks).
  ///
  /// The reactor starts from the state the recording began from. With `inputs`
  /// the recorded inputs go through it again and what its effects emitted is injected where it
  /// was recorded: no effect's task starts. With `reduceOnly` the recorded
  /// mutations go through `reduce` alone. `each` hears each replayed mutation's recorded step
  /// and the state it made. Replay on one thread, with nothing else sending to the reactor.
  ///
  /// Each mutation's state is compared where the recording holds it, whole or (read from a
  /// file of format 2) as a fingerprint: the divergence names the first mutation whose state
  /// differs. Where a recording read from a file holds neither (a file written before format
  /// 2 holds a state only every `checkpointEvery` mutations), the divergence says so: its
  /// ``ReplayDivergence/uncheckedFrom`` when a state differs later, or a
  /// ``ReplayDivergence/Kind/cannotTell`` divergence when the replay ends with states unchecked.
  @inlinable
  public func divergence<R: Reactor>(
    replayingOn reactor: R, _ mode: ReplayMode = .inputs,
    each: (Step, State) -> Void = { _, _ in }
  ) -> ReplayDivergence?
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    var steps = self.steps.makeIterator()
    guard let first = steps.next(), case .began = first.kind, let state = first.state else {
      return ReplayDivergence(
        index: 0, time: nil, input: nil, cause: nil,
        difference: "Recording \"\(name)\" has no beginning (its first step is not `.began` "
          + "with a state): replay a recording made by `Recording(of:named:)` or read from "
          + "its file.")
    }
    return withoutActuallyEscaping(each) { each in
      Self.divergence(
        name: name, redactions: redactions, on: reactor, from: state, mode,
        reportsUnchecked: isReadFromFile, each: each, next: { steps.next() })
    }
  }

  /// Replays the steps `next` gives (after the beginning), from `state`: see
  /// `divergence(replayingOn:_:each:)`. `reportsUnchecked` for a recording read from a file,
  /// whose last state `last` gives once `next` has given every step, and whose states'
  /// fingerprints `fingerprint` takes (found at run time when `nil`).
  @inlinable
  static func divergence<R: Reactor>(
    name: String, redactions: [Redaction<Action, Mutation, State>], on reactor: R,
    from state: State, _ mode: ReplayMode, reportsUnchecked: Bool,
    fingerprint: ((State) -> UInt64?)? = nil, each: @escaping (Step, State) -> Void,
    next: () throws -> Step?, last: () -> (index: Int, state: State)? = { nil }
  ) rethrows -> ReplayDivergence?
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    switch mode {
    case .inputs:
      var replayer = Replayer(
        name: name, redactions: redactions, on: reactor, from: state,
        reportsUnchecked: reportsUnchecked, fingerprint: fingerprint, each: each)
      return try replayer.run(reading: next, last: last)
    case .reduceOnly:
      var state = state
      var input: Step?
      var states = StateChecks<Action, Mutation, State>(
        reportsUnchecked: reportsUnchecked, fingerprint: fingerprint)
      while let step = try next() {
        switch step.kind {
        case .input:
          input = step
        case .gap(let dropped):
          return .gap(
            step, dropped: dropped, input: input.flatMap(Replayer<R>.render),
            unchecked: states.uncheckedStates)
        case .mutation(let mutation):
          reactor.reduce(state: &state, mutation: mutation)
          let redacted = redactions.redacted(state)
          if let difference = states.check(step, input: input, replayed: redacted) {
            return ReplayDivergence(
              index: step.index, time: step.time, input: input.flatMap(Replayer<R>.render),
              cause: step.cause, difference: difference, unchecked: states.uncheckedStates)
          }
          each(step, redacted)
        default:
          continue
        }
      }
      return states.end(
        last: last(), replayed: { redactions.redacted(state) }, render: Replayer<R>.render)
    }
  }
}
