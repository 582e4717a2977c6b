import Reactors
import ReactorsRecording
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A recording kept in memory, written as a recording file's bytes (the inspector's export):
/// it reads back step for step, and replays on a fresh reactor.
@Suite struct RecordingExportTests {
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
    let (divergence, _) = try LoginRecording.divergence(
      replayingFileAt: try write(bytes), on: LoginForm())
    #expect(divergence == nil)
  }

  @Test func aRecordingThatKeepsNoStepsHasNoExport() throws {
    let path = temporaryPath("no-export")
    let form = LoginForm()
    let written = try LoginRecording(of: form, named: "login", writingTo: path)
    form.send(.type(name: "kim"))
    written.stop()
    #expect(throws: RecordingFileError.self) { try written.fileBytes() }
  }

  /// Writes `bytes` to a new file; its path.
  func write(_ bytes: [UInt8]) throws -> String {
    let path = temporaryPath("export")
    let file = try #require(fopen(path, "w"))
    defer { _ = fclose(file) }
    #expect(fwrite(bytes, 1, bytes.count, file) == bytes.count)
    return path
  }
}
