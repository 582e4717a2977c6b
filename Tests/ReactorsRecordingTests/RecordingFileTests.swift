import Reactors
import ReactorsRecording
import ReactorsTestSupport
import ReactorsTesting
import Testing

/// Recording files: written as the app runs, read back whole, replayed.
@Suite(.timeLimit(.minutes(1))) struct RecordingFileTests {
  @Test func aFileStartsWithItsHeaderAndHoldsOneLinePerStep() async throws {
    let path = temporaryPath("header")
    defer { removeFile(path) }
    _ = try await recordSession(to: path)
    let lines = lines(of: path)
    #expect(
      lines.first
        == #"{"action":"ReactorsRecordingTests.LoginForm.Action","checkpointEvery":1,"fingerprint":"codable-hash53-1","format":"reactors-recording","mutation":"ReactorsRecordingTests.LoginForm.Mutation","name":"login","schema":1,"state":"ReactorsRecordingTests.LoginForm.State","version":2}"#
    )
    // began, 3 inputs, 3 mutations, the effect's start and end, then the last state.
    #expect(lines.count == 1 + 9 + 1)
    #expect(lines[1].contains(#""k":"began""#))
    #expect(lines.last?.hasPrefix(#"{"i":9,"k":"last","s":{"#) == true)
  }

  @Test func whatIsReadIsWhatWasRecorded() async throws {
    let path = temporaryPath("round-trip")
    defer { removeFile(path) }
    let form = LoginForm()
    let live = try LoginRecording(
      of: form, named: "login", writingTo: path, checkpointEvery: 1, keepingSteps: true)
    // Another recorded reactor's observer sends too: a cause in another recording.
    let other = LoginForm()
    let others = Recording(of: other, named: "other")
    let token = other.observe(\.name) { name in
      if name == "lee" { form.send(.type(name: name)) }
    }
    form.send(.type(name: "kim"))
    form.send(.lookUp)
    other.send(.type(name: "lee"))
    await form.storage.settled()
    token.cancel()
    live.stop()
    let read = try LoginRecording(contentsOf: path)
    #expect(read.name == "login")
    #expect(read.warnings.isEmpty)
    #expect(read.steps.count == live.steps.count)
    let fromOther = others.steps.last { if case .mutation = $0.kind { true } else { false } }
    #expect(read.steps.contains { $0.cause == RecordedCause(recording: "other", index: 2) })
    #expect(fromOther?.index == 2)
    for (old, new) in zip(live.steps, read.steps) {
      #expect(old.index == new.index)
      #expect(old.cause == new.cause)
      #expect(old.state == new.state)
      #expect(old.time == new.time)  // in nanoseconds, in the file and in memory
      #expect("\(old.kind)" == "\(new.kind)")
    }
  }

  @Test func aRecordingReadFromItsFileReplaysOnAFreshReactor() async throws {
    let path = temporaryPath("replay")
    defer { removeFile(path) }
    let live = try await recordSession(to: path, checkpointEvery: 2)
    let recording = try LoginRecording(contentsOf: path)
    let fresh = LoginForm()
    #expect(recording.replay(on: fresh) == nil)
    #expect(fresh.currentState == live.currentState)
  }

  @Test func aFileReplaysAsItIsReadAndADivergenceStopsIt() async throws {
    let path = temporaryPath("streamed")
    defer { removeFile(path) }
    let live = try await recordSession(to: path, checkpointEvery: 1)
    let fresh = LoginForm()
    var states: [LoginForm.State] = []
    let (divergence, warnings) = try LoginRecording.divergence(
      replayingFileAt: path, on: fresh, each: { states.append($1) })
    #expect(divergence == nil)
    #expect(warnings.isEmpty)
    #expect(states.count == 3)
    #expect(fresh.currentState == live.currentState)

    // The same file through the test toolkit, which fails the test at a divergence.
    let replayed = try LoginRecording.replay(contentsOf: path, on: LoginForm())
    #expect(replayed == nil)
  }

  @Test func onlyCheckpointsAndTheLastMutationHoldTheState() async throws {
    let path = temporaryPath("checkpoints")
    defer { removeFile(path) }
    _ = try await recordSession(to: path, checkpointEvery: 2)
    let recording = try LoginRecording(contentsOf: path)
    let mutations = recording.steps.filter {
      if case .mutation = $0.kind { return true }
      return false
    }
    // The second is a checkpoint; the last holds the state at `stop()`, the file's last line.
    #expect(mutations.map { $0.state != nil } == [false, true, true])
  }

  @Test func aRedactedPasswordNeverReachesTheFile() async throws {
    let path = temporaryPath("redacted")
    defer { removeFile(path) }
    let form = LoginForm()
    let recording = try LoginRecording(
      of: form, named: "login", writingTo: path, checkpointEvery: 1, keepingSteps: true,
      redacting: [
        .state(\.password, as: "•"),
        .action { action in
          guard case .typePassword = action else { return action }
          return .typePassword("•")
        },
        .mutation { mutation in
          guard case .setPassword = mutation else { return mutation }
          return .setPassword("•")
        },
      ])
    form.send(.typePassword("hunter2"))
    recording.stop()
    let text = String(decoding: contents(of: path), as: UTF8.self)
    #expect(text.contains("•"))
    #expect(!text.contains("hunter2"))
    var memory = ""
    dump(recording.steps, to: &memory)
    #expect(!memory.contains("hunter2"))
    #expect(form.currentState.password == "hunter2")
  }

  @Test func aStoresHiddenActionNeverReachesItsFile() throws {
    let path = temporaryPath("store-redacted")
    defer { removeFile(path) }
    let store = typedStore()
    let recording = try TypedRecording(
      of: store, named: "login", writingTo: path, checkpointEvery: 1,
      redacting: [hideTypedPassword])
    store.dispatch(.password("hunter2"))
    recording.stop()
    let text = String(decoding: contents(of: path), as: UTF8.self)
    #expect(text.contains("•"))
    #expect(!text.contains("hunter2"))
    let read = try TypedRecording(contentsOf: path)
    #expect(read.steps.count == 3)
    if case .mutation(let typed) = read.steps.last?.kind {
      #expect(typed == .password("•"))
    } else {
      Issue.record("the last step is not the mutation: \(String(describing: read.steps.last))")
    }
  }

  @Test func anEffectCancelledInFlightIsWrittenAndReadBackCancelled() async throws {
    let path = temporaryPath("cancelled")
    defer { removeFile(path) }
    let clock = TestClock()
    let search = DebouncedSearch(clock: clock)
    let live = try SearchRecording(
      of: search, named: "search", writingTo: path, keepingSteps: true)
    search.send(.query("swift"))
    await clock.waitForSleepers(1)
    search.send(.query("swiftui"))
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await search.storage.settled()
    live.stop()
    let starts = searchEffectStarts(live.steps)
    #expect(starts.count == 2)
    let expected: Set = ["\(starts.first ?? -1) cancelled", "\(starts.last ?? -1)"]
    #expect(Set(effectEnds(live.steps)) == expected)
    let ended = lines(of: path).filter { $0.contains(#""k":"ended""#) }
    #expect(ended.count == 2)
    #expect(ended.filter { $0.contains(#""cancelled":true"#) }.count == 1)
    let read = try SearchRecording(contentsOf: path)
    #expect(Set(effectEnds(read.steps)) == expected)
  }

  @Test func aWriterThatFallsBehindWritesAGapAndTheReplayStopsThere() async throws {
    let path = temporaryPath("gap")
    defer { removeFile(path) }
    let form = LoginForm()
    let recording = try LoginRecording(
      of: form, named: "login", writingTo: path, bufferSteps: 4)
    for index in 0..<1_000 { form.send(.type(name: "\(index)")) }
    recording.stop()
    let read = try LoginRecording(contentsOf: path)
    let gaps = read.steps.compactMap { step -> Int? in
      guard case .gap(let dropped) = step.kind else { return nil }
      return dropped
    }
    #expect(!gaps.isEmpty)
    // Every step is in the file or counted in a gap.
    let written = read.steps.filter {
      if case .gap = $0.kind { return false }
      return true
    }
    #expect(written.count + gaps.reduce(0, +) == 1 + 2 * 1_000)
    var divergence: ReplayDivergence?
    withKnownIssue {
      divergence = read.replay(on: LoginForm())
    } matching: { issue in
      issue.description.contains("The recording has a gap here")
    }
    #expect(divergence?.description.contains("gap") == true)
  }

  @Test func theStateAtStopIsTheFilesLastLineAndItsLastMutationsState() async throws {
    let path = temporaryPath("last-state")
    defer { removeFile(path) }
    // The default checkpoints: no mutation of the session is one.
    let live = try await recordSession(to: path, checkpointEvery: 32)
    let lines = lines(of: path)
    let mutations = lines.filter { $0.contains(#""k":"mutation""#) }
    #expect(mutations.count == 3)
    #expect(mutations.allSatisfy { $0.contains(#""h":"#) && !$0.contains(#""s":"#) })
    #expect(lines.last?.hasPrefix(#"{"i":9,"k":"last","s":"#) == true)

    let read = try LoginRecording(contentsOf: path)
    #expect(read.warnings.isEmpty)
    let last = try #require(read.steps.last { if case .mutation = $0.kind { true } else { false } })
    #expect(last.state == live.currentState)
    #expect(last.state?.matches == ["kim", "kim2"])
    // The mutations before it hold no state, as the file holds none for them.
    #expect(read.steps.filter { $0.state != nil }.count == 2)  // `began` and the last
  }

  @Test func aFileOfFormatOneStillReads() throws {
    // As a writer of format 1 wrote it: no `fingerprint`, no `h`, no `last`.
    let file =
      [
        #"{"action":"ReactorsRecordingTests.LoginForm.Action","checkpointEvery":2,"format":"reactors-recording","mutation":"ReactorsRecordingTests.LoginForm.Mutation","name":"login","schema":1,"state":"ReactorsRecordingTests.LoginForm.State","version":1}"#,
        #"{"i":0,"k":"began","s":{"matches":[],"name":"","password":""},"t":0}"#,
        #"{"a":{"type":{"name":"kim"}},"i":1,"k":"input","t":10}"#,
        #"{"c":"login#1","i":2,"k":"mutation","m":{"setName":{"_0":"kim"}},"t":20}"#,
        #"{"a":{"typePassword":{"_0":"pw"}},"i":3,"k":"input","t":30}"#,
        #"{"c":"login#3","i":4,"k":"mutation","m":{"setPassword":{"_0":"pw"}},"s":{"matches":[],"name":"kim","password":"pw"},"t":40}"#,
      ].joined(separator: "\n") + "\n"
    let read = try LoginRecording(bytes: Array(file.utf8), path: "old.jsonl")
    #expect(read.warnings.isEmpty)  // no `last` entry is expected of format 1
    #expect(read.steps.map(\.index) == [0, 1, 2, 3, 4])
    #expect(read.steps.map { $0.state != nil } == [true, false, false, false, true])
    #expect(read.steps[4].state?.password == "pw")
    // Its last mutation is a checkpoint: the replay checked every state that counts.
    #expect(read.divergence(replayingOn: LoginForm()) == nil)
  }
}
