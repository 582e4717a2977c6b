import Reactors

/// ReactorKit's GitHubSearch, grown up: searches as the user types, 300 ms after the last
/// keystroke; each new query cancels the request in flight (so a stale answer never shows);
/// ``Action/loadNextPage`` appends the next page while the list stays;
/// ``Action/scrollUp(listRows:)`` and ``Action/scrollDown`` move the list shown back up and down
/// again (down at its end loads the next page); a failed request leaves a message and the next
/// query works.
///
/// The search itself is injected (``SearchClient/page(_:of:)`` in the program, a fake in
/// tests), and so is the clock the debounce waits on.
public final class SearchReactor: Reactor {
  /// Fetches page `page` (from 1) of the hits for `query`.
  public typealias Search = @Sendable (_ page: Int, _ query: String) async throws -> SearchPage

  /// What the user does.
  public enum Action: Codable, Sendable, Equatable {
    /// The search field now holds this text (sent on every keystroke).
    case updateQuery(String)
    /// Load the next page of the list shown, if there is one and nothing is loading.
    case loadNextPage
    /// Show one more hit above the list shown, if there is one: the list, `listRows` hits high,
    /// moves up a line.
    case scrollUp(listRows: Int)
    /// Show one more hit below the list shown; when the list shows the last hit loaded, load the
    /// next page (as ``loadNextPage``).
    case scrollDown
  }

  /// What changes the state.
  public enum Mutation: Codable, Sendable, Equatable {
    /// The field's text changed.
    case setQuery(String)
    /// A request started or ended.
    case setLoading(Bool)
    /// The first page of a query's hits: replaces the list.
    case setPage(SearchPage)
    /// A further page: appended to the list.
    case appendPage(SearchPage)
    /// A request failed: what to tell the user.
    case setProblem(String)
    /// The list was scrolled: this many hits loaded are now below it.
    case setScrolledBack(Int)
  }

  /// The list the screen shows: the hits for one query so far.
  public struct Results: Codable, Sendable, Equatable {
    /// The query these hits answer.
    public var query: String
    /// How many scalars match in all.
    public var total: Int
    /// The hits loaded so far, in scalar order.
    public var hits: [SearchPage.Hit]
    /// The page to load next, or `nil` when all are loaded.
    public var nextPage: Int?

    /// A list of `hits` for `query`, out of `total`.
    public init(query: String, total: Int, hits: [SearchPage.Hit], nextPage: Int?) {
      self.query = query
      self.total = total
      self.hits = hits
      self.nextPage = nextPage
    }
  }

  /// What the screen shows.
  public struct State: Codable, Sendable, Equatable {
    /// The field's text.
    public var query = ""
    /// The list, or `nil` before the first answer (and after the field is cleared).
    public var results: Results?
    /// Whether a request is running.
    public var isLoading = false
    /// Why the last request failed, until the next query or answer.
    public var problem: String?
    /// How many of the hits loaded are below the list shown (scrolled back up): 0 shows the
    /// last hits loaded, and a new page shows from there.
    public var scrolledBack = 0

    /// An empty field, no list.
    public init() {}
  }

  /// The effects' cancellation identifier: every request, and the debounce before it.
  enum ID: Hashable, Sendable { case search }

  /// The reactor's engine.
  public let storage = Storage()
  /// An empty field.
  public let initialState = State()
  let search: Search
  let clock: any Clock<Duration>
  let debounce: Duration

  /// A reactor that fetches with `search`, `debounce` after the last keystroke on `clock`.
  public init(
    debounce: Duration = .milliseconds(300), clock: any Clock<Duration> = ContinuousClock(),
    search: @escaping Search
  ) {
    self.search = search
    self.clock = clock
    self.debounce = debounce
  }

  /// Turns a keystroke into the field's new text and a debounced search, and a request for
  /// more into the next page's request.
  public func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .updateQuery(let text):
      let query = Self.words(of: text)
      guard !query.isEmpty else {
        return .concat(.just(.setQuery(text)), .cancel(id: ID.search))
      }
      // The same words (a space added): the search already made or waiting stands, unless it
      // failed.
      if query == Self.words(of: currentState.query) && currentState.problem == nil {
        return .just(.setQuery(text))
      }
      // Starting the debounce cancels the one still waiting and the request in flight.
      return .concat(
        .just(.setQuery(text)),
        request(page: 1, of: query, then: Mutation.setPage)
          .debounce(id: ID.search, for: debounce, clock: clock))
    case .loadNextPage:
      let state = currentState
      guard !state.isLoading, let results = state.results, let next = results.nextPage,
        results.query == Self.words(of: state.query)
      else { return .none }
      // Cancels a search still waiting for the same words: the list shown already answers it.
      return request(page: next, of: results.query, then: Mutation.appendPage)
        .cancellable(id: ID.search, cancelInFlight: true)
    case .scrollUp(let listRows):
      let state = currentState
      guard let results = state.results,
        state.scrolledBack < results.hits.count - max(1, listRows)
      else { return .none }
      return .just(.setScrolledBack(state.scrolledBack + 1))
    case .scrollDown:
      let scrolledBack = currentState.scrolledBack
      guard scrolledBack > 0 else { return mutate(action: .loadNextPage) }
      return .just(.setScrolledBack(scrolledBack - 1))
    }
  }

  /// Applies a mutation; pure.
  public func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .setQuery(let text):
      let words = Self.words(of: text)
      if words != Self.words(of: state.query) {
        // The request in flight, if any, is being cancelled: the next one raises the flag.
        state.isLoading = false
      }
      state.query = text
      state.problem = nil
      if words.isEmpty {
        state.results = nil
        state.scrolledBack = 0
      }
    case .setLoading(let isLoading):
      state.isLoading = isLoading
    case .setPage(let page):
      state.results = Results(
        query: page.query, total: page.total, hits: page.hits, nextPage: page.nextPage)
      state.problem = nil
      state.scrolledBack = 0
    case .appendPage(let page):
      // Only the page the list asked for, of its own query.
      guard let results = state.results, page.query == results.query,
        page.page == results.nextPage
      else { return }
      state.results?.hits += page.hits
      state.results?.nextPage = page.nextPage
      state.results?.total = page.total
      state.problem = nil
      // The page asked for shows, at the end of the list.
      state.scrolledBack = 0
    case .setProblem(let message):
      state.problem = message
    case .setScrolledBack(let count):
      state.scrolledBack = count
    }
  }

  /// The query a text asks for: its words, single-spaced.
  static func words(of text: String) -> String {
    text.split(separator: " ").joined(separator: " ")
  }

  /// One request, with the loading flag raised while it runs and a failure turned into a
  /// message.
  private func request(
    page: Int, of query: String, then mutation: @escaping @Sendable (SearchPage) -> Mutation
  ) -> Effect<Mutation> {
    .concat(
      .just(.setLoading(true)),
      .run { [search] send in send(mutation(try await search(page, query))) }
        .catch { error in .just(.setProblem(String(describing: error))) },
      .just(.setLoading(false)))
  }
}
