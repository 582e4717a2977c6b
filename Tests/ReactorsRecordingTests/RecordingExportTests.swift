import Reactors
import ReactorsRecording
import ReactorsTesting
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A recording kept in memory, written as a recording file's bytes (the inspector's export):
/// it reads back step for step, and replays on a fresh reactor.
@Suite(.timeLimit(.minutes(1))) struct RecordingExportTests {
  @Test func anExportReadsBackAndReplays() async throws {
    let form = LoginForm()
    let live = LoginRecording(of: form, named: "login")
    form.send(.type(name: "kim"))
    form.send(.lookUp)
    await form.storage.settled()
    let bytes = try live.fileBytes(checkpointEvery: 1)
    let read = try LoginRecording(bytes: bytes, path: "export")
    #expect(read.name == "login")
    #expect(read.steps.map(\.index) == live.steps.map(\.index))
    #expect(read.steps.map(\.state) == live.steps.map(\.state))
    #expect(read.steps.map { "\($0.kind)" } == live.steps.map { "\($0.kind)" })
    let path = try write(bytes)
    defer { removeFile(path) }
    let (divergence, _) = try LoginRecording.divergence(replayingFileAt: path, on: LoginForm())
    #expect(divergence == nil)
  }

  @Test func aRecordingThatKeepsNoStepsHasNoExport() throws {
    let path = temporaryPath("no-export")
    defer { removeFile(path) }
    let form = LoginForm()
    let written = try LoginRecording(of: form, named: "login", writingTo: path)
    form.send(.type(name: "kim"))
    written.stop()
    #expect(throws: RecordingFileError.self) { try written.fileBytes() }
  }

  @Test func aStoresHiddenActionIsInNoStepOfItsExport() throws {
    let store = typedStore()
    let recording = TypedRecording(of: store, named: "login", redacting: [hideTypedPassword])
    store.dispatch(.name("kim"))
    store.dispatch(.password("hunter2"))
    try expectPasswordHidden(in: recording)
    #expect(store.state.passwordLength == 7)
  }

  @Test func aHiddenActionIsInNoStepOfTheExportOfAReactorThatPassesItsActionsThrough() throws {
    let form = EchoForm()
    let recording = TypedRecording(of: form, named: "login", redacting: [hideTypedPassword])
    form.send(.name("kim"))
    form.send(.password("hunter2"))
    try expectPasswordHidden(in: recording)
    #expect(form.currentState.passwordLength == 7)
  }

  @Test func anActionRedactionLeavesTheMutationsOfAReactorWithItsOwnMutationType() throws {
    let form = LoginForm()
    let hideAction = LoginRedaction.action { action in
      guard case .typePassword = action else { return action }
      return .typePassword("•")
    }
    let actionOnly = LoginRecording(of: form, named: "login", redacting: [hideAction])
    form.send(.typePassword("secret"))
    actionOnly.stop()
    let read = try LoginRecording(bytes: try actionOnly.fileBytes(checkpointEvery: 1))
    #expect(
      kinds(read) == ["began", "input typePassword(\"•\")", "mutation setPassword(\"secret\")"])

    let other = LoginForm()
    let withMutations = LoginRecording(
      of: other, named: "login",
      redacting: [
        hideAction,
        .mutation { mutation in
          guard case .setPassword = mutation else { return mutation }
          return .setPassword("◦")
        },
      ])
    other.send(.typePassword("hunter2"))
    let bytes = try withMutations.fileBytes(checkpointEvery: 1)
    let again = try LoginRecording(bytes: bytes)
    #expect(kinds(again) == ["began", "input typePassword(\"•\")", "mutation setPassword(\"◦\")"])
    // The state holds the password: only a state redaction would hide it.
    #expect(again.steps.last?.state?.password == "hunter2")
  }

  @Test func anEffectCancelledInFlightIsExportedAndReadBackCancelled() async throws {
    let clock = TestClock()
    let search = DebouncedSearch(clock: clock)
    let live = SearchRecording(of: search, named: "search")
    search.send(.query("swift"))
    await clock.waitForSleepers(1)
    search.send(.query("swiftui"))
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await search.storage.settled()
    let starts = searchEffectStarts(live.steps)
    #expect(starts.count == 2)
    let expected: Set = ["\(starts[0]) cancelled", "\(starts.last ?? -1)"]
    #expect(Set(effectEnds(live.steps)) == expected)
    let bytes = try live.fileBytes()
    #expect(
      String(decoding: bytes, as: UTF8.self).components(separatedBy: #""cancelled":true"#).count
        == 2)
    let read = try SearchRecording(bytes: bytes)
    #expect(Set(effectEnds(read.steps)) == expected)
    #expect(search.currentState.hits == ["swiftui 1"])
  }

  /// Expects `recording`'s steps, in memory, in its export and read back from it, to hold the
  /// typed password hidden and nowhere as typed.
  func expectPasswordHidden(in recording: TypedRecording) throws {
    var memory = ""
    dump(recording.steps, to: &memory)
    #expect(!memory.contains("hunter2"))
    let bytes = try recording.fileBytes(checkpointEvery: 1)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.contains("•"))
    #expect(!text.contains("hunter2"))
    let read = try TypedRecording(bytes: bytes)
    let mutations = read.steps.compactMap { step -> Typed? in
      guard case .mutation(let typed) = step.kind else { return nil }
      return typed
    }
    #expect(mutations == [.name("kim"), .password("•")])
  }

  /// Each step's kind, its value in place of its associated values' labels.
  func kinds(_ recording: LoginRecording) -> [String] {
    recording.steps.map { step in
      switch step.kind {
      case .input(let action): "input \(action)"
      case .mutation(let mutation): "mutation \(mutation)"
      default: "\(step.kind)"
      }
    }
  }

  /// Writes `bytes` to a new file; its path (the caller removes it).
  func write(_ bytes: [UInt8]) throws -> String {
    let path = temporaryPath("export")
    let file = try #require(fopen(path, "w"))
    defer { _ = fclose(file) }
    #expect(fwrite(bytes, 1, bytes.count, file) == bytes.count)
    return path
  }
}
