import Reactors
import ReactorsCombine
import Testing

#if canImport(Combine)
  import Combine
#else
  import OpenCombine
#endif

/// Seed 001's store, reducer and Combine middleware, driven through a login flow on the main
/// actor, as its SwiftUI views drive it.
@Suite(.timeLimit(.minutes(5))) struct Seed001Tests {
  @Test func aSuccessfulLoginNavigatesHome() async {
    // The fake server: a store whose state is the answer, `nil` until the test gives it.
    let server = Store(initial: String?.none, reducer: { (_: String?, answer: String) in answer })
    let app = App(
      authService: AuthService { _, _ in
        server.publisher(for: \.self).compactMap { $0 }.first()
          .setFailureType(to: (any Error).self).eraseToAnyPublisher()
      })
    let store = app.environmentObject(app.store)
    var changes = 0
    let events = AsyncStream<Void>.makeStream()
    let cancellable = store.objectWillChange.sink {
      changes += 1
      events.continuation.yield()
    }

    store.dispatch(.loginAction(.login(id: "kim", password: "secret")))
    #expect(store.state.loginState.isLoggingIn == true)  // read on the next line
    #expect(changes == 1)

    var states = store.states.makeAsyncIterator()
    _ = await states.next()
    server.dispatch("kim")
    let loggedIn = await states.next()
    #expect(loggedIn?.loginState.userName == "kim")
    let navigated = await states.next()
    #expect(navigated?.navigationState.path == ["login", "home"])
    // The two changes the answer made happened on another thread: SwiftUI hears of them on
    // the main actor, perhaps as one event.
    var heard = events.stream.makeAsyncIterator()
    _ = await heard.next()  // the login's
    _ = await heard.next()
    #expect(changes >= 2)
    #expect(store.state.navigationState.path == ["login", "home"])
    withExtendedLifetime(cancellable) {}
  }

  @Test func aFailedLoginShowsAMessageAndStays() async {
    let app = App(
      authService: AuthService { _, _ in Fail(error: WrongPassword()).eraseToAnyPublisher() })
    // The auth publisher fails while the middleware subscribes: handled before `dispatch`
    // returns.
    app.store.dispatch(.loginAction(.login(id: "kim", password: "wrong")))
    #expect(app.store.state.loginState.isLoggingIn == false)
    #expect(app.store.state.loginState.errorMessage == "Wrong id or password")
    #expect(app.store.state.navigationState.path == ["login"])
  }

  struct WrongPassword: Error {}
}
