import Reactors
import Testing

/// Seed 001's Store, driven through a login flow: the middleware calls the auth service
/// asynchronously and dispatches success or failure; navigation follows.
@Suite(.timeLimit(.minutes(5))) struct ReduxSeedTests {
  @Test func aSuccessfulLoginNavigatesHome() async {
    let store = AppStore(
      initial: AppState(),
      reducer: appReducer,
      middlewares: [appMiddleware(authService: AuthService { id, _ in "user \(id)" })]
    )
    var states = store.states.makeAsyncIterator()
    _ = await states.next()

    store.dispatch(.loginAction(.login(id: "kim", password: "secret")))
    #expect(await states.next()?.loginState.isLoggingIn == true)

    let loggedIn = await states.next()
    #expect(loggedIn?.loginState.userName == "user kim")
    let navigated = await states.next()
    #expect(navigated?.navigationState.path == [.login, .home])
    #expect(navigated?.loginState.isLoggingIn == false)
  }

  @Test func aFailedLoginStaysOnTheLoginScreen() async {
    let store = AppStore(
      initial: AppState(),
      reducer: appReducer,
      middlewares: [appMiddleware(authService: AuthService { _, _ in throw AuthError() })]
    )
    var states = store.states.makeAsyncIterator()
    _ = await states.next()

    store.dispatch(.loginAction(.login(id: "kim", password: "wrong")))
    #expect(await states.next()?.loginState.isLoggingIn == true)
    let failed = await states.next()
    #expect(failed?.loginState.isLoggingIn == false)
    #expect(failed?.loginState.errorMessage == "Wrong id or password")
    #expect(store.currentState.navigationState.path == [.login])
  }
}
