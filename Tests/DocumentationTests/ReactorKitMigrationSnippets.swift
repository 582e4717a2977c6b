// The code of the article "Migrating from ReactorKit" (Sources/Reactors/Reactors.docc),
// compiled and run.

import Reactors
import ReactorsTesting
import Testing

/// ReactorKit's GitHubSearch: latest-wins search, pagination, errors turned into values.
final class SearchReactor: Reactor {
  enum Action { case updateQuery(String), loadNextPage }
  enum Mutation: Equatable {
    case setQuery(String)
    case setRepos([String], nextPage: Int?)
    case appendRepos([String], nextPage: Int?)
    case setLoading(Bool)
  }
  struct State: Equatable {
    var query = ""
    var repos: [String] = []
    var nextPage: Int?
    var isLoading = false
  }
  typealias Page = (repos: [String], nextPage: Int?)
  enum ID { case search }

  let storage = Storage()
  let initialState = State()
  let search: @Sendable (_ query: String, _ page: Int) async throws -> Page

  init(search: @escaping @Sendable (_ query: String, _ page: Int) async throws -> Page) {
    self.search = search
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .updateQuery(let query):
      return .concat(
        .just(.setQuery(query)),
        .run { [search] send in
          let page = try await search(query, 1)
          send(.setRepos(page.repos, nextPage: page.nextPage))
        }
        .catchAndReturn(.setRepos([], nextPage: nil))
        .cancellable(id: ID.search, cancelInFlight: true))
    case .loadNextPage:
      guard !currentState.isLoading, let page = currentState.nextPage else { return .none }
      let query = currentState.query
      return .concat(
        .just(.setLoading(true)),
        .run { [search] send in
          let next = try await search(query, page)
          send(.appendRepos(next.repos, nextPage: next.nextPage))
        }
        .catch { _ in .none }
        .cancellable(id: ID.search),
        .just(.setLoading(false)))
    }
  }

  func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .setQuery(let query): state.query = query
    case .setRepos(let repos, let nextPage):
      state.repos = repos
      state.nextPage = nextPage
    case .appendRepos(let repos, let nextPage):
      state.repos += repos
      state.nextPage = nextPage
    case .setLoading(let isLoading): state.isLoading = isLoading
    }
  }
}

/// RxTodo's task service: its events go out on a relay instead of a `PublishSubject`.
final class TodoService: Sendable {
  let event = PublishRelay<String>()
}

/// A reactor that merges the service's events into its mutations in `transform`.
final class TodoListReactor: Reactor {
  enum Action { case clear }
  enum Mutation { case insert(String), clear }
  struct State { var titles: [String] = [] }

  let storage = Storage()
  let initialState = State()
  let service: TodoService

  init(service: TodoService) { self.service = service }

  func mutate(action: Action) -> Effect<Mutation> { .just(.clear) }

  func transform(mutation: Upstream<Mutation>) -> Upstream<Mutation> {
    let created = service.event.flatMap { [weak self] title -> Effect<Mutation> in
      guard let self, !currentState.titles.contains(title) else { return .none }
      return .just(.insert(title))
    }
    return .merge(mutation, created)
  }

  func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .insert(let title): state.titles.append(title)
    case .clear: state.titles = []
    }
  }
}

@Suite(.timeLimit(.minutes(1))) struct ReactorKitMigrationSnippets {
  let clock = TestClock()

  func searchReactor() -> SearchReactor {
    SearchReactor { [clock] query, page in
      try await clock.sleep(for: .milliseconds(100))
      return (["\(query) \(page)"], page < 2 ? page + 1 : nil)
    }
  }

  @Test func searchThenLoadTheNextPage() async {
    let tester = ReactorTester(searchReactor(), clock: clock)
    await tester.send(.updateQuery("swift")) { $0.query = "swift" }
    await tester.advance(by: .milliseconds(100))
    await tester.receive(.setRepos(["swift 1"], nextPage: 2)) {
      $0.repos = ["swift 1"]
      $0.nextPage = 2
    }
    await tester.send(.loadNextPage) { $0.isLoading = true }
    await tester.advance(by: .milliseconds(100))
    await tester.receive(.appendRepos(["swift 2"], nextPage: nil)) {
      $0.repos = ["swift 1", "swift 2"]
      $0.nextPage = nil
    }
    await tester.receive(.setLoading(false)) { $0.isLoading = false }
    await tester.finish()
  }

  @Test func aNewQueryCancelsTheSearchInFlight() async {
    let tester = ReactorTester(searchReactor(), clock: clock)
    await tester.send(.updateQuery("sw")) { $0.query = "sw" }
    await tester.send(.updateQuery("swift")) { $0.query = "swift" }
    await tester.advance(by: .milliseconds(100))
    await tester.receive(.setRepos(["swift 1"], nextPage: 2)) {
      $0.repos = ["swift 1"]
      $0.nextPage = 2
    }
    await tester.finish()
  }

  @Test func aServiceEventIsReducedBeforeAcceptReturns() {
    let service = TodoService()
    let reactor = TodoListReactor(service: service)
    _ = reactor.currentState  // starts the reactor, which subscribes to the relay
    service.event.accept("Buy milk")
    #expect(reactor.currentState.titles == ["Buy milk"])
    reactor.send(.clear)
    #expect(reactor.currentState.titles.isEmpty)
  }
}
