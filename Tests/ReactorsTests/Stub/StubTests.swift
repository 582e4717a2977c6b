import Reactors
import ReactorsTestSupport
import Testing

@Suite struct StubTests {
  @Test func theStubRecordsActionsAndSkipsMutateAndReduce() {
    let mutated = Shared(0)
    let reactor = ProbeReactor(mutate: { _, action in
      mutated.increment()
      return ProbeReactor.defaultMutation(action)
    })
    reactor.stub.isEnabled = true
    reactor.send(.increment)
    reactor.send(.setTitle("a"))
    #expect(reactor.stub.actions == [.increment, .setTitle("a")])
    #expect(reactor.currentState.count == 0)
    #expect(mutated.current == 0)
  }

  @Test func settingTheStubStateNotifiesObservers() {
    let reactor = ProbeReactor()
    reactor.stub.isEnabled = true
    let titles = Shared<[String]>([])
    let observation = reactor.observe(\.title) { title in titles.withLock { $0.append(title) } }
    var state = reactor.stub.state
    state.title = "stubbed"
    reactor.stub.state = state
    #expect(titles.current == ["", "stubbed"])
    #expect(reactor.currentState.title == "stubbed")
    observation.cancel()
  }

  @Test func settingTheStubStateWhileTheStubIsOffIsReportedAndChangesNothing() {
    let reactor = ProbeReactor()
    var state = reactor.currentState
    state.count = 99
    reactor.stub.state = state
    #expect(reactor.currentState.count == 0)
    guard case .stubStateWhileDisabled = reactor.issues.current.first else {
      Issue.record("expected stubStateWhileDisabled, got \(reactor.issues.current)")
      return
    }
  }

  @Test func turningTheStubOffRunsTheLogicAgain() {
    let reactor = ProbeReactor()
    reactor.stub.isEnabled = true
    reactor.send(.increment)
    reactor.stub.isEnabled = false
    reactor.send(.increment)
    #expect(reactor.currentState.count == 1)
    #expect(reactor.stub.actions == [.increment])
  }

  /// The stub turned on while an action is between `mutate` and `reduce` (here by `mutate`
  /// itself; in a test, by another thread): the action is recorded, not lost, and not reduced.
  @Test func anActionInFlightWhenTheStubIsTurnedOnIsRecorded() {
    let reactor = ProbeReactor(mutate: { reactor, action in
      if case .custom(5) = action { reactor.stub.isEnabled = true }
      return .just(.add(1))
    })
    reactor.send(.custom(5))
    #expect(reactor.currentState.count == 0)
    #expect(reactor.stub.actions == [.custom(5)])
  }
}
