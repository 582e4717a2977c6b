import Reactors
import ReactorsTesting
import Testing

@testable import ConsumerApp

#if canImport(Combine)
  import Combine
#else
  import OpenCombine
#endif

@Suite(.timeLimit(.minutes(1))) struct ProfileReactorTests {
  @Test func openingAProfileLoadsItsUser() async {
    let clock = TestClock()
    let reactor = ProfileReactor { name in
      try await clock.sleep(for: .seconds(1))
      return Member(name: name, followers: 3)
    }
    let tester = ReactorTester(reactor, clock: clock)
    await tester.send(.open("kim")) { $0.isLoading = true }
    await tester.advance(by: .seconds(1))
    await tester.receive(.setUser(Member(name: "kim", followers: 3))) {
      $0.user = Member(name: "kim", followers: 3)
    }
    await tester.receive(.setLoading(false)) { $0.isLoading = false }
    await tester.send(.follow) { $0.user?.followers = 4 }
    await tester.finish()
  }

  @Test func theStoreLogsAndPublishes() {
    let store = makeAppStore()
    var counts: [Int] = []
    let subscription = searchCounts(of: store).sink { counts.append($0) }
    store.dispatch(.search("swift"))
    #expect(store.state.searches == ["swift"])
    #expect(counts == [0, 1])
    subscription.cancel()
  }
}
