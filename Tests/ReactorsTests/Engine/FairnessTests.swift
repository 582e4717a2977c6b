import Foundation
import Reactors
import ReactorsTestSupport
import Testing

/// Contract 1's fairness: a thread that processes work other threads queued takes a bounded
/// batch of it, then hands the rest to a task the reactor owns, so its own `send` returns while
/// they keep sending; the rest is still processed, once each, in order.
@Suite(.timeLimit(.minutes(3))) struct FairnessTests {
  @Test func aSenderProcessesABoundedBatchOfOtherThreadsWorkThenHandsTheRestOn() async throws {
    // More than one batch (256), and few beyond the backlog: each send behind 256 queued
    // pauses about 0.1 ms of real time.
    let queuedByOthers = 300
    let othersQueued = DispatchSemaphore(value: 0)
    let processedOnFirstThread = Shared(0)
    // The first thread, while it is inside `send` (so its identifier cannot be reused).
    let firstThread = Shared<ObjectIdentifier?>(nil)
    let inMutate = DispatchSemaphore(value: 0)
    let reactor = ProbeReactor(mutate: { _, action in
      guard case .custom = action else { return ProbeReactor.defaultMutation(action) }
      // Holds this thread in `mutate` until the other thread has queued its actions.
      inMutate.signal()
      _ = othersQueued.wait(timeout: .now() + 30)
      return .just(.add(1))
    })
    let observation = reactor.observe(\.count) { _ in
      if ObjectIdentifier(Thread.current) == firstThread.current {
        processedOnFirstThread.increment()
      }
    }
    let firstReturned = DispatchSemaphore(value: 0)
    Thread {
      firstThread.withLock { $0 = ObjectIdentifier(Thread.current) }
      reactor.send(.custom(0))
      firstThread.withLock { $0 = nil }
      firstReturned.signal()
    }.start()
    // The other thread queues while the first is held in `mutate`, then keeps sending until the
    // first thread's `send` has returned: it must return while others keep sending.
    let keepSending = Shared(true)
    let sent = Shared(0)
    let senderDone = DispatchSemaphore(value: 0)
    Thread {
      defer { senderDone.signal() }
      guard inMutate.wait(timeout: .now() + 30) == .success else { return }
      // Each of these is queued and returns, at once or, behind 256 queued, after a pause on
      // the clock (which never waits for the first thread, or this loop could not end).
      var sequence = 0
      while sequence < queuedByOthers
        || (keepSending.current && sequence < 1_000_000)
      {
        reactor.send(.send(sender: 1, sequence: sequence))
        sequence += 1
        if sequence == queuedByOthers { othersQueued.signal() }
      }
      sent.withLock { $0 = sequence }
    }.start()
    #expect(await signalled(firstReturned), "the first send did not return while others sent")
    keepSending.withLock { $0 = false }
    try #require(await signalled(senderDone))
    await reactor.storage.idle()
    // Its own action, then at most one batch of the others' (the observer's first call, made
    // before, ran on the test's thread).
    #expect(processedOnFirstThread.current >= 1)
    #expect(processedOnFirstThread.current <= 1 + 256)
    #expect(sent.current >= queuedByOthers)
    #expect(reactor.currentState.count == 1 + sent.current)
    #expect(reactor.currentState.outOfOrder == 0)
    #expect(reactor.currentState.lastSequence[1] == sent.current - 1)
    observation.cancel()
  }

  /// Behind a backlog, an outside `send` pauses once its action is queued; an effect's `Send`
  /// never does, however long the queue (it may run on the processing thread's own behalf).
  @Test func onlyAnOutsideSendPausesBehindABacklog() async throws {
    let count = 300  // more than the backlog of 256
    let inMutate = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let (gate, openGate) = AsyncStream.makeStream(of: Void.self)
    let effectSent = DispatchSemaphore(value: 0)
    let reactor = ProbeReactor(mutate: { _, action in
      switch action {
      case .custom(0):
        // Holds the processing thread here while the others queue.
        inMutate.signal()
        _ = release.wait(timeout: .now() + 30)
        return .none
      case .custom(1):
        return .run { send in
          for await _ in gate { break }
          for _ in 0..<count { send(.add(1)) }
          effectSent.signal()
        }
      default:
        return ProbeReactor.defaultMutation(action)
      }
    })
    let pauses = Shared(0)
    reactor.storage.replacePauseBehindBacklog { pausing in
      // One sender pauses at a time: the effect's sends were never counted as pausing.
      #expect(pausing == 1)
      pauses.increment()
    }
    reactor.send(.custom(1))  // the effect waits at its gate
    let held = Thread { reactor.send(.custom(0)) }
    held.start()
    #expect(await signalled(inMutate))
    openGate.yield()
    #expect(await signalled(effectSent))
    #expect(pauses.current == 0, "an effect's Send paused behind the backlog")
    // Every one of these joins the effect's values, already more than the backlog.
    let sent = await onThreads(1, within: 30) { _ in
      for _ in 0..<count { reactor.send(.add(1)) }
    }
    try #require(sent)
    #expect(pauses.current == count)
    release.signal()
    await reactor.storage.idle()
    #expect(reactor.currentState.count == 2 * count)
  }

  /// Threads pausing behind one reactor's backlog are counted while they pause: each pause is
  /// told how many pause now (so that a crowd pauses longer), and a pause that ended no longer
  /// counts.
  @Test func eachPauseIsToldHowManyThreadsPauseOnTheReactor() async throws {
    let crowd = 3
    let inMutate = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let reactor = ProbeReactor(mutate: { _, action in
      guard case .custom = action else { return ProbeReactor.defaultMutation(action) }
      // Holds the processing thread here while the others queue and pause.
      inMutate.signal()
      _ = release.wait(timeout: .now() + 30)
      return .none
    })
    let pausing = Shared<[Int]>([])
    let allPausing = DispatchSemaphore(value: 0)
    reactor.storage.replacePauseBehindBacklog { count in
      let arrived = pausing.withLock {
        $0.append(count)
        return $0.count
      }
      // The first `crowd` pauses last until all of them have begun.
      if arrived == crowd {
        for _ in 0..<crowd { allPausing.signal() }
      }
      if arrived <= crowd { _ = allPausing.wait(timeout: .now() + 30) }
    }
    // Lets the held thread go however the test ends.
    defer { release.signal() }
    let held = Thread { reactor.send(.custom(0)) }
    held.start()
    #expect(await signalled(inMutate))
    // A backlog of 256 queued by another thread, without a pause.
    let queued = await onThreads(1, within: 30) { _ in
      for _ in 0..<256 { reactor.send(.add(1)) }
    }
    try #require(queued)
    #expect(pausing.current.isEmpty)
    // Three threads join it at once: each pauses, told 1, 2 and 3 in turn.
    let paused = await onThreads(crowd, within: 30) { _ in reactor.send(.add(1)) }
    try #require(paused)
    #expect(pausing.current.sorted() == [1, 2, 3])
    // Their pauses have ended: the next one pauses alone.
    let pausedAlone = await onThreads(1, within: 30) { _ in reactor.send(.add(1)) }
    try #require(pausedAlone)
    #expect(pausing.current.count == crowd + 1)
    #expect(pausing.current.last == 1)
    release.signal()
    await reactor.storage.idle()
    #expect(reactor.currentState.count == 256 + crowd + 1)
  }
}
