import Reactors
import ReactorsRecording

extension Recording {
  /// Replays this recording on `reactor`, a fresh one of the recorded type, and fails the test
  /// at the first step where the reactor does something else than it recorded, with the step's
  /// index, time, input, cause and a diff of the recorded and replayed values; returns that
  /// divergence, or `nil`.
  ///
  /// Each mutation's state is checked where the recording holds it, whole or (read from a file)
  /// as a fingerprint, so the failure names the first mutation whose state differs. A
  /// recording that cannot tell fails the test too, saying from which step and how to record
  /// one that can: a gap (steps its writer dropped), or a file that holds neither the state
  /// nor its fingerprint after some mutation (a file written before format 2 holds a state
  /// only every `checkpointEvery` mutations). Its divergence's `kind` is `.cannotTell`.
  ///
  /// ```swift
  /// let recording = try Recording<Search.Action, Search.Mutation, Search.State>(
  ///   contentsOf: path)
  /// recording.replay(on: Search(api: .unused))
  /// ```
  ///
  /// The reactor starts from the state the recording began from. With `inputs`
  /// (the default) the recorded inputs go through it again and what its effects emitted is
  /// injected where it was recorded: no effect's task starts, so no network and no clock.
  /// With `reduceOnly` the recorded mutations go through `reduce` alone. `each`
  /// hears each replayed mutation's recorded step and the state it made, to assert what a fix
  /// changed. Replay on one thread, with nothing else sending to the reactor.
  @discardableResult
  public func replay<R: Reactor>(
    on reactor: R, _ mode: ReplayMode = .inputs,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column,
    each: (Step, State) -> Void = { _, _ in }
  ) -> ReplayDivergence?
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    let divergence = divergence(replayingOn: reactor, mode, each: each)
    if let divergence {
      CallSite(fileID, filePath, line, column).fail(divergence.description)
    }
    return divergence
  }

  /// Replays this store's recording on `store`, a fresh store with the recorded reducer and
  /// middleware: see `replay(on:)`.
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
}

extension Recording where Action: Codable, Mutation: Codable, State: Codable {
  /// Replays the recording in the file at `path` on `reactor` as it reads it, in bounded
  /// memory, and fails the test at the first divergence, or where the file cannot tell: see
  /// `replay(on:)`. A bad file throws its `RecordingFileError`; a last line cut short is
  /// reported as an expected issue.
  ///
  /// ```swift
  /// try SearchRecording.replay(contentsOf: path, on: Search(api: .unused))
  /// ```
  @discardableResult
  public static func replay<R: Reactor>(
    contentsOf path: String, on reactor: R, _ mode: ReplayMode = .inputs,
    schemaVersions: ClosedRange<Int> = 1...1,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column,
    each: (Step, State) -> Void = { _, _ in }
  ) throws -> ReplayDivergence?
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    let site = CallSite(fileID, filePath, line, column)
    let (divergence, warnings) = try divergence(
      replayingFileAt: path, on: reactor, mode, schemaVersions: schemaVersions, each: each)
    for warning in warnings { site.listSkipped(warning) }
    if let divergence { site.fail(divergence.description) }
    return divergence
  }
}
