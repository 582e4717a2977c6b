import Reactors
import ReactorsTestSupport
import Testing

/// Contract 7: observers pay only for what changed.
@Suite struct KeyPathObservationTests {
  @Test func anObserverOfTitleIsNotCalledWhenOnlyCountChanges() {
    let reactor = ProbeReactor()
    let titles = Shared<[String]>([])
    let observation = reactor.observe(\.title) { title in titles.withLock { $0.append(title) } }
    for _ in 0..<1_000 { reactor.send(.increment) }
    reactor.send(.setTitle("hello"))
    reactor.send(.setTitle("hello"))
    reactor.send(.increment)
    #expect(titles.current == ["", "hello"])
    observation.cancel()
  }

  @Test func manyObserversOfOneKeyPathAreAllCalledInOrder() {
    let reactor = ProbeReactor()
    let calls = Shared<[Int]>([])
    let observations = (0..<100).map { index in
      reactor.observe(\.count) { count in
        if count > 0 { calls.withLock { $0.append(index) } }
      }
    }
    reactor.send(.increment)
    #expect(calls.current == Array(0..<100))
    withExtendedLifetime(observations) {}
  }

  @Test func everyStateObserversAreCalledInOrderOnEveryChange() {
    let reactor = ProbeReactor()
    let seen = Shared<[Int]>([])
    let observation = reactor.observe { state in seen.withLock { $0.append(state.count) } }
    for _ in 0..<5 { reactor.send(.increment) }
    #expect(seen.current == [0, 1, 2, 3, 4, 5])
    observation.cancel()
  }

  @Test func aWholeStateObserverOfAnEquatableStateSkipsRepeats() {
    let store = Store(initial: CounterTree(), reducer: counterReducer)
    let titles = Shared<[String]>([])
    let skipping = store.observe { state in titles.withLock { $0.append(state.title) } }
    let every = Shared(0)
    let all = store.observe(skippingRepeats: false) { _ in every.increment() }
    store.dispatch(.setTitle("a"))
    store.dispatch(.setTitle("a"))
    store.dispatch(.setTitle("b"))
    #expect(titles.current == ["", "a", "b"])
    #expect(every.current == 4)
    withExtendedLifetime((skipping, all)) {}
  }

  @Test func aCancelledObserverIsNotCalledAgain() {
    let reactor = ProbeReactor()
    let calls = Shared(0)
    let observation = reactor.observe(\.count) { _ in calls.increment() }
    reactor.send(.increment)
    observation.cancel()
    observation.cancel()
    reactor.send(.increment)
    #expect(calls.current == 2)
  }

  @Test func releasingTheTokenEndsTheObservation() {
    let reactor = ProbeReactor()
    let calls = Shared(0)
    do {
      let observation = reactor.observe(\.count) { _ in calls.increment() }
      reactor.send(.increment)
      _ = observation
    }
    reactor.send(.increment)
    #expect(calls.current == 2)
  }

  @Test func aBagEndsWhatItHolds() {
    let reactor = ProbeReactor()
    let calls = Shared(0)
    let bag = CancelBag()
    reactor.observe(\.count) { _ in calls.increment() }.store(in: bag)
    reactor.observe { _ in calls.increment() }.store(in: bag)
    #expect(bag.count == 2)
    bag.cancelAll()
    reactor.send(.increment)
    #expect(calls.current == 2)
    #expect(bag.count == 0)
  }

  @Test(.timeLimit(.minutes(3)))
  func observersMayComeAndGoFromManyThreads() async {
    let reactor = ProbeReactor()
    // Each observer's values, and whether each saw them in order.
    let outOfOrder = Shared(0)
    // How many calls the observers had: an observer cancelled before its turn to be registered
    // (another thread was processing) has none, so no count is certain but that there were
    // some, which the in-order check needs to mean anything.
    let calls = Shared(0)
    await onThreads(8) { index in
      for step in 0..<2_000 {
        let last = Shared(-1)
        let observation = reactor.observe(\.count) { count in
          calls.increment()
          let inOrder = last.withLock { last in
            defer { last = count }
            return count > last
          }
          if !inOrder { outOfOrder.increment() }
        }
        reactor.send(.increment)
        // Half are cancelled, half end as their token is released.
        if step % 2 == index % 2 { observation.cancel() }
      }
    }
    await reactor.storage.idle()
    #expect(reactor.currentState.count == 16_000)
    #expect(calls.current > 0)
    #expect(outOfOrder.current == 0)  // every observer saw the counts in order, each once
    #expect(!reactor.storage.hasObservers)  // every one is gone, none leaked
  }
}
