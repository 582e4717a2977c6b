import Reactors
import ReactorsTesting
import Testing

/// Effect tasks are created when the engine's lock is released, not while it is held: these
/// tests check that none is lost or left running on the way.
@Suite struct EffectLaunchTests {
  /// A reactor whose `.custom` action starts an effect that waits on `clock` and then adds one.
  static func waitingReactor(_ clock: TestClock) -> ProbeReactor {
    ProbeReactor(mutate: { _, action in
      guard case .custom = action else { return ProbeReactor.defaultMutation(action) }
      return .run { send in
        try await clock.sleep(for: .seconds(1))
        send(.add(1))
      }
    })
  }

  @Test func anEffectStartedBySendIsRunningWhenSendReturns() async {
    let clock = TestClock()
    let reactor = Self.waitingReactor(clock)
    reactor.send(.custom(0))
    #expect(reactor.storage.runningEffectCount == 1)
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    #expect(await eventually { reactor.currentState.count == 1 })
    #expect(await eventually { reactor.storage.runningEffectCount == 0 })
  }

  @Test func anEffectStartedFromAnObserverIsRunningWhenObserveReturns() async {
    let clock = TestClock()
    let reactor = Self.waitingReactor(clock)
    // The observer's first call happens inside `observe`, with the lock held.
    let observation = reactor.observe(\.count) { count in
      if count == 0 { reactor.send(.custom(0)) }
    }
    #expect(reactor.storage.runningEffectCount == 1)
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    #expect(await eventually { reactor.currentState.count == 1 })
    observation.cancel()
  }

  @Test func everyEffectQueuedDuringOneSendIsStarted() async {
    let order = Shared<[Int]>([])
    let reactor = ProbeReactor(mutate: { _, action in
      guard case .custom(let index) = action else { return ProbeReactor.defaultMutation(action) }
      return .run { _ in order.withLock { $0.append(index) } }
    })
    // One send whose observer sends more: their effects wait for the lock to be released.
    let observation = reactor.observe(\.count) { count in
      if count == 1 { for index in 1...3 { reactor.send(.custom(index)) } }
    }
    reactor.send(.increment)
    #expect(await eventually { order.current.count == 3 })
    #expect(Set(order.current) == [1, 2, 3])
    observation.cancel()
  }

  @Test func cancellingAnIdWhileItsTasksAreStartingLeavesNoneRunning() async {
    let clock = TestClock()
    let id = "racing"
    let reactor = ProbeReactor(mutate: { _, action in
      switch action {
      case .custom:
        return Effect<ProbeReactor.Mutation>.run { send in
          try await clock.sleep(for: .seconds(1))
          send(.add(1))
        }.cancellable(id: id)
      case .setTitle: return .cancel(id: id)
      default: return ProbeReactor.defaultMutation(action)
      }
    })
    onThreads(4) { thread in
      for index in 0..<500 {
        if thread % 2 == 0 {
          reactor.send(.custom(index))
        } else {
          reactor.send(.setTitle("stop"))
        }
      }
    }
    reactor.send(.setTitle("stop"))
    #expect(await eventually { reactor.storage.runningEffectCount == 0 })
    await clock.advance(by: .seconds(5))
    #expect(reactor.currentState.count == 0)
  }
}
