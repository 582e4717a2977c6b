import Reactors
import ReactorsCombine

#if canImport(Combine)
  import Combine
#else
  import OpenCombine
#endif

// Seed 001's app code as the article wrote it, compiled with main-actor default isolation as a
// new app target is. What changed: `import Reactors` and `import ReactorsCombine` beside the
// Combine import, and the article's own `Reducer` / `Middleware` typealiases and `Store` class
// deleted, since the library provides them. The article leaves the cases as `//...`; a login
// flow fills them in, its auth service a publisher as Combine code would have it.

struct AppState {

  var tabState = TabState()
  var navigationState = NavigationState()
  var loginState = LoginState()

  struct TabState {
    var selectedTab = 0
  }

  struct NavigationState {
    var path: [String] = ["login"]
  }

  struct LoginState {
    var isLoggingIn = false
    var userName: String?
    var errorMessage: String?
  }
}

enum AppAction {

  case navigationAction(NavigationAction)
  case loginAction(LoginAction)

  enum NavigationAction {
    case push(String)
  }

  enum LoginAction {
    case login(id: String, password: String)
    case loginSucceeded(userName: String)
    case loginFailed(message: String)
  }
}

let appReducer: Reducer<AppState, AppAction> = { state, action in

  var mutatingState = state

  switch action {
  case .navigationAction(.push(let screen)):
    mutatingState.navigationState.path.append(screen)
  case .loginAction(.login):
    mutatingState.loginState.isLoggingIn = true
    mutatingState.loginState.errorMessage = nil
  case .loginAction(.loginSucceeded(let userName)):
    mutatingState.loginState.isLoggingIn = false
    mutatingState.loginState.userName = userName
  case .loginAction(.loginFailed(let message)):
    mutatingState.loginState.isLoggingIn = false
    mutatingState.loginState.errorMessage = message
  }

  return mutatingState
}

/// The auth service the middleware calls: a publisher of the user's name.
struct AuthService {
  var login: @Sendable (_ id: String, _ password: String) -> AnyPublisher<String, any Error>
}

func appMiddleware(authService: AuthService) -> Middleware<AppState, AppAction> {
  { state, action in

    switch action {
    case .loginAction(.login(let id, let password)):
      return authService.login(id, password)
        .map { AppAction.loginAction(.loginSucceeded(userName: $0)) }
        .catch { _ in Just(AppAction.loginAction(.loginFailed(message: "Wrong id or password"))) }
        .eraseToAnyPublisher()
    case .loginAction(.loginSucceeded):
      return Just(.navigationAction(.push("home"))).eraseToAnyPublisher()
    default:
      break
    }

    return Empty().eraseToAnyPublisher()
  }
}

typealias AppStore = Store<AppState, AppAction>

/// The article's `App`, without SwiftUI's `Scene`: it makes the store the same way, and hands
/// it on as `.environmentObject(store)` needs, an `ObservableObject`.
struct App {
  let store: AppStore

  init(authService: AuthService) {
    store = AppStore(
      initial: AppState(),
      reducer: appReducer,
      middlewares: [appMiddleware(authService: authService)]
    )
  }

  /// What `.environmentObject(_:)` accepts.
  func environmentObject<Object: ObservableObject>(_ object: Object) -> Object { object }
}
