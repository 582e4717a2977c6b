import Reactors
import Testing

/// Seed 003's reactor tests and view tests, word for word but for the send call, the stub's
/// state setter and `#expect` for `XCTAssertEqual`.
@Suite struct MyReactorTests {
  @Test func testBookmark() {
    // 1. 리액터를 준비합니다.
    let reactor = MyReactor()

    // 2. 리액터에 액션을 전달합니다.
    reactor.send(.toggleBookmarked)

    // 3. 리액터의 상태가 변경되는지를 검증합니다.
    #expect(reactor.currentState.isBookmarked == true)
  }

  @Test func testUnbookmark() {
    // 1. 리액터를 준비합니다. 액션을 미리 한 번 전달해서 테스트 환경을 만들어둡니다.
    let reactor = MyReactor()
    reactor.send(.toggleBookmarked)

    // 2. 리액터에 액션을 한 번 더 전달합니다.
    reactor.send(.toggleBookmarked)

    // 3. 리액터의 상태가 변경되는지를 검증합니다.
    #expect(reactor.currentState.isBookmarked == false)
  }

  @Test func testAction_refresh() {
    // 1. Stub 리액터를 준비합니다.
    let reactor = MyReactor()
    reactor.stub.isEnabled = true

    // 2. Stub된 리액터를 주입한 뷰를 준비합니다.
    let view = MyView()
    view.reactor = reactor
    // (Not in the seed: every state the reactor makes, to show that mutate and reduce did not
    // run; `.refresh` would set the loading flag and clear it again.)
    let loadingFlags = Locked<[Bool]>([])
    let observation = reactor.observe(\.isLoading) { flag in
      loadingFlags.withLock { $0.append(flag) }
    }

    // 3. 사용자 인터랙션을 발생시킵니다.
    view.refreshControl.sendActions(for: .valueChanged)

    // 4. Reactor에 액션이 잘 전달되었는지를 검증합니다.
    #expect(reactor.stub.actions.last == .refresh)
    #expect(loadingFlags.withLock { $0 } == [false])  // only the observer's first call
    observation.cancel()
  }

  @Test func testState_isLoading() {
    // 1. Stub 리액터를 준비합니다.
    let reactor = MyReactor()
    reactor.stub.isEnabled = true

    // 2. Stub된 리액터를 주입한 뷰를 준비합니다.
    let view = MyView()
    view.reactor = reactor

    // 3. 리액터의 상태를 임의로 설정합니다.
    reactor.stub.state = MyReactor.State(isLoading: true)

    // 4. 그 때 뷰 컴포넌트의 속성이 잘 변하는지를 검증합니다.
    #expect(view.activityIndicator.isAnimating == true)
  }
}
