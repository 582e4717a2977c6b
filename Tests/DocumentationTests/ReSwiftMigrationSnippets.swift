// The code of the article "Migrating from ReSwift" (Sources/Reactors/Reactors.docc), compiled
// and run.

import Reactors
import ReactorsTestSupport
import Testing

struct AppState: Equatable {
  var counter = 0
  var user: String?
}

enum AppAction {
  case increase
  case login(String)
  case loggedIn(String)
  case resetCounter
}

let appReducer: MutatingReducer<AppState, AppAction> = { state, action in
  switch action {
  case .increase: state.counter += 1
  case .loggedIn(let name): state.user = name
  case .resetCounter: state.counter = 0
  case .login: break
  }
}

/// Sees each action before the reducer: passes it on, rewrites it, or swallows it.
let onlyWhenLoggedIn: ActionMiddleware<AppState, AppAction> = { state, action in
  if case .resetCounter = action, state.user == nil { return nil }
  return action
}

/// ReSwift-Thunk's work, as a middleware: runs after the reducer and dispatches later.
func loginMiddleware(
  auth: @escaping @Sendable (String) async throws -> String
) -> Middleware<AppState, AppAction> {
  { state, action in
    guard case .login(let name) = action else { return .none }
    return .run { send in send(.loggedIn(try await auth(name))) }
      .catch { _ in .none }
  }
}

@Suite(.timeLimit(.minutes(1))) struct ReSwiftMigrationSnippets {
  @Test func subscribersMiddlewareAndThunks() async {
    let store = Store(
      initial: AppState(), reducer: appReducer,
      actionMiddlewares: [onlyWhenLoggedIn],
      middlewares: [loginMiddleware { name in name.capitalized }])
    let counters = Shared<[Int]>([])
    let token = store.observe(\.counter) { counter in
      counters.withLock { $0.append(counter) }
    }
    store.dispatch(.increase)
    store.dispatch(.resetCounter)  // swallowed: nobody is logged in
    #expect(store.state.counter == 1)
    store.dispatch(.login("kim"))
    let user = await withDeadline { await store.states.first { $0.user != nil }?.user }
    #expect(user == "Kim")
    store.dispatch(.resetCounter)
    #expect(counters.current == [0, 1, 0])
    token.cancel()
  }
}
