import Reactors

// Seed 001's Redux app, as written in the article, with `Effect` in place of
// `AnyPublisher` and the library's `Reducer` / `Middleware` / `Store` in place of the
// article's own typealiases and class. The article leaves the cases as `//...`; a login flow
// fills them in.

struct AppState {
  var tabState = TabState()
  var navigationState = NavigationState()
  var loginState = LoginState()

  struct TabState {
    var selectedTab = Tab.home
    enum Tab { case home, profile }
  }

  struct NavigationState {
    var path: [Screen] = [.login]
    enum Screen: Equatable { case login, home }
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
    case push(AppState.NavigationState.Screen)
    case popToRoot
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
  case .navigationAction(.popToRoot):
    mutatingState.navigationState.path = [.login]
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

/// The fake auth service the middleware calls.
struct AuthService {
  var login: @Sendable (_ id: String, _ password: String) async throws -> String
}

struct AuthError: Error {}

func appMiddleware(authService: AuthService) -> Middleware<AppState, AppAction> {
  { state, action in
    switch action {
    case .loginAction(.login(let id, let password)):
      return Effect.run { send in
        let userName = try await authService.login(id, password)
        send(.loginAction(.loginSucceeded(userName: userName)))
      }
      .catch { _ in .just(.loginAction(.loginFailed(message: "Wrong id or password"))) }
    case .loginAction(.loginSucceeded):
      return .just(.navigationAction(.push(.home)))
    default:
      break
    }
    return .none
  }
}

typealias AppStore = Store<AppState, AppAction>
