import Reactors
import ReactorsRecording
import ReactorsTesting
import Testing

@testable import ConsumerApp

/// A reactor whose types are `Codable`, as an app target (main actor by default) declares them
/// to record to a file: `nonisolated`, or their conformances would be main-actor ones, which a
/// file's writer (off the main actor) cannot use.
final class NoteReactor: Reactor {
  nonisolated enum Action: Codable { case type(String) }
  nonisolated struct State: Codable, Equatable { var text = "" }
  let storage = Storage()
  let initialState = State()
  func reduce(state: inout State, mutation: Action) {
    guard case .type(let text) = mutation else { return }
    state.text += text
  }
}

@Suite(.timeLimit(.minutes(1))) struct RecordingTests {
  @Test func aSessionRecordedInMemoryReplaysOnAFreshReactor() async {
    let reactor = ProfileReactor { name in Member(name: name, followers: 3) }
    let recording = Recording(of: reactor, named: "profile")
    reactor.send(.open("kim"))
    for await state in reactor.states where !state.isLoading && state.user != nil { break }
    reactor.send(.follow)
    let fresh = ProfileReactor { _ in
      Issue.record("the replay loaded a user")
      return Member(name: "", followers: 0)
    }
    #expect(recording.replay(on: fresh) == nil)
    #expect(fresh.currentState == reactor.currentState)
  }

  @Test func aSessionRecordedToAFileReplaysFromIt() throws {
    let path = "/tmp/consumer-notes-\(UInt32.random(in: 0...UInt32.max)).jsonl"
    let reactor = NoteReactor()
    let recording = try Recording(of: reactor, named: "notes", writingTo: path)
    reactor.send(.type("hello"))
    recording.stop()
    let read = try Recording<NoteReactor.Action, NoteReactor.Action, NoteReactor.State>(
      contentsOf: path)
    #expect(read.replay(on: NoteReactor()) == nil)
  }
}
