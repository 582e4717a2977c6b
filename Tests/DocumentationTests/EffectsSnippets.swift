// The code of the article "Effects" (Sources/Reactors/Reactors.docc), compiled and run.

import Reactors
import ReactorsTesting
import Testing

/// What the profile screen calls: injected, so a test passes a fake.
struct ProfileAPI: Sendable {
  var name: @Sendable () async throws -> String
  var follow: @Sendable () async throws -> Void
  var save: @Sendable (_ bio: String) async throws -> Void = { _ in }
}

final class ProfileReactor: Reactor {
  enum Action: Equatable { case refresh, stopRefreshing, follow, typeBio(String) }
  enum Mutation: Equatable {
    case setName(String), setLoading(Bool), setFollowing(Bool), setBio(String), setSaved(String)
    case setProblem(String)
  }
  struct State: Equatable {
    var name = ""
    var isLoading = false
    var isFollowing = false
    var bio = ""
    var savedBio = ""
    var problem: String?
  }
  enum ID { case refresh, saveBio }

  let storage = Storage()
  let initialState = State()
  let api: ProfileAPI
  let clock: any Clock<Duration>

  init(api: ProfileAPI, clock: any Clock<Duration> = ContinuousClock()) {
    self.api = api
    self.clock = clock
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .refresh:
      // Observable.concat([.just(true), api.name().map(...), .just(false)]), latest wins
      return .concat(
        .just(.setLoading(true)),
        .run { [api] send in send(.setName(try await api.name())) }
          .catch { error in .just(.setProblem("\(error)")) }
          .cancellable(id: ID.refresh, cancelInFlight: true),
        .just(.setLoading(false)))
    case .stopRefreshing:
      // takeUntil(stop): cancel by id; the rest of the concat goes on (the flag falls)
      return .cancel(id: ID.refresh)
    case .follow:
      // optimistic: shown at once, undone if the call fails (catchErrorJustReturn)
      return .merge(
        .just(.setFollowing(true)),
        .run { [api] _ in try await api.follow() }.catchAndReturn(.setFollowing(false)))
    case .typeBio(let bio):
      // debounce(.milliseconds(300)) on an injected clock: saved once the typing stops
      return .concat(
        .just(.setBio(bio)),
        .run { [api] send in
          try await api.save(bio)
          send(.setSaved(bio))
        }
        .catchAndReturn(.setProblem("Not saved"))
        .debounce(id: ID.saveBio, for: .milliseconds(300), clock: clock))
    }
  }

  func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .setName(let name): state.name = name
    case .setLoading(let isLoading): state.isLoading = isLoading
    case .setFollowing(let isFollowing): state.isFollowing = isFollowing
    case .setBio(let bio): state.bio = bio
    case .setSaved(let bio): state.savedBio = bio
    case .setProblem(let problem): state.problem = problem
    }
  }
}

struct Offline: Error {}

@Suite(.timeLimit(.minutes(1))) struct EffectsSnippets {
  @Test func aServiceThatAnswersAtOnceIsReducedBeforeSendReturns() async {
    let reactor = ProfileReactor(api: ProfileAPI(name: { "kim" }, follow: {}))
    reactor.send(.refresh)
    if ImmediateTasks.areAvailable {
      // Linux, Apple systems from 26: the `.run` started on this thread.
      #expect(reactor.currentState.name == "kim")
      #expect(reactor.currentState.isLoading == false)
    }
    // Everywhere, earlier Apple systems included: a moment later at most.
    let refreshed = await reactor.states.first { !$0.isLoading }
    #expect(refreshed?.name == "kim")
  }

  @Test func aFailedFollowIsUndone() async {
    let clock = TestClock()
    let api = ProfileAPI(
      name: { "kim" },
      follow: {
        try await clock.sleep(for: .seconds(1))
        throw Offline()
      })
    let tester = ReactorTester(ProfileReactor(api: api, clock: clock), clock: clock)
    await tester.send(.follow) { $0.isFollowing = true }
    await tester.advance(by: .seconds(1))
    await tester.receive(.setFollowing(false)) { $0.isFollowing = false }
    await tester.finish()
  }

  @Test func stoppingCancelsTheRefreshInFlight() async {
    let clock = TestClock()
    let api = ProfileAPI(
      name: {
        try await clock.sleep(for: .seconds(5))
        return "kim"
      }, follow: {})
    let tester = ReactorTester(ProfileReactor(api: api, clock: clock), clock: clock)
    await tester.send(.refresh) { $0.isLoading = true }
    await tester.send(.stopRefreshing)
    await tester.receive(.setLoading(false)) { $0.isLoading = false }
    await tester.advance(by: .seconds(5))
    await tester.finish()
  }

  @Test func onlyTheLastKeystrokeIsSaved() async {
    let clock = TestClock()
    let tester = ReactorTester(
      ProfileReactor(api: ProfileAPI(name: { "" }, follow: {}), clock: clock), clock: clock)
    await tester.send(.typeBio("h")) { $0.bio = "h" }
    await tester.advance(by: .milliseconds(200))
    await tester.send(.typeBio("hi")) { $0.bio = "hi" }
    await tester.advance(by: .milliseconds(300))
    await tester.receive(.setSaved("hi")) { $0.savedBio = "hi" }
    await tester.finish()
  }
}
