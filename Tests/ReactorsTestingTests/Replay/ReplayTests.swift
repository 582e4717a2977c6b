import Foundation
import Reactors
import ReactorsRecording
import ReactorsTestSupport
import ReactorsTesting
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A search screen's reactor: each query shows itself and a spinner at once, and its results
/// when the API answers (latest wins). `api` counts its calls; `keepsOnlyTwo` is a changed
/// `reduce`, `upperCases` a changed `mutate`.
final class Searcher: Reactor {
  enum Action: Equatable, Sendable {
    case query(String)
    case clear
  }
  enum Mutation: Equatable, Sendable {
    case setQuery(String)
    case setLoading(Bool)
    case setResults([String])
  }
  struct State: Equatable, Sendable {
    var query = ""
    var isLoading = false
    var results: [String] = []
  }

  let storage = Storage()
  let initialState = State()
  let api: @Sendable (String) async -> [String]
  let keepsOnlyTwo: Bool
  let upperCases: Bool

  init(
    keepsOnlyTwo: Bool = false, upperCases: Bool = false,
    api: @escaping @Sendable (String) async -> [String]
  ) {
    self.api = api
    self.keepsOnlyTwo = keepsOnlyTwo
    self.upperCases = upperCases
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .clear:
      return .concat(.just(.setQuery("")), .just(.setResults([])))
    case .query(let query):
      let query = upperCases ? query.uppercased() : query
      return .concat(
        .just(.setQuery(query)),
        .just(.setLoading(true)),
        Effect.run { [api] send in
          let results = await api(query)
          send(.setResults(results))
          send(.setLoading(false))
        }
        .cancellable(id: "search", cancelInFlight: true))
    }
  }

  func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .setQuery(let query): state.query = query
    case .setLoading(let isLoading): state.isLoading = isLoading
    case .setResults(let results): state.results = keepsOnlyTwo ? Array(results.prefix(2)) : results
    }
  }
}

/// An API that answers at once, counting its calls.
func countingAPI(_ calls: Shared<Int>) -> @Sendable (String) async -> [String] {
  { query in
    calls.increment()
    return (1...3).map { "\(query) \($0)" }
  }
}

/// A session recorded on a live `Searcher`: two queries answered, then a clear.
func recordedSession() async -> Recording<Searcher.Action, Searcher.Mutation, Searcher.State> {
  let live = Searcher(api: countingAPI(Shared(0)))
  let recording = Recording(of: live, named: "search")
  live.send(.query("swift"))
  await live.storage.settled()
  live.send(.query("rust"))
  await live.storage.settled()
  live.send(.clear)
  return recording
}

/// Replaying a recording on a fresh reactor: effects' outputs injected, no effect run, and the
/// first divergence reported with its step, input and diff.
@Suite(.timeLimit(.minutes(1))) struct ReplayTests {
  @Test func aRecordingReplaysOnAFreshReactorWithoutRunningAnyEffect() async {
    let recording = await recordedSession()
    let calls = Shared(0)
    let divergence = recording.replay(on: Searcher(api: countingAPI(calls)))
    #expect(divergence == nil)
    #expect(calls.withLock { $0 } == 0)
  }

  @Test func eachReplayedMutationHandsTheTestItsState() async {
    let recording = await recordedSession()
    let fresh = Searcher(api: countingAPI(Shared(0)))
    var states: [Searcher.State] = []
    recording.replay(on: fresh) { _, state in states.append(state) }
    let recorded = recording.steps.compactMap { step -> Searcher.State? in
      guard case .mutation = step.kind else { return nil }
      return step.state
    }
    #expect(states == recorded)
    #expect(states.count == 10)
    #expect(fresh.currentState == recording.steps.last?.state)
  }

  @Test func aChangedReduceFailsAtTheFirstDivergenceWithADiffOfTheStates() async throws {
    let recording = await recordedSession()
    var divergence: ReplayDivergence?
    withKnownIssue {
      divergence = recording.replay(on: Searcher(keepsOnlyTwo: true, api: countingAPI(Shared(0))))
    } matching: { issue in
      issue.description.contains("Replay diverged from the recording at step")
        && issue.description.contains("The state differs")
    }
    let found = try #require(divergence)
    let firstResults = try #require(
      recording.steps.first {
        guard case .mutation(.setResults) = $0.kind else { return false }
        return true
      })
    #expect(found.index == firstResults.index)
    #expect(found.input == "step 1: Searcher.Action.query(\"swift\")")
    // Its cause is the search's effect, whose output the replay injected.
    let cause = try #require(found.cause)
    #expect(cause == firstResults.cause)
    guard case .effectStarted(id: "search") = recording.steps[cause.index].kind else {
      Issue.record("the cause is \(recording.steps[cause.index].kind), not the search's effect")
      return
    }
    #expect(found.description.contains("The state differs"))
    #expect(found.description.contains("\"swift 3\""))
  }

  @Test func aChangedMutateFailsAtTheFirstMutationItChanged() async throws {
    let recording = await recordedSession()
    var divergence: ReplayDivergence?
    withKnownIssue {
      divergence = recording.replay(on: Searcher(upperCases: true, api: countingAPI(Shared(0))))
    } matching: { issue in
      issue.description.contains("Replay diverged from the recording at step 2")
        && issue.description.contains("The mutation differs")
    }
    let found = try #require(divergence)
    #expect(found.index == 2)
    #expect(found.description.contains("The mutation differs"))
    #expect(found.description.contains("SWIFT"))
  }

  @Test func reduceOnlyCatchesAChangedReduceAndIgnoresAChangedMutate() async {
    let recording = await recordedSession()
    #expect(
      recording.replay(on: Searcher(upperCases: true, api: countingAPI(Shared(0))), .reduceOnly)
        == nil)
    var divergence: ReplayDivergence?
    withKnownIssue {
      divergence = recording.replay(
        on: Searcher(keepsOnlyTwo: true, api: countingAPI(Shared(0))), .reduceOnly)
    } matching: { issue in
      issue.description.contains("Replay diverged from the recording at step")
        && issue.description.contains("The state differs")
    }
    #expect(divergence?.description.contains("The state differs") == true)
  }

  @Test func whatAnObserverSentTheReactorIsInjectedInAReplayThatHasNoObserver() async {
    let live = Searcher(api: countingAPI(Shared(0)))
    let recording = Recording(of: live, named: "search")
    let token = live.observe(\.results) { results in
      if results.count == 3 { live.send(.clear) }  // an observer that clears on an answer
    }
    live.send(.query("swift"))
    await live.storage.settled()
    token.cancel()
    #expect(live.currentState.query == "")
    let fresh = Searcher(api: countingAPI(Shared(0)))
    #expect(recording.replay(on: fresh) == nil)
    #expect(fresh.currentState == live.currentState)
  }

  @Test func aStoresFollowUpsAreMadeAgainAndItsEffectsOutputsInjected() async {
    func makeStore(echoes: Shared<Int>) -> Store<[String], String> {
      Store(
        initial: [],
        reducer: { (state: inout [String], action: String) in state.append(action) },
        middlewares: [
          { _, action in
            switch action {
            case "login": return .just("welcome")
            case "welcome":
              return .run { send in
                echoes.increment()
                send("loaded")
              }
            default: return .none
            }
          }
        ])
    }
    let live = makeStore(echoes: Shared(0))
    let recording = Recording(of: live, named: "app")
    live.dispatch("login")
    await live.engine.storage.settled()
    #expect(live.currentState == ["login", "welcome", "loaded"])

    let echoes = Shared(0)
    let fresh = makeStore(echoes: echoes)
    #expect(recording.replay(on: fresh) == nil)
    #expect(fresh.currentState == ["login", "welcome", "loaded"])
    #expect(echoes.withLock { $0 } == 0)
  }
}

