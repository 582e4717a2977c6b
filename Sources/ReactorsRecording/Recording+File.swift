import Reactors

extension Recording where Action: Codable, Mutation: Codable, State: Codable {
  /// Starts recording `reactor` into the file at `path` (created, or emptied), as the app
  /// runs: each step is encoded and written off the app's threads, at most 50 ms after it
  /// happened, so a process killed at any moment loses at most that last moment. Steps are
  /// kept in memory too when `keepingSteps` is `true`.
  ///
  /// ```swift
  /// let recording = try Recording(of: search, named: "search", writingTo: "search.jsonl")
  /// ```
  ///
  /// - Parameters:
  ///   - schemaVersion: The version of your recorded types, which you raise when a change
  ///     stops old files from decoding; readers say which versions they read.
  ///   - checkpointEvery: Every how many mutations the file holds the state (every step's
  ///     mutation is written; a replay compares states at these checkpoints).
  ///   - bufferSteps: How many steps may wait for the writer; past that, steps are dropped
  ///     and the file gets a gap entry with their count, rather than the app blocking or its
  ///     memory growing.
  /// - Throws: ``RecordingFileError`` when the file cannot be created or written.
  public convenience init<R: Reactor, C: Clock>(
    of reactor: R, named name: String, writingTo path: String, schemaVersion: Int = 1,
    checkpointEvery: Int = 32, bufferSteps: Int = 65_536, keepingSteps: Bool = false,
    redacting redactions: [Redaction<Action, Mutation, State>] = [],
    clock: C = ContinuousClock()
  ) throws
  where R.Action == Action, R.Mutation == Mutation, R.State == State, C.Duration == Duration {
    let (action, mutation, state) = RecordingHeader.typeNames(
      Action.self, Mutation.self, State.self)
    let header = RecordingHeader(
      format: RecordingHeader.formatName, version: RecordingHeader.currentVersion, name: name,
      schema: schemaVersion, action: action, mutation: mutation, state: state,
      checkpointEvery: max(checkpointEvery, 1))
    let writer = try RecordingWriter<Action, Mutation, State>(
      path: path, header: header, capacity: bufferSteps)
    self.init(
      reactor, name: name, redactions: redactions, clock: clock, isReplay: false,
      keepsSteps: keepingSteps, stream: { writer.take($0) }, finish: { writer.close() })
  }

  /// Starts recording `store` into the file at `path`: see
  /// ``init(of:named:writingTo:schemaVersion:checkpointEvery:bufferSteps:keepingSteps:redacting:clock:)``.
  public convenience init<C: Clock>(
    of store: Store<State, Action>, named name: String, writingTo path: String,
    schemaVersion: Int = 1, checkpointEvery: Int = 32, bufferSteps: Int = 65_536,
    keepingSteps: Bool = false, redacting redactions: [Redaction<Action, Mutation, State>] = [],
    clock: C = ContinuousClock()
  ) throws where Mutation == Action, C.Duration == Duration {
    try self.init(
      of: store.engine, named: name, writingTo: path, schemaVersion: schemaVersion,
      checkpointEvery: checkpointEvery, bufferSteps: bufferSteps, keepingSteps: keepingSteps,
      redacting: redactions, clock: clock)
  }

  /// Reads the recording in the file at `path`, to replay it or look at it; attached to
  /// nothing. Mutations between checkpoints have no state.
  ///
  /// - Parameters:
  ///   - schemaVersions: The schema versions this app reads.
  ///   - checkingTypeNames: Whether the recorded types' names must be these types' names
  ///     (`false` reads a file whose types were only renamed).
  /// - Throws: ``RecordingFileError``, naming the line, the step and what to do; a last line
  ///   cut short is left out with a ``Recording/warnings`` entry instead.
  public convenience init(
    contentsOf path: String, schemaVersions: ClosedRange<Int> = 1...1,
    checkingTypeNames: Bool = true
  ) throws {
    let reader = RecordingReader<Action, Mutation, State>(
      path: path, schemaVersions: schemaVersions, checksTypeNames: checkingTypeNames)
    let (name, steps, warnings) = try reader.read()
    self.init(name: name, steps: steps, warnings: warnings)
  }

  /// Reads a recording from `bytes`, the contents of a recording file (`path` names it in
  /// errors): see ``init(contentsOf:schemaVersions:checkingTypeNames:)``.
  public convenience init(
    bytes: [UInt8], path: String = "recording", schemaVersions: ClosedRange<Int> = 1...1,
    checkingTypeNames: Bool = true
  ) throws {
    let reader = RecordingReader<Action, Mutation, State>(
      path: path, schemaVersions: schemaVersions, checksTypeNames: checkingTypeNames)
    let (name, steps, warnings) = try reader.read(bytes)
    self.init(name: name, steps: steps, warnings: warnings)
  }
}
