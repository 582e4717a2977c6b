import Reactors

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension Recording where Action: Codable, Mutation: Codable, State: Codable {
  /// Starts recording `reactor` into the file at `path` (created, or emptied), as the app
  /// runs: each step is encoded and written off the app's threads, at most 50 ms after it
  /// happened, so a process killed at any moment loses at most that last moment. Steps are
  /// kept in memory too when `keepingSteps` is `true`.
  ///
  /// Each mutation's line holds a fingerprint of the state it made, taken on the writer's
  /// thread from a copy of the state, and every `checkpointEvery`th holds the state itself;
  /// `stop()` writes the state after the last mutation. A replay from the file names the
  /// first mutation whose state differs, whatever `checkpointEvery` is.
  ///
  /// ```swift
  /// let recording = try Recording(of: search, named: "search", writingTo: "search.jsonl")
  /// ```
  ///
  /// - Parameters:
  ///   - reactor: The reactor to record.
  ///   - name: The recording's name: what other recordings' causes call it.
  ///   - path: The file to write.
  ///   - schemaVersion: The version of your recorded types, which you raise when a change
  ///     stops old files from decoding; readers say which versions they read.
  ///   - checkpointEvery: Every how many mutations the file holds the whole state (every
  ///     step's mutation and a fingerprint of its state are written; a replay compares each
  ///     state's fingerprint, and shows a diff of the states at these checkpoints).
  ///   - bufferSteps: How many steps may wait for the writer; past that, steps are dropped
  ///     and the file gets a gap entry with their count, rather than the app blocking or its
  ///     memory growing.
  ///   - keepingSteps: Whether the recording's `steps` keep every step in memory too.
  ///   - redactions: What to hide before a value is kept or written.
  ///   - clock: The clock of the steps' times (a test clock in tests).
  /// - Throws: `RecordingFileError` when the file cannot be created or written.
  @inlinable
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
    let writer = try RecordingWriter<Action, Mutation, State>(path: path, header: header)
    self.init(
      reactor, name: name, redactions: redactions, clock: clock, isReplay: false,
      keepsSteps: keepingSteps, checkpointEvery: checkpointEvery,
      outbox: StepOutbox(
        capacity: bufferSteps, wakeEvery: RecordingWriter<Action, Mutation, State>.batchSize),
      statesBudget: RecordingWriter<Action, Mutation, State>.statesBudget,
      wake: { writer.wake() }, finish: { writer.close() })
    writer.read(from: outboxBatchTaker)
    writer.reportProblems(to: warner)
  }

  /// Starts recording `store` into the file at `path`: see
  /// `init(of:named:writingTo:…)` for a reactor.
  @inlinable
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
  /// nothing. Mutations between checkpoints have no state (but a fingerprint of it, in a file
  /// of format 2), except the last one, when the recording stopped: the file holds the state
  /// after it.
  ///
  /// - Parameters:
  ///   - path: The file to read.
  ///   - schemaVersions: The schema versions this app reads.
  ///   - checkingTypeNames: Whether the recorded types' names must be these types' names
  ///     (`false` reads a file whose types were only renamed).
  /// - Throws: `RecordingFileError`, naming the line, the step and what to do; a last line
  ///   cut short is left out with a `warnings` entry instead.
  @inlinable
  public convenience init(
    contentsOf path: String, schemaVersions: ClosedRange<Int> = 1...1,
    checkingTypeNames: Bool = true
  ) throws {
    var file = try Self.reader(path, schemaVersions, checkingTypeNames)
    let (name, steps, warnings) = try file.readAll()
    self.init(name: name, steps: steps, warnings: warnings)
  }

  /// Reads a recording from `bytes`, the contents of a recording file (`path` names it in
  /// errors): see `init(contentsOf:)`.
  @inlinable
  public convenience init(
    bytes: [UInt8], path: String = "recording", schemaVersions: ClosedRange<Int> = 1...1,
    checkingTypeNames: Bool = true
  ) throws {
    var reader = RecordingReader<Action, Mutation, State>(
      path: path, schemaVersions: schemaVersions, checksTypeNames: checkingTypeNames,
      lines: LineStream(bytes: bytes))
    let (name, steps, warnings) = try reader.readAll()
    self.init(name: name, steps: steps, warnings: warnings)
  }

  /// Replays the recording in the file at `path` on `reactor` as it reads it, one line at a
  /// time, so a recording of any length replays in bounded memory: see
  /// `divergence(replayingOn:_:each:)`, which says how a file's states are compared and what
  /// a file that holds neither a state nor its fingerprint reports. The warnings are what
  /// reading noticed (a last line cut short).
  ///
  /// - Throws: `RecordingFileError` for a bad file, at the line where it is bad; the steps
  ///   before it have been replayed.
  @inlinable
  public static func divergence<R: Reactor>(
    replayingFileAt path: String, on reactor: R, _ mode: ReplayMode = .inputs,
    schemaVersions: ClosedRange<Int> = 1...1, checkingTypeNames: Bool = true,
    each: (Step, State) -> Void = { _, _ in }
  ) throws -> (divergence: ReplayDivergence?, warnings: [String])
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    var file = try Self.reader(path, schemaVersions, checkingTypeNames)
    let header = try file.readHeader()
    guard let first = try file.next(), let state = first.state else {
      throw RecordingFileError(
        path: path, line: 2, step: 0, reason: .malformed, detail: "`began` has no state")
    }
    let hasher = StateHasher()
    let found = try withoutActuallyEscaping(each) { each in
      try Self.divergence(
        name: header.name, redactions: [], on: reactor, from: state, mode,
        reportsUnchecked: true, fingerprint: { hasher.fingerprint($0) }, each: each,
        next: { try file.next() }, last: { file.last })
    }
    return (found, file.warnings)
  }

  /// A reader of the file at `path`.
  @inlinable
  static func reader(
    _ path: String, _ schemaVersions: ClosedRange<Int>, _ checkingTypeNames: Bool
  ) throws -> RecordingReader<Action, Mutation, State> {
    // Without blocking: a pipe's open would wait for a writer. Then only a regular file is
    // read (a pipe could wait for ever, a device such as /dev/zero never end).
    let file = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard file >= 0 else {
      throw RecordingFileError(
        path: path, line: 0, step: nil, reason: .unreadable(errno: errno), detail: "opening it")
    }
    var status = stat()
    guard fstat(file, &status) == 0,
      mode_t(status.st_mode) & mode_t(S_IFMT) == mode_t(S_IFREG)
    else {
      close(file)
      throw RecordingFileError(
        path: path, line: 0, step: nil, reason: .notARegularFile, detail: "")
    }
    let lines = LineStream(file: file) { number in
      RecordingFileError(
        path: path, line: 0, step: nil, reason: .unreadable(errno: number), detail: "reading it")
    }
    return RecordingReader(
      path: path, schemaVersions: schemaVersions, checksTypeNames: checkingTypeNames,
      lines: lines)
  }
}