/// A bug report become a test: a session recorded to a file with the default settings,
/// replayed with a changed `reduce`, fails at the first state that differs; a file that cannot
/// tell fails the test too, saying so.
@Suite(.timeLimit(.minutes(1))) struct ReplayFromFileTests {
  @Test func aChangedReduceFailsAtTheFirstStateThatDiffersWithTheDefaultCheckpoints() throws {
    let path = try Self.record(sends: 10)
    defer { unlink(path) }
    var divergence: ReplayDivergence?
    try withKnownIssue {
      divergence = try CounterRecording.replay(
        contentsOf: path, on: Counter(changedAt: 3))
    } matching: { issue in
      issue.description.contains("Replay diverged from the recording at step 6")
    }
    #expect(divergence?.index == 6)
    let read = try CounterRecording(contentsOf: path)
    withKnownIssue {
      divergence = read.replay(on: Counter(changedAt: 3))
    } matching: { issue in
      issue.description.contains("Replay diverged from the recording at step 6")
    }
    #expect(divergence?.index == 6)
    #expect(try CounterRecording.replay(contentsOf: path, on: Counter()) == nil)
    #expect(read.replay(on: Counter()) == nil)
  }

  @Test func aFileThatCannotTellFailsTheTestSayingHowToRecordOneThatCan() throws {
    let path = try Self.record(sends: 10)
    defer { unlink(path) }
    // The file as a writer of format 1 wrote it: no fingerprints, no `last` entry.
    let old = Self.lines(of: path).filter { !$0.contains(#""k":"last""#) }.map { line in
      line.replacingOccurrences(of: #","fingerprint":"codable-hash53-1""#, with: "")
        .replacingOccurrences(of: #""version":2"#, with: #""version":1"#)
        .replacingOccurrences(
          of: #""h":[0-9]+,"#, with: "", options: .regularExpression)
    }
    let text = old.joined(separator: "\n") + "\n"
    let file = try #require(fopen(path, "w"))
    fputs(text, file)
    fclose(file)
    var divergence: ReplayDivergence?
    try withKnownIssue {
      divergence = try CounterRecording.replay(contentsOf: path, on: Counter())
    } matching: { issue in
      issue.description.contains("cannot tell whether it follows the recording from step 2")
        && issue.description.contains("checkpointEvery: 1")
    }
    #expect(divergence?.kind == .cannotTell)
  }

  /// Records `sends` sends of a counter into a new file with the default settings; its path.
  static func record(sends: Int) throws -> String {
    let path = "/tmp/reactors-testing-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).jsonl"
    let counter = Counter()
    let recording = try CounterRecording(of: counter, named: "counter", writingTo: path)
    for _ in 0..<sends { counter.send(.increment) }
    recording.stop()
    return path
  }

  /// The lines of the file at `path`.
  static func lines(of path: String) -> [String] {
    guard let file = fopen(path, "r") else { return [] }
    defer { fclose(file) }
    var text = ""
    var buffer = [CChar](repeating: 0, count: 4_096)
    while fgets(&buffer, Int32(buffer.count), file) != nil {
      text += String(
        decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    return text.split(separator: "\n").map(String.init)
  }
}
