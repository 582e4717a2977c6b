import Reactors
import ReactorsRecording
import ReactorsTestSupport
import ReactorsTesting
import Testing

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
