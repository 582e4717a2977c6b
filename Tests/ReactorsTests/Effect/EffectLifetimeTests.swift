import Reactors
import ReactorsTestSupport
import ReactorsTesting
import Testing

/// Contract 4: lifetime is structured.
@Suite(.timeLimit(.minutes(5))) struct EffectLifetimeTests {
  @Test func releasingAReactorCancelsEveryEffectInFlight() async {
    let clock = TestClock()
    let started = Shared(0)
    let cancelled = Shared(0)
    let ranAfterwards = Shared(0)
    weak var weakReactor: ProbeReactor?
    var tasks: [Task<Void, any Error>] = []
    do {
      let reactor = ProbeReactor(mutate: { _, action in
        guard case .custom = action else { return ProbeReactor.defaultMutation(action) }
        return .run { send in
          started.increment()
          do {
            try await clock.sleep(for: .seconds(1))
          } catch {
            cancelled.increment()
            throw error
          }
          ranAfterwards.increment()
          send(.add(1))
        }
      })
      weakReactor = reactor
      for index in 0..<10_000 { reactor.send(.custom(index)) }
      #expect(reactor.currentState.count == 0)
      tasks = reactor.storage.effectTasks
    }
    #expect(weakReactor == nil)
    // The tasks do not keep their reactor; each ends once cancelled, its body done if it began.
    for task in tasks { _ = await task.result }
    #expect(tasks.count == 10_000)
    #expect(cancelled.current == started.current && started.current > 0)
    await clock.advance(by: .seconds(5))
    #expect(ranAfterwards.current == 0)
    if ImmediateTasks.areAvailable {
      // Contract 2: every body started inside its `send`, before the reactor went away.
      #expect(started.current == 10_000)
    } else {
      // Tasks cancelled before they started never ran their body at all.
      #expect(started.current <= 10_000)
    }
  }

  @Test func theStateStreamEndsWhenTheReactorGoesAway() async {
    var reactor: ProbeReactor? = ProbeReactor()
    var states = reactor!.states.makeAsyncIterator()
    #expect(await states.next()?.count == 0)
    reactor = nil
    #expect(await states.next() == nil)
  }

  @Test func iteratingTheStatesOfAReactorThatIsGoneEndsAtOnce() async {
    var reactor: ProbeReactor? = ProbeReactor()
    let sequence = reactor!.states
    reactor = nil
    var states = sequence.makeAsyncIterator()
    #expect(await states.next() == nil)
  }

  @Test func cancelInFlightKeepsOnlyTheNewest() async {
    let clock = TestClock()
    let reactor = ProbeReactor(mutate: { _, action in
      guard case .custom(let query) = action else { return ProbeReactor.defaultMutation(action) }
      return Effect<ProbeReactor.Mutation>.run { send in
        try await clock.sleep(for: .milliseconds(300))
        send(.log("result \(query)"))
      }
      .cancellable(id: "search", cancelInFlight: true)
    })
    reactor.send(.custom(1))
    reactor.send(.custom(2))
    reactor.send(.custom(3))
    await clock.waitForSleepers(1)
    #expect(clock.sleeperCount == 1)  // the first two were cancelled, asleep or not yet
    await clock.advance(by: .milliseconds(299))
    #expect(reactor.currentState.log.isEmpty)  // not before its 300 ms
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .milliseconds(1))
    await reactor.storage.settled()
    #expect(reactor.currentState.log == ["result 3"])
    await clock.run()
    #expect(reactor.currentState.log == ["result 3"])
  }

  @Test func aStopwatchStopsWhenALaterActionCancelsIt() async {
    let clock = TestClock()
    let reactor = ProbeReactor(mutate: { _, action in
      switch action {
      case .custom(1):
        return Effect<ProbeReactor.Mutation>.run { send in
          while true {
            try await clock.sleep(for: .seconds(1))
            send(.add(1))
          }
        }
        .cancellable(id: "stopwatch")
      case .custom(0):
        return .cancel(id: "stopwatch")
      default:
        return ProbeReactor.defaultMutation(action)
      }
    })
    var states = reactor.states.makeAsyncIterator()
    _ = await states.next()
    reactor.send(.custom(1))
    for tick in 1...3 {
      await clock.waitForSleepers(1)
      await clock.advance(by: .seconds(1))
      #expect(await states.next()?.count == tick)
    }
    reactor.send(.custom(0))
    await clock.advance(by: .seconds(10))
    #expect(reactor.currentState.count == 3)
    await reactor.storage.settled()
    #expect(reactor.storage.runningEffectCount == 0)
  }

  @Test func aCancelledPartOfAConcatLetsTheRestRun() async {
    let clock = TestClock()
    let reactor = ProbeReactor(mutate: { _, action in
      switch action {
      case .custom(1):
        return .concat(
          Effect<ProbeReactor.Mutation>.run { _ in try await clock.sleep(for: .seconds(60)) }
            .cancellable(id: "wait"),
          .just(.log("after the wait"))
        )
      case .custom(0):
        return .cancel(id: "wait")
      default:
        return ProbeReactor.defaultMutation(action)
      }
    })
    reactor.send(.custom(1))
    // The outer task and the cancellable child it awaits, asleep.
    await clock.waitForSleepers(1)
    #expect(reactor.storage.runningEffectCount == 2)
    reactor.send(.custom(0))
    await reactor.storage.settled()
    #expect(reactor.currentState.log == ["after the wait"])
  }
}
