import Reactors
import ReactorsCombine
import ReactorsTestSupport
import Testing

#if canImport(Combine)
  import Combine
#else
  import OpenCombine
#endif

/// Middleware typed as seed 001 types it, `(State, Action) -> AnyPublisher<Action, Never>`,
/// accepted by `Store` as written.
@Suite(.timeLimit(.minutes(5))) struct PublisherMiddlewareTests {
  enum Action: Sendable, Equatable {
    case login(String)
    case loggedIn(String)
    case failed
    case open(String)
  }

  struct State: Sendable, Equatable {
    var isLoggingIn = false
    var user: String?
    var screens: [String] = []
  }

  static let reducer: Reducer<State, Action> = { state, action in
    var state = state
    switch action {
    case .login: state.isLoggingIn = true
    case .loggedIn(let user):
      state.isLoggingIn = false
      state.user = user
    case .failed: state.isLoggingIn = false
    case .open(let screen): state.screens.append(screen)
    }
    return state
  }

  @Test func aLoginFlowThroughPublisherMiddleware() async {
    // The server answers when the test dispatches to it.
    let server = Store(initial: String?.none, reducer: { (_: String?, answer: String) in answer })
    let auth: PublisherMiddleware<State, Action> = { _, action in
      guard case .login = action else { return Empty().eraseToAnyPublisher() }
      return server.publisher(for: \.self).compactMap { $0 }.first()
        .map { Action.loggedIn($0) }.eraseToAnyPublisher()
    }
    let navigation: PublisherMiddleware<State, Action> = { _, action in
      guard case .loggedIn = action else { return Empty().eraseToAnyPublisher() }
      return Just(.open("home")).eraseToAnyPublisher()
    }
    let store = Store(initial: State(), reducer: Self.reducer, middlewares: [auth, navigation])
    store.dispatch(.login("kim"))
    #expect(store.state.isLoggingIn)
    var states = store.states.makeAsyncIterator()
    _ = await states.next()
    server.dispatch("kim")
    #expect(await states.next() == State(isLoggingIn: false, user: "kim", screens: []))
    // The navigation middleware's `Just` is dispatched before the answer's dispatch ends.
    #expect(await states.next()?.screens == ["home"])
    await store.settled()
    #expect(store.runningEffectCount == 0)
  }

  @Test func aSubscriptionDoesNotKeepTheStoreAlive() {
    var store: Store<State, Action>? = Store(
      initial: State(), reducer: Self.reducer, middlewares: [PublisherMiddleware<State, Action>]())
    weak var gone: Store<State, Action>?
    gone = store
    let screens = Shared<[[String]]>([])
    let cancellable = store!.publisher(for: \.screens).sink { value in
      screens.withLock { $0.append(value) }
    }
    store?.dispatch(.open("a"))
    store = nil
    #expect(gone == nil)
    #expect(screens.current == [[], ["a"]])
    withExtendedLifetime(cancellable) {}
  }
}
