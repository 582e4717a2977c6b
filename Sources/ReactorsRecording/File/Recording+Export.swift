import Reactors

extension Recording where Action: Encodable, Mutation: Encodable, State: Encodable {
  /// The steps kept so far as the contents of a recording file (see the Recordings article),
  /// as `Recording(of:named:writingTo:)` would have written them: a state every
  /// `checkpointEvery` mutations, the fingerprint of every mutation's state the steps hold,
  /// and the state after the last mutation. What the inspector's export gives;
  /// `Recording(bytes:)` and `Recording(contentsOf:)` read it back.
  ///
  /// A recording that keeps a state every few mutations (`keepingStatesEvery:`) has no
  /// fingerprint for the others: a replay of its export cannot tell whether their states
  /// match. A recording read from a file keeps the fingerprints the file held.
  ///
  /// Reads the steps a few thousand at a time, so the recorded reactor waits for one copy of
  /// those at most, never for the encoding. A value whose `encode(to:)` throws is written as
  /// a gap of one step.
  ///
  /// - Throws: `RecordingFileError` when the recording keeps no steps in memory (one that only
  ///   writes its file: that file is the export).
  public func fileBytes(schemaVersion: Int = 1, checkpointEvery: Int = 32) throws -> [UInt8] {
    let every = max(checkpointEvery, 1)
    let (action, mutation, state) = RecordingHeader.typeNames(
      Action.self, Mutation.self, State.self)
    let header = RecordingHeader(
      format: RecordingHeader.formatName, version: RecordingHeader.currentVersion, name: name,
      schema: schemaVersion, action: action, mutation: mutation, state: state,
      checkpointEvery: every)
    let output = JSONOutput()
    try output.appendLine(header)
    // A state read without its types would be fingerprinted as other values than the app's.
    let hasher = State.self == RecordedJSON.self ? nil : StateHasher()
    var last: State?
    var count = 0
    var mutations = 0
    var start = 0
    while true {
      let chunk = withSteps { steps in
        Array(steps[min(start, steps.count)..<min(start + 4_096, steps.count)])
      }
      if chunk.isEmpty { break }
      for step in chunk {
        var withState = true
        var fingerprint: UInt64?
        switch step.kind {
        case .mutation:
          mutations += 1
          withState = mutations % every == 0
          fingerprint = step.fingerprint ?? step.state.flatMap { hasher?.fingerprint($0) }
          last = step.state
        case .began: last = step.state
        case .gap: last = nil
        default: break
        }
        EncodedEntry.append(step, withState: withState, fingerprint: fingerprint, to: output)
        if case .gap(let dropped) = step.kind {
          count = step.index + dropped
        } else {
          count = step.index + 1
        }
      }
      start += chunk.count
    }
    guard start > 0 else {
      throw RecordingFileError(
        path: name, line: 0, step: nil, reason: .empty,
        detail: "the recording keeps no steps in memory; its file is its export")
    }
    EncodedEntry<Action, Mutation, State>.appendLast(count: count, state: last, to: output)
    return output.bytes
  }
}
