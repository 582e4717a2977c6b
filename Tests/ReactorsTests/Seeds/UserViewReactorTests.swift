import Reactors
import Testing

@Suite(.timeLimit(.minutes(5))) struct UserViewReactorTests {
  @Test func followSucceeds() async {
    let reactor = UserViewReactor(userService: UserAPI())
    var states = reactor.states.makeAsyncIterator()
    _ = await states.next()

    reactor.send(.follow)

    #expect(await states.next()?.isFollowing == true)
  }

  @Test func followFailureFallsBackToNotFollowing() async {
    var service = UserAPI()
    service.unfollowResult = { throw UserAPI.Failure() }
    service.followResult = { throw UserAPI.Failure() }
    let reactor = UserViewReactor(userService: service)
    var states = reactor.states.makeAsyncIterator()
    _ = await states.next()

    // Each fallback differs from the state before it, so each assertion shows it ran.
    reactor.send(.unfollow)
    #expect(await states.next()?.isFollowing == true)

    reactor.send(.follow)
    #expect(await states.next()?.isFollowing == false)
  }
}
