import Reactors
import ReactorsTesting
import Testing

/// The factories and modifiers of `Effect`, run by a reactor.
@Suite(.timeLimit(.minutes(5))) struct EffectTests {
  @Test func theSeedsDelayedIncrementAdvancesOnATestClock() async {
    let clock = TestClock()
    let reactor = ProbeReactor(mutate: { _, action in
      guard case .custom = action else { return ProbeReactor.defaultMutation(action) }
      return .concat([
        .just(.setTitle("loading")),
        Effect.just(.add(1)).delay(for: .seconds(1), clock: clock),
        .just(.setTitle("done")),
      ])
    })
    var states = reactor.states.makeAsyncIterator()
    _ = await states.next()
    reactor.send(.custom(0))
    let loading = await states.next()
    #expect(loading?.title == "loading" && loading?.count == 0)

    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(999))
    #expect(reactor.currentState.count == 0)
    await clock.advance(by: .milliseconds(1))
    let increased = await states.next()
    #expect(increased?.count == 1 && increased?.title == "loading")
    let done = await states.next()
    #expect(done?.count == 1 && done?.title == "done")
  }

  @Test func anAsyncSequenceBecomesAnEffect() async {
    let (stream, continuation) = AsyncStream.makeStream(of: ProbeReactor.Mutation.self)
    let reactor = ProbeReactor(mutate: { _, action in
      guard case .custom = action else { return ProbeReactor.defaultMutation(action) }
      return Effect(stream)
    })
    reactor.send(.custom(0))
    continuation.yield(.add(1))
    continuation.yield(.add(2))
    continuation.finish()
    await reactor.storage.settled()
    #expect(reactor.currentState.count == 3)
    #expect(reactor.storage.runningEffectCount == 0)
  }

  @Test func mergeRunsItsSynchronousPartsInOrderAndItsAsyncPartsTogether() async {
    let clock = TestClock()
    let reactor = ProbeReactor(mutate: { _, action in
      guard case .custom = action else { return ProbeReactor.defaultMutation(action) }
      return .merge(
        Effect.just(.log("slow")).delay(for: .seconds(2), clock: clock),
        .just(.log("now")),
        Effect.just(.log("fast")).delay(for: .seconds(1), clock: clock),
        .just(.log("now again"))
      )
    })
    let tester = ReactorTester(reactor, clock: clock)
    await tester.send(.custom(0)) { $0.log = ["now", "now again"] }
    await tester.advance(by: .seconds(1))
    await tester.receive(.log("fast")) { $0.log.append("fast") }
    await tester.advance(by: .seconds(1))
    await tester.receive(.log("slow")) { $0.log.append("slow") }
    await tester.finish()
  }

  @Test func debounceRunsOnlyTheLastOfABurst() async {
    let clock = TestClock()
    let reactor = ProbeReactor(mutate: { _, action in
      guard case .custom(let query) = action else { return ProbeReactor.defaultMutation(action) }
      return Effect.just(.log("search \(query)"))
        .debounce(id: "query", for: .milliseconds(300), clock: clock)
    })
    for query in 1...5 {
      reactor.send(.custom(query))
      await clock.waitForSleepers(1)
      await clock.advance(by: .milliseconds(100))
    }
    await clock.advance(by: .milliseconds(300))
    await reactor.storage.settled()
    #expect(reactor.currentState.log == ["search 5"])
    await clock.run()
    #expect(reactor.currentState.log == ["search 5"])
  }

  @Test func mapFilterAndCompactMapTransformValues() {
    let reactor = ProbeReactor(mutate: { _, action in
      guard case .custom = action else { return ProbeReactor.defaultMutation(action) }
      return Effect.concat(.just(1), .just(2), .just(3), .just(4))
        .filter { $0 % 2 == 0 }
        .compactMap { $0 == 4 ? nil : $0 }
        .map { ProbeReactor.Mutation.add($0 * 10) }
    })
    reactor.send(.custom(0))
    #expect(reactor.currentState.count == 20)
  }

  @Test func runMaySendFromManyTasks() async {
    let reactor = ProbeReactor(mutate: { _, action in
      guard case .custom = action else { return ProbeReactor.defaultMutation(action) }
      return .run { send in
        await withTaskGroup(of: Void.self) { group in
          for _ in 0..<100 { group.addTask { send(.add(1)) } }
        }
      }
    })
    reactor.send(.custom(0))
    await reactor.storage.settled()
    #expect(reactor.currentState.count == 100)
  }

  @Test func aValueSentAfterCancellationIsNotDeliveredAndIsReported() async {
    let gate = AsyncStream.makeStream(of: Void.self)
    let (lateSends, lateSent) = AsyncStream.makeStream(of: Void.self)
    let reactor = ProbeReactor(mutate: { _, action in
      switch action {
      case .custom(1):
        return Effect<ProbeReactor.Mutation>.run { send in
          for await _ in gate.stream {}  // ends when cancelled: no throw, no check
          send(.add(1))  // reported, if at all, before this returns
          lateSent.yield()
        }
        .cancellable(id: "late")
      case .custom(0):
        return .cancel(id: "late")
      default:
        return ProbeReactor.defaultMutation(action)
      }
    })
    reactor.send(.custom(1))
    reactor.send(.custom(0))
    var sends = lateSends.makeAsyncIterator()
    await sends.next()
    #expect(reactor.issueCount == 1)
    guard case .sentAfterCancellation(action: .custom(1)) = reactor.issues.current.first else {
      Issue.record("expected sentAfterCancellation, got \(reactor.issues.current)")
      return
    }
    #expect(reactor.currentState.count == 0)
  }
}
