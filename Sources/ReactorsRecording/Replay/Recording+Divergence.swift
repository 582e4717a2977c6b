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
        name: name, redactions: redactions, on: reactor, from: state, mode, each: each,
        next: { steps.next() })
    }
  }

  /// Replays the steps `next` gives (after the beginning), from `state`: see
  /// `divergence(replayingOn:_:each:)`.
  @inlinable
  static func divergence<R: Reactor>(
    name: String, redactions: [Redaction<Action, Mutation, State>], on reactor: R,
    from state: State, _ mode: ReplayMode, each: @escaping (Step, State) -> Void,
    next: () throws -> Step?
  ) rethrows -> ReplayDivergence?
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    switch mode {
    case .inputs:
      var replayer = Replayer(
        name: name, redactions: redactions, on: reactor, from: state, each: each)
      return try replayer.run(reading: next)
    case .reduceOnly:
      var state = state
      var input: Step?
      let states = ValueComparison<State>()
      while let step = try next() {
        switch step.kind {
        case .input:
          input = step
        case .gap(let dropped):
          return .gap(step, dropped: dropped, input: input.flatMap(Replayer<R>.render))
        case .mutation(let mutation):
          reactor.reduce(state: &state, mutation: mutation)
          let redacted = redactions.redacted(state)
          if let recorded = step.state, let difference = states.difference(recorded, redacted) {
            return ReplayDivergence(
              index: step.index, time: step.time, input: input.flatMap(Replayer<R>.render),
              cause: step.cause, difference: "The state differs:\n\(difference)")
          }
          each(step, redacted)
        default:
          continue
        }
      }
      return nil
    }
  }
}
