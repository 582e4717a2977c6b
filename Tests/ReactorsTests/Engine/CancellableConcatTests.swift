import Reactors
import ReactorsTestSupport
import ReactorsTesting
import Testing

/// ReactorKit's GitHubSearch shape: a cancellable search inside a `.concat` (or a `.merge`) is
/// synchronous like any other part, so a fake that answers before suspending is fully reduced
/// before `send` returns.
// Each test that needs a `.run` to start on the sending thread says so; the others hold on
// Apple systems before 26 too (CI runs them so, forced).
@Suite(.timeLimit(.minutes(5)))
struct CancellableConcatTests {
  @Test(.enabled(if: ImmediateTasks.areAvailable, "needs Task.immediate (Apple 26+, Linux)"))
  func aSearchThatAnswersAtOnceIsReducedBeforeSendReturns() {
    let answersAtOnce: @Sendable (String) -> Effect<SearchReactor.Mutation> = { query in
      .run { send in send(.setRepos([query + "/1"])) }
    }
    let reactor = SearchReactor(search: answersAtOnce)
    reactor.send(.updateQuery("swift"))
    #expect(reactor.currentState.repos == ["swift/1"])
    #expect(!reactor.currentState.isLoading)
    #expect(reactor.currentState.loadingLog == [true, false])
    #expect(reactor.storage.runningEffectCount == 0)
  }

  @Test(.enabled(if: ImmediateTasks.areAvailable, "needs Task.immediate (Apple 26+, Linux)"))
  func aMergedSearchThatAnswersAtOnceIsReducedBeforeSendReturns() {
    let reactor = SearchReactor(
      search: { query in .run { send in send(.setRepos([query + "/1"])) } }, merges: true)
    reactor.send(.updateQuery("swift"))
    #expect(reactor.currentState.repos == ["swift/1"])
    #expect(!reactor.currentState.isLoading)
  }

  @Test func aNewQueryCancelsTheSearchInFlightAndOnlyTheLatestAnswerShows() async {
    let clock = TestClock()
    let reactor = SearchReactor(search: { query in
      .run { send in
        try await clock.sleep(for: .seconds(1))
        send(.setRepos([query + "/1"]))
      }
    })
    reactor.send(.updateQuery("sw"))
    #expect(reactor.currentState.isLoading)
    await clock.waitForSleepers(1)
    reactor.send(.updateQuery("swift"))
    // The second search started, and went to sleep, before `send` returned where tasks start
    // at once (a moment later elsewhere); the first was cancelled, and never answers.
    await clock.waitForSleepers(1)
    #expect(reactor.currentState.query == "swift")
    #expect(clock.sleeperCount == 1)  // the first search's sleep ended with its cancellation
    await clock.advance(by: .milliseconds(999))
    #expect(reactor.currentState.repos.isEmpty)  // not before its second
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .milliseconds(1))
    await reactor.storage.idle()
    await reactor.storage.settled()
    #expect(reactor.storage.runningEffectCount == 0)
    #expect(reactor.currentState.repos == ["swift/1"])
    #expect(!reactor.currentState.isLoading)
    #expect(reactor.issueCount == 0)
  }
}

/// GitHubSearch's reactor, with the search injected.
final class SearchReactor: Reactor {
  enum Action: Sendable { case updateQuery(String) }
  enum Mutation: Sendable {
    case setQuery(String)
    case setRepos([String])
    case setLoading(Bool)
  }
  struct State: Sendable {
    var query = ""
    var repos: [String] = []
    var isLoading = false
    var loadingLog: [Bool] = []
  }
  enum SearchID { case search }

  let storage = Storage()
  let initialState = State()
  let search: @Sendable (String) -> Effect<Mutation>
  let merges: Bool
  let issues = Shared<[ReactorIssue<Action>]>([])

  init(search: @escaping @Sendable (String) -> Effect<Mutation>, merges: Bool = false) {
    self.search = search
    self.merges = merges
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .updateQuery(let query):
      let searching = search(query).cancellable(id: SearchID.search, cancelInFlight: true)
      if merges {
        return .merge(.just(.setQuery(query)), searching.catchAndReturn(.setLoading(false)))
      }
      return .concat(
        .just(.setQuery(query)), .just(.setLoading(true)), searching, .just(.setLoading(false)))
    }
  }

  func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .setQuery(let query): state.query = query
    case .setRepos(let repos): state.repos = repos
    case .setLoading(let isLoading):
      state.isLoading = isLoading
      state.loadingLog.append(isLoading)
    }
  }

  func report(_ issue: ReactorIssue<Action>) { issues.withLock { $0.append(issue) } }

  var issueCount: Int { issues.withLock { $0.count } }
}
