import Reactors
import ReactorsTestSupport
import Testing

struct Session: Equatable, Sendable {
  var user: String?
  var theme = "light"
}

enum SessionAction: Sendable {
  case signIn(String)
  case signOut
  case theme(String)
}

let sessionReducer: MutatingReducer<Session, SessionAction> = { state, action in
  switch action {
  case .signIn(let name): state.user = name
  case .signOut: state.user = nil
  case .theme(let theme): state.theme = theme
  }
}

/// A screen that shows the signed-in user, followed from the app's store.
final class GreetingReactor: Reactor {
  enum Action: Sendable { case userChanged(String?) }
  struct State: Equatable, Sendable {
    var greeting = ""
    var updates = 0
  }
  let storage = Storage()
  let initialState = State()

  init(session: Store<Session, SessionAction>) {
    follow(session, \.user, as: Action.userChanged)
  }

  func reduce(state: inout State, mutation: Action) {
    switch mutation {
    case .userChanged(let user):
      state.greeting = user.map { "Hello, \($0)" } ?? "Signed out"
      state.updates += 1
    }
  }
}

/// Shared state: screens' reactors follow a part of one store; a change shows on every screen
/// in the same turn, and a follower's subscription ends with it.
@Suite struct FollowTests {
  @Test func aChangeOnOneScreenShowsOnTheOthersBeforeDispatchReturns() {
    let session = Store(initial: Session(), reducer: sessionReducer)
    let home = GreetingReactor(session: session)
    let profile = GreetingReactor(session: session)
    #expect(home.currentState.greeting == "Signed out")
    session.dispatch(.signIn("kim"))
    #expect(home.currentState.greeting == "Hello, kim")
    #expect(profile.currentState.greeting == "Hello, kim")
    // Another part's change is not sent.
    session.dispatch(.theme("dark"))
    #expect(home.currentState.updates == 2)
  }

  @Test func aFollowersSubscriptionEndsWithIt() {
    let session = Store(initial: Session(), reducer: sessionReducer)
    var screen: GreetingReactor? = GreetingReactor(session: session)
    weak var released: GreetingReactor?
    released = screen
    #expect(session.engine.storage.hasObservers)
    screen = nil
    #expect(released == nil)
    #expect(!session.engine.storage.hasObservers)
    session.dispatch(.signIn("lee"))
    #expect(session.state.user == "lee")
  }

  @Test func aReactorFollowsAnotherReactor() {
    let session = Store(initial: Session(), reducer: sessionReducer)
    let source = GreetingReactor(session: session)
    final class Echo: Reactor {
      enum Action: Sendable { case greeting(String) }
      let storage = Storage()
      let initialState = ""
      init(_ source: GreetingReactor) { follow(source, \.greeting, as: Action.greeting) }
      func reduce(state: inout String, mutation: Action) {
        if case .greeting(let text) = mutation { state = text }
      }
    }
    let echo = Echo(source)
    session.dispatch(.signIn("park"))
    #expect(echo.currentState == "Hello, park")
  }
}
