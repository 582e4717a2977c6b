import Reactors
import ReactorsTesting
import Testing

/// Contract 3: errors never end a reactor.
@Suite(.timeLimit(.minutes(5))) struct EffectErrorTests {
  struct Boom: Error {}

  @Test func tenThousandFailingEffectsAreReportedAndTheReactorKeepsWorking() async {
    let reactor = ProbeReactor(mutate: { _, action in
      guard case .custom = action else { return ProbeReactor.defaultMutation(action) }
      return .run { _ in throw Boom() }
    })
    for index in 0..<10_000 { reactor.send(.custom(index)) }
    await reactor.storage.settled()
    #expect(reactor.issueCount == 10_000)
    let allFailures = reactor.issues.current.allSatisfy {
      if case .effectFailed(let error, .custom) = $0 { return error is Boom }
      return false
    }
    #expect(allFailures)
    reactor.send(.increment)
    #expect(reactor.currentState.count == 1)
  }

  @Test func aFailingCancellableEffectIsReportedOnceAndACancelledOneNotAtAll() async {
    let clock = TestClock()
    let reactor = ProbeReactor(mutate: { _, action in
      switch action {
      case .custom(0):
        return Effect<ProbeReactor.Mutation>.run { _ in throw Boom() }.cancellable(id: "fails")
      case .custom:
        return Effect<ProbeReactor.Mutation>.run { _ in
          try await clock.sleep(for: .seconds(1))
          throw Boom()  // never reached: cancelled while it waits
        }.cancellable(id: "waits")
      case .setTitle: return .cancel(id: "waits")
      default: return ProbeReactor.defaultMutation(action)
      }
    })
    reactor.send(.custom(0))
    await reactor.storage.settled()
    #expect(reactor.issueCount == 1)
    // `settled` awaited the failed task itself: it has reported and given its slot back.
    #expect(reactor.storage.runningEffectCount == 0)
    reactor.send(.custom(1))
    #expect(reactor.storage.runningEffectCount == 1)  // one task, not one plus a waiter
    await clock.waitForSleepers(1)
    reactor.send(.setTitle("stop"))
    await reactor.storage.settled()
    #expect(reactor.storage.runningEffectCount == 0)
    await clock.advance(by: .seconds(5))
    #expect(reactor.issueCount == 1)
    if case .effectFailed(let error, .custom(0)) = reactor.issues.current.first {
      #expect(error is Boom)
    } else {
      Issue.record("expected the failure of .custom(0), got \(reactor.issues.current)")
    }
  }

  @Test func tenThousandCaughtFailuresBecomeMutations() async {
    let reactor = ProbeReactor(mutate: { _, action in
      guard case .custom = action else { return ProbeReactor.defaultMutation(action) }
      return Effect<ProbeReactor.Mutation>.run { _ in throw Boom() }.catchAndReturn(.add(1))
    })
    for index in 0..<10_000 { reactor.send(.custom(index)) }
    await reactor.storage.settled()
    #expect(reactor.currentState.count == 10_000)
    #expect(reactor.issueCount == 0)
  }

  @Test func anErrorInOneEffectDoesNotEndTheStateStream() async {
    let reactor = ProbeReactor(mutate: { _, action in
      guard case .custom = action else { return ProbeReactor.defaultMutation(action) }
      return .concat(.just(.add(1)), .run { _ in throw Boom() }, .just(.add(100)))
    })
    var states = reactor.states.makeAsyncIterator()
    #expect(await states.next()?.count == 0)
    reactor.send(.custom(0))
    #expect(await states.next()?.count == 1)
    await reactor.storage.settled()
    #expect(reactor.issueCount == 1)
    reactor.send(.increment)
    #expect(await states.next()?.count == 2)  // the stream goes on; the failed concat stopped
  }

  @Test func catchHandlesOnlyTheFailingPart() async {
    let reactor = ProbeReactor(mutate: { _, action in
      guard case .custom = action else { return ProbeReactor.defaultMutation(action) }
      return Effect<ProbeReactor.Mutation>.concat(
        .just(.log("before")),
        .run { send in
          send(.log("partial"))
          throw Boom()
        },
        .just(.log("never"))
      )
      .catch { error in .just(.log("caught \(type(of: error))")) }
    })
    reactor.send(.custom(0))
    await reactor.storage.settled()
    #expect(reactor.currentState.log.count == 3)
    #expect(reactor.currentState.log == ["before", "partial", "caught Boom"])
  }
}
