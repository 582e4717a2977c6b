// The code of the Recordings article, compiled and run.

import Reactors
import ReactorsRecording
import ReactorsTesting
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

enum RecordingArticle {
  /// The article's counter.
  final class Counter: Reactor {
    enum Action: Codable, Sendable { case increase }
    struct State: Codable, Equatable, Sendable { var value = 0 }
    let storage = Storage()
    let initialState = State()
    func reduce(state: inout State, mutation: Action) { state.value += 1 }
  }

  /// The article's login form.
  final class Login: Reactor {
    enum Action: Codable, Sendable { case typeName(String), typePassword(String) }
    struct State: Codable, Equatable, Sendable {
      var name = ""
      var password = ""
    }
    let storage = Storage()
    let initialState = State()
    func reduce(state: inout State, mutation: Action) {
      switch mutation {
      case .typeName(let name): state.name = name
      case .typePassword(let password): state.password = password
      }
    }
  }

  /// The article's search: its effect answers a query.
  final class Search: Reactor {
    enum Action: Codable, Sendable { case query(String) }
    enum Mutation: Codable, Equatable, Sendable { case setQuery(String), setHits([String]) }
    struct State: Codable, Equatable, Sendable {
      var query = ""
      var hits: [String] = []
    }
    let storage = Storage()
    let initialState = State()
    let api: @Sendable (String) async throws -> [String]
    init(api: @escaping @Sendable (String) async throws -> [String]) { self.api = api }

    func mutate(action: Action) -> Effect<Mutation> {
      guard case .query(let query) = action else { return .none }
      return .concat(
        .just(.setQuery(query)),
        .run { [api] send in send(.setHits(try await api(query))) })
    }

    func reduce(state: inout State, mutation: Mutation) {
      switch mutation {
      case .setQuery(let query): state.query = query
      case .setHits(let hits): state.hits = hits
      }
    }
  }

  typealias SearchRecording = Recording<Search.Action, Search.Mutation, Search.State>

  /// A search whose API fails the test if a replay calls it.
  static func offlineReactor() -> Search {
    Search { query in
      Issue.record("the replay searched for \(query)")
      return []
    }
  }
}

@Suite(.timeLimit(.minutes(1))) struct RecordingSnippets {
  typealias SearchRecording = RecordingArticle.SearchRecording
  func offlineReactor() -> RecordingArticle.Search { RecordingArticle.offlineReactor() }

  @Test func recordInMemory() {
    let counter = RecordingArticle.Counter()
    let recording = Recording(of: counter, named: "counter")
    counter.send(.increase)
    #expect(recording.steps.count == 3)  // began, the input, the mutation
    #expect(recording.steps.last?.state?.value == 1)
  }

  @Test func keepSecretsOut() {
    let login = RecordingArticle.Login()
    let recording = Recording(
      of: login, named: "login",
      redacting: [
        .state(\.password, as: ""),
        .action { action in
          guard case .typePassword = action else { return action }
          return .typePassword("")
        },
        .mutation { mutation in
          guard case .typePassword = mutation else { return mutation }
          return .typePassword("")
        },
      ])
    login.send(.typePassword("hunter2"))
    var kept = ""
    dump(recording.steps, to: &kept)
    #expect(!kept.contains("hunter2"))
  }

  @Test func recordToAFileAndReplayIt() async throws {
    let path = "/tmp/reactors-article-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).jsonl"
    defer { unlink(path) }
    let search = RecordingArticle.Search { query in ["\(query) 1", "\(query) 2"] }
    do {
      let recording = try Recording(of: search, named: "search", writingTo: path)
      search.send(.query("swift"))
      await search.storage.settled()
      recording.stop()
    }
    let recording = try SearchRecording(contentsOf: path)
    let divergence = recording.replay(on: offlineReactor())
    #expect(divergence == nil)
  }

  @Test func travelInTime() async throws {
    let search = RecordingArticle.Search { query in ["\(query) 1"] }
    let recording = Recording(of: search, named: "search")
    search.send(.query("swift"))
    try recording.travel(to: 2)
    recording.returnToLive()
    await search.storage.settled()
    #expect(search.currentState == .init(query: "swift", hits: ["swift 1"]))
    #expect(recording.steps[2].state == .init(query: "swift", hits: []))
  }

  @Test func measureWhatEachStepCosts() async throws {
    let search = RecordingArticle.Search { query in ["\(query) 1"] }
    let recording = Recording(of: search, named: "search", measuringCosts: true)
    search.send(.query("swift"))  // … the app runs …
    let slowest = recording.costs.max { $0.value.reduce < $1.value.reduce }
    #expect(slowest != nil)
    await search.storage.settled()
    #expect(recording.isMeasuringCosts)
  }
}
