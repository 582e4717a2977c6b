import CustomDump
import Reactors

extension Recording {
  /// Replays this recording on `reactor`, a fresh one of the recorded type, and fails the test
  /// at the first step where the reactor does something else than it recorded, with the step's
  /// index, time, input, cause and a diff of the recorded and replayed values; returns that
  /// divergence, or `nil`.
  ///
  /// ```swift
  /// let recording = try Recording<Search.Action, Search.Mutation, Search.State>(contentsOf: file)
  /// await recording.replay(on: Search(api: .unused))
  /// ```
  ///
  /// The reactor starts from the state the recording began from. With ``ReplayMode/inputs``
  /// (the default) the recorded inputs go through it again and what its effects emitted is
  /// injected where it was recorded: no effect's task starts. With ``ReplayMode/reduceOnly``
  /// the recorded mutations go through `reduce` alone. `each` hears each replayed mutation's
  /// recorded step and the state it made, to assert what a fix changed.
  ///
  /// Replay on the thread that calls it, with nothing else sending to the reactor.
  @discardableResult
  public func replay<R: Reactor>(
    on reactor: R, _ mode: ReplayMode = .inputs,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column,
    each: (Step, State) -> Void = { _, _ in }
  ) -> ReplayDivergence?
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    let site = CallSite(fileID, filePath, line, column)
    let steps = self.steps
    guard let first = steps.first, case .began = first.kind, let state = first.state else {
      site.fail(
        "Recording \"\(name)\" has no beginning (its first step is not `.began` with a "
          + "state): replay a recording made by `Recording(of:named:)` or read from its file.")
      return nil
    }
    let divergence: ReplayDivergence?
    switch mode {
    case .inputs:
      divergence = withoutActuallyEscaping(each) { each in
        var replayer = Replayer(self, on: reactor, from: state, each: each)
        return replayer.run()
      }
    case .reduceOnly:
      divergence = reduceOnly(steps, with: reactor, from: state, each: each)
    }
    if let divergence { site.fail(divergence.description) }
    return divergence
  }

  /// Replays this store's recording on `store`, a fresh store with the recorded reducer and
  /// middleware: see ``replay(on:_:fileID:filePath:line:column:each:)``.
  @discardableResult
  public func replay(
    on store: Store<State, Action>, _ mode: ReplayMode = .inputs,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column,
    each: (Step, State) -> Void = { _, _ in }
  ) -> ReplayDivergence? where Mutation == Action {
    replay(
      on: store.engine, mode, fileID: fileID, filePath: filePath, line: line, column: column,
      each: each)
  }

  /// ``ReplayMode/reduceOnly``: each recorded mutation through `reactor.reduce`, compared with
  /// the state it recorded.
  func reduceOnly<R: Reactor>(
    _ steps: [Step], with reactor: R, from start: State, each: (Step, State) -> Void
  ) -> ReplayDivergence?
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    var state = start
    var input: Step?
    for step in steps {
      switch step.kind {
      case .input:
        input = step
      case .gap(let dropped):
        return ReplayDivergence(
          index: step.index, time: step.time, input: nil, cause: nil,
          difference: "The recording has a gap here: its writer fell behind and dropped "
            + "\(dropped) steps, so it cannot be replayed past this point.")
      case .mutation(let mutation):
        reactor.reduce(state: &state, mutation: mutation)
        let redacted = redactions.redacted(state)
        if let recorded = step.state, let difference = difference(recorded, redacted) {
          var inputText: String?
          if let input, case .input(let action) = input.kind {
            inputText = "step \(input.index): \(String(customDumping: action))"
          }
          return ReplayDivergence(
            index: step.index, time: step.time, input: inputText, cause: step.cause,
            difference: "The state differs:\n\(difference)")
        }
        each(step, redacted)
      default:
        continue
      }
    }
    return nil
  }
}
