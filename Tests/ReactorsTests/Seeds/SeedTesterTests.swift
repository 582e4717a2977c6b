import Reactors
import ReactorsTesting
import Testing

/// The seed reactors and store again, with the tester: each step's exact state change, each
/// mutation an effect emits later, and nothing left running at the end. Compiled, like the
/// seeds, with main-actor default isolation: the tester runs in its caller's isolation. Each
/// wait is bounded by the tester's timeout.
@Suite(.timeLimit(.minutes(5))) struct SeedTesterTests {
  @Test func counterShowsLoadingThenCountsAfterOneSecond() async {
    let clock = TestClock()
    let tester = ReactorTester(CounterViewReactor(clock: clock), clock: clock)
    await tester.send(.increase) { $0.isLoading = true }
    await tester.advance(by: .seconds(1))
    await tester.receive(.increaseValue) { $0.value = 1 }
    await tester.receive(.setLoading(false)) { $0.isLoading = false }
    await tester.send(.decrease) { $0.isLoading = true }
    await tester.advance(by: .seconds(1))
    await tester.receive(.decreaseValue) { $0.value = 0 }
    await tester.receive(.setLoading(false)) { $0.isLoading = false }
    await tester.finish()
  }

  @Test func profileRefreshReadsTheFollowingStatus() async {
    var api = UserAPI()
    // Answers when the test opens the gate, as a network call answers later: after `send`
    // returns, on every platform. (A fake that answers without suspending is reduced before
    // `send` returns where `.run` starts at once, and is then part of the `send` step.)
    let network = Gate()
    api.isFollowingResult = { userID in
      await network.wait()
      return userID == 42
    }
    let tester = ReactorTester(ProfileViewReactor(userAPI: api))
    await tester.send(.refreshFollowingStatus(42))
    network.open()
    await tester.receive(.setFollowing(true)) { $0.isFollowing = true }
    await tester.send(.refreshFollowingStatus(7))
    network.open()
    await tester.receive(.setFollowing(false)) { $0.isFollowing = false }
    await tester.finish()
  }

  @Test func userFollowFailureFallsBackToNotFollowing() async {
    var service = UserAPI()
    let network = Gate()
    service.followResult = {
      await network.wait()
      throw UserAPI.Failure()
    }
    service.unfollowResult = {
      await network.wait()
      throw UserAPI.Failure()
    }
    let tester = ReactorTester(UserViewReactor(userService: service))
    await tester.send(.follow)
    network.open()
    // The fallback is the mutation itself: the state does not change.
    await tester.receive(.setFollowing(false))
    await tester.send(.unfollow)
    network.open()
    await tester.receive(.setFollowing(true)) { $0.isFollowing = true }
    await tester.finish()
  }

  @Test func myReactorTogglesAndRefreshesAtOnce() async {
    let reactor = MyReactor()
    let tester = ReactorTester(reactor)
    let loadingFlags = Locked<[Bool]>([])
    let observation = reactor.observe(\.isLoading) { flag in
      loadingFlags.withLock { $0.append(flag) }
    }
    await tester.send(.toggleBookmarked) { $0.isBookmarked = true }
    // `.concat` of two `.just`s: both reduced before `send` returns, the flag back off.
    await tester.send(.refresh)
    #expect(loadingFlags.withLock { $0 } == [false, true, false])
    await tester.finish()
    observation.cancel()
  }

  @Test func reduxLoginNavigatesHome() async {
    let tester = StoreTester(
      AppStore(
        initial: AppState(), reducer: appReducer,
        middlewares: [appMiddleware(authService: AuthService { id, _ in "user \(id)" })]))
    await tester.send(.loginAction(.login(id: "kim", password: "secret"))) {
      $0.loginState.isLoggingIn = true
    }
    await tester.receive(where: {
      if case .loginAction(.loginSucceeded) = $0 { true } else { false }
    }) {
      $0.loginState.isLoggingIn = false
      $0.loginState.userName = "user kim"
    }
    await tester.receive(where: {
      if case .navigationAction(.push(.home)) = $0 { true } else { false }
    }) {
      $0.navigationState.path = [.login, .home]
    }
    await tester.finish()
  }

  @Test func reduxFailedLoginStaysOnTheLoginScreen() async {
    let tester = StoreTester(
      AppStore(
        initial: AppState(), reducer: appReducer,
        middlewares: [appMiddleware(authService: AuthService { _, _ in throw AuthError() })]))
    await tester.send(.loginAction(.login(id: "kim", password: "wrong"))) {
      $0.loginState.isLoggingIn = true
    }
    await tester.receive(where: { if case .loginAction(.loginFailed) = $0 { true } else { false } })
    {
      $0.loginState.isLoggingIn = false
      $0.loginState.errorMessage = "Wrong id or password"
    }
    await tester.finish()
  }
}
