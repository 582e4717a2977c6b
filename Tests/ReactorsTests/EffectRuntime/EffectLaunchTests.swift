import Reactors
import ReactorsTestSupport
import ReactorsTesting
import Testing

/// Effect tasks are registered in slots that are reused, as soon as `mutate` returns: these
/// tests check that none is lost, left running or mistaken for another.
@Suite(.timeLimit(.minutes(5))) struct EffectLaunchTests {
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

  /// Lets `sleepers` effects waiting on `clock` finish, then checks the count they reached and
  /// that no task is left running.
  static func endTheWaits(
    of sleepers: Int, on clock: TestClock, in reactor: ProbeReactor, expecting count: Int,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    await clock.waitForSleepers(sleepers)
    let before = reactor.currentState.count
    await clock.advance(by: .milliseconds(999))
    // Not before their second: nothing reduced, everyone still asleep.
    #expect(reactor.currentState.count == before, sourceLocation: sourceLocation)
    #expect(clock.sleeperCount == sleepers, sourceLocation: sourceLocation)
    await clock.advance(by: .milliseconds(1))
    await reactor.storage.settled()
    #expect(reactor.currentState.count == count, sourceLocation: sourceLocation)
    #expect(reactor.storage.runningEffectCount == 0, sourceLocation: sourceLocation)
    #expect(clock.sleeperCount == 0, sourceLocation: sourceLocation)
  }

  @Test func anEffectStartedBySendIsRunningWhenSendReturns() async {
    let clock = TestClock()
    let reactor = Self.waitingReactor(clock)
    reactor.send(.custom(0))
    #expect(reactor.storage.runningEffectCount == 1)
    await Self.endTheWaits(of: 1, on: clock, in: reactor, expecting: 1)
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
    await clock.advance(by: .milliseconds(999))
    #expect(reactor.currentState.count == 0)  // not before its second
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .milliseconds(1))
    await reactor.storage.settled()
    #expect(reactor.currentState.count == 1)
    #expect(clock.sleeperCount == 0)
    observation.cancel()
  }

  @Test func everyEffectQueuedDuringOneSendIsStarted() async {
    let order = Shared<[Int]>([])
    let reactor = ProbeReactor(mutate: { _, action in
      guard case .custom(let index) = action else { return ProbeReactor.defaultMutation(action) }
      return .run { _ in order.withLock { $0.append(index) } }
    })
    // One send whose observer sends more: their effects start while the first is processed.
    let observation = reactor.observe(\.count) { count in
      if count == 1 { for index in 1...3 { reactor.send(.custom(index)) } }
    }
    reactor.send(.increment)
    await reactor.storage.settled()
    #expect(order.current.count == 3)
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
    await onThreads(4) { thread in
      for index in 0..<500 {
        if thread % 2 == 0 {
          reactor.send(.custom(index))
        } else {
          reactor.send(.setTitle("stop"))
        }
      }
    }
    reactor.send(.setTitle("stop"))
    await reactor.storage.settled()
    #expect(reactor.storage.runningEffectCount == 0)
    await clock.advance(by: .seconds(5))
    #expect(reactor.currentState.count == 0)
  }

  @Test func cancellingAnIdAfterSlotsAreReusedCancelsOnlyItsTasks() async {
    let clock = TestClock()
    let reactor = ProbeReactor(mutate: { _, action in
      switch action {
      case .custom(let amount) where amount < 0:
        return .run { _ in }  // ends at once and frees its slot
      case .custom(let amount):
        return Effect<ProbeReactor.Mutation>.run { send in
          try await clock.sleep(for: .seconds(1))
          send(.add(amount))
        }.cancellable(id: amount)
      case .setTitle(let title): return .cancel(id: Int(title)!)
      default: return ProbeReactor.defaultMutation(action)
      }
    })
    reactor.send(.custom(1))
    let sleeping = Set(reactor.storage.effectTasks)
    for _ in 0..<3 { reactor.send(.custom(-1)) }
    // Each task leaves its slot as it ends: awaiting them is awaiting the slots' release.
    for task in reactor.storage.effectTasks where !sleeping.contains(task) { _ = await task.result }
    #expect(reactor.storage.runningEffectCount == 1)
    reactor.send(.custom(10))  // takes a slot an ended task left
    reactor.send(.custom(100))
    reactor.send(.setTitle("1"))
    #expect(reactor.storage.runningEffectCount == 2)
    await Self.endTheWaits(of: 2, on: clock, in: reactor, expecting: 110)
  }

  @Test func aTaskThatEndsAfterItsReactorIsGoneIsForgottenQuietly() async throws {
    let (started, startedSignal) = AsyncStream.makeStream(of: Void.self)
    let (mayEnd, mayEndSignal) = AsyncStream.makeStream(of: Void.self)
    let (ended, endedSignal) = AsyncStream.makeStream(of: Void.self)
    var reactor: ProbeReactor? = ProbeReactor(mutate: { _, action in
      guard case .custom = action else { return ProbeReactor.defaultMutation(action) }
      return .run { _ in
        startedSignal.yield()
        // Waits until told, or until cancelled as its reactor goes away: it ends after that.
        for await _ in mayEnd { break }
        endedSignal.yield()
      }
    })
    reactor?.send(.custom(0))
    var startedEvents = started.makeAsyncIterator()
    await startedEvents.next()
    let task = try #require(reactor?.storage.effectTasks.first)
    weak var weakReactor: ProbeReactor?
    weakReactor = reactor
    reactor = nil
    #expect(weakReactor == nil)  // the running task does not keep its reactor alive
    mayEndSignal.yield()
    var endedEvents = ended.makeAsyncIterator()
    await endedEvents.next()
    // Its end (giving back a slot of a registry that is gone with its reactor) is quiet: the
    // task ends without an error, and nothing crashes.
    let result = await task.result
    #expect(throws: Never.self) { try result.get() }
  }
}
