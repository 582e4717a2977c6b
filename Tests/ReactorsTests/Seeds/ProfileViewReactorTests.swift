import Reactors
import Testing

@Suite(.timeLimit(.minutes(5))) struct ProfileViewReactorTests {
  @Test func refreshReadsTheFollowingStatusFromTheAPI() async {
    var api = UserAPI()
    api.isFollowingResult = { userID in userID == 42 }
    let reactor = ProfileViewReactor(userAPI: api)
    var states = reactor.states.makeAsyncIterator()
    #expect(await states.next()?.isFollowing == false)

    reactor.send(.refreshFollowingStatus(42))

    #expect(await states.next()?.isFollowing == true)
    #expect(reactor.currentState.isFollowing == true)
  }

  @Test func followSetsFollowing() async {
    let reactor = ProfileViewReactor(userAPI: UserAPI())
    var states = reactor.states.makeAsyncIterator()
    _ = await states.next()

    reactor.send(.follow(7))

    #expect(await states.next()?.isFollowing == true)
  }
}
