import Reactors
import ReactorsTestSupport
import ReactorsTesting
import Testing

/// The three uses of `transform` ReactorKit users rely on, in ReactorKit's order.
@Suite struct TransformTests {
  @Test(.timeLimit(.minutes(5))) func mergingAnOutsideStreamIntoTheMutations() async {
    let service = CurrentUserService()
    let tester = ReactorTester(SessionReactor(service: service))
    #expect(tester.state.user == nil)
    service.continuation.yield("alice")
    await tester.receive(.setUser("alice")) { $0.user = "alice" }
    await tester.send(.rename("bob")) { $0.user = "BOB" }  // through transform(action:)
    service.continuation.yield("carol")
    await tester.receive(.setUser("carol")) { $0.user = "carol" }
    // The stream's task is the reactor's: it ends when the stream does.
    service.continuation.finish()
    await tester.finish()
  }

  @Test func loggingAndRewritingEveryActionAndStateKeepTheSynchronousPath() {
    let reactor = SessionReactor(service: CurrentUserService())
    reactor.send(.rename("dave"))
    // transform(action:) uppercases, transform(state:) marks the state as seen.
    #expect(reactor.currentState.user == "DAVE")
    #expect(reactor.currentState.isTransformed)
    reactor.send(.rename(""))  // filtered out by transform(action:)
    #expect(reactor.currentState.user == "DAVE")
    // `.start` is prepended after the maps, as in RxSwift, so the log does not see it.
    #expect(reactor.actionLog.current == [.rename("dave"), .rename("")])
  }

  @Test func startingWithAnAction() {
    let reactor = SessionReactor(service: CurrentUserService())
    #expect(reactor.currentState.startCount == 1)
    reactor.send(.rename("x"))
    #expect(reactor.currentState.startCount == 1)
  }

  /// As in RxSwift, an operator applies to what comes before it.
  @Test func operatorsApplyToWhatComesBeforeThem() {
    let relay = PublishRelay<Int>()
    let reactor = ArithmeticReactor(relay: relay)
    // Actions: a prepended 1 gets + 1 and is not doubled; then every mutation gets × 10.
    #expect(reactor.currentState == [20])
    reactor.send(5)
    #expect(reactor.currentState == [20, 110])  // (5 × 2 + 1) × 10
    relay.accept(3)
    #expect(reactor.currentState == [20, 110, 30])  // merged before the map: × 10
    reactor.send(4)
    #expect(reactor.currentState == [20, 110, 30, 90])
  }

  @Test func overridingNoHookLeavesEverythingAsIs() {
    let reactor = ProbeReactor()
    reactor.send(.setTitle("plain"))
    #expect(reactor.currentState.title == "plain")
    #expect(reactor.issueCount == 0)
  }
}

/// A shared "current user" service whose events every session reactor merges in.
final class CurrentUserService: Sendable {
  let events: AsyncStream<String>
  let continuation: AsyncStream<String>.Continuation

  init() { (events, continuation) = AsyncStream.makeStream(of: String.self) }
}

final class SessionReactor: Reactor {
  enum Action: Equatable, Sendable {
    case start
    case rename(String)
  }
  enum Mutation: Equatable, Sendable {
    case setUser(String)
    case started
  }
  struct State: Equatable, Sendable {
    var user: String?
    var startCount = 0
    var isTransformed = false
  }

  let storage = Storage()
  let initialState = State()
  let service: CurrentUserService
  let actionLog = Shared<[Action]>([])

  init(service: CurrentUserService) { self.service = service }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .start: return .just(.started)
    case .rename(let name): return .just(.setUser(name))
    }
  }

  func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .setUser(let user): state.user = user
    case .started: state.startCount += 1
    }
  }

  func transform(action: Upstream<Action>) -> Upstream<Action> {
    let log = actionLog
    return
      action
      .map { (action: Action) -> Action in
        log.withLock { $0.append(action) }
        return action
      }
      .filter { $0 != .rename("") }
      .map { (action: Action) -> Action in
        guard case .rename(let name) = action else { return action }
        return .rename(name.uppercased())
      }
      .prepend(.start)
  }

  func transform(mutation: Upstream<Mutation>) -> Upstream<Mutation> {
    mutation.merge(with: Effect(service.events).map(Mutation.setUser))
  }

  func transform(state: StateUpstream<State>) -> StateUpstream<State> {
    state.map { state in
      var state = state
      state.isTransformed = true
      return state
    }
  }
}

/// A reactor whose hooks compose each operator in a known order. Unsupported shapes (a delay
/// on the upstream, replacing it) do not compile: `Upstream` has no such operator.
final class ArithmeticReactor: Reactor {
  let storage = Storage()
  let initialState: [Int] = []
  let relay: PublishRelay<Int>

  init(relay: PublishRelay<Int>) { self.relay = relay }

  func transform(action: Upstream<Int>) -> Upstream<Int> {
    action.map { $0 * 2 }.prepend(1).map { $0 + 1 }
  }

  func transform(mutation: Upstream<Int>) -> Upstream<Int> {
    mutation.merge(with: relay.effect).map { $0 * 10 }
  }

  func reduce(state: inout [Int], mutation: Int) { state.append(mutation) }
}
