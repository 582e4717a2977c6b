import Foundation
import Reactors
import ReactorsTestSupport
import ReactorsTesting
import Testing

/// A `.run` starts on the thread that sent its action, as soon as the engine's lock is
/// released, and runs until its first suspension: what it sends before then is reduced before
/// `send` returns (contract 2).
// Each test that needs a `.run` to start on the sending thread says so; the others hold on
// Apple systems before 26 too (CI runs them so, forced).
@Suite(.timeLimit(.minutes(5)))
struct PendingStartTests {
  @Test(.enabled(if: ImmediateTasks.areAvailable, "needs Task.immediate (Apple 26+, Linux)"))
  func whatARunSendsBeforeItSuspendsIsReducedBeforeSendReturns() {
    let reactor = ProbeReactor(mutate: { _, action in
      guard case .custom(let amount) = action else { return ProbeReactor.defaultMutation(action) }
      return .run { send in
        send(.add(amount))
        send(.add(amount))
      }
    })
    reactor.send(.custom(2))
    #expect(reactor.currentState.count == 4)
    #expect(reactor.storage.runningEffectCount == 0)
  }

  @Test(.enabled(if: ImmediateTasks.areAvailable, "needs Task.immediate (Apple 26+, Linux)"))
  func aRunStartsAfterTheSynchronousPartsBeforeIt() {
    let reactor = ProbeReactor(mutate: { _, action in
      guard case .custom = action else { return ProbeReactor.defaultMutation(action) }
      return .concat([.just(.log("a")), .run { send in send(.log("b")) }, .just(.log("c"))])
    })
    reactor.send(.custom(0))
    #expect(reactor.currentState.log == ["a", "b", "c"])
  }

  @Test(.enabled(if: ImmediateTasks.areAvailable, "needs Task.immediate (Apple 26+, Linux)"))
  func whatARunSendsAfterItSuspendsArrivesLater() async {
    let clock = TestClock()
    let reactor = ProbeReactor(mutate: { _, action in
      guard case .custom = action else { return ProbeReactor.defaultMutation(action) }
      return .run { send in
        send(.add(1))
        try await clock.sleep(for: .seconds(1))
        send(.add(10))
      }
    })
    reactor.send(.custom(0))
    #expect(reactor.currentState.count == 1)
    #expect(reactor.storage.runningEffectCount == 1)
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(999))
    #expect(reactor.currentState.count == 1)  // not before its second
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .milliseconds(1))
    await reactor.storage.settled()
    #expect(reactor.currentState.count == 11)
    #expect(reactor.storage.runningEffectCount == 0)
    #expect(clock.sleeperCount == 0)
  }

  /// Each `.run` here sends the reactor the action that starts the next one at once. Started one inside
  /// the other, 20,000 of them would overflow the stack; they are started one after another.
  @Test(.enabled(if: ImmediateTasks.areAvailable, "needs Task.immediate (Apple 26+, Linux)"))
  func aChainOfRunsThatSendAtOnceDoesNotNest() {
    // How many of the runs' `send` calls are on the stack at once.
    let depth = Shared(0)
    let deepest = Shared(0)
    let reactor = ProbeReactor(mutate: { reactor, action in
      guard case .custom(let step) = action else { return ProbeReactor.defaultMutation(action) }
      guard step < 20_000 else { return .just(.add(1)) }
      return .concat(
        .just(.add(1)),
        .run { _ in
          let now = depth.withLock { depth in
            depth += 1
            return depth
          }
          deepest.withLock { $0 = max($0, now) }
          reactor.send(.custom(step + 1))
          depth.withLock { $0 -= 1 }
        })
    })
    reactor.send(.custom(1))
    #expect(reactor.currentState.count == 20_000)
    #expect(deepest.current == 1)  // each send was queued and returned before the next ran
    #expect(reactor.storage.runningEffectCount == 0)
  }

  /// As ReactorKit subscribes to each action's observable in turn, a `.run` starts when its
  /// action is processed, before the actions queued after it; a cancellation queued after it
  /// ends it at its first suspension, and what it would have sent then is never delivered.
  @Test(.enabled(if: ImmediateTasks.areAvailable, "needs Task.immediate (Apple 26+, Linux)"))
  func aRunStartsInItsTurnAndACancellationQueuedAfterItEndsIt() async {
    let clock = TestClock()
    let started = Shared(false)
    let reactor = ProbeReactor(mutate: { _, action in
      switch action {
      case .custom(1):
        return .run { send in
          started.withLock { $0 = true }
          try await clock.sleep(for: .seconds(1))
          send(.add(100))
        }
        .cancellable(id: "job")
      case .custom(2): return .cancel(id: "job")
      default: return ProbeReactor.defaultMutation(action)
      }
    })
    // Both are queued while `.increment` is processed, and processed in order after it.
    let observation = reactor.observe(\.count) { count in
      guard count == 1 else { return }
      reactor.send(.custom(1))
      reactor.send(.custom(2))
    }
    reactor.send(.increment)
    #expect(started.current)
    await reactor.storage.settled()
    #expect(reactor.storage.runningEffectCount == 0)
    await clock.run()
    #expect(reactor.currentState.count == 1)
    #expect(reactor.issueCount == 0)
    observation.cancel()
  }

  @Test func aRunCancelledByWhatItSentEndsWhenItSuspends() async {
    let clock = TestClock()
    let reactor = ProbeReactor(mutate: { reactor, action in
      switch action {
      case .custom(1):
        return .run { send in
          reactor.send(.custom(2))
          try await clock.sleep(for: .seconds(1))
          send(.add(100))
        }
        .cancellable(id: "job")
      case .custom(2): return .cancel(id: "job")
      default: return ProbeReactor.defaultMutation(action)
      }
    })
    reactor.send(.custom(1))
    await reactor.storage.settled()
    #expect(reactor.storage.runningEffectCount == 0)
    await clock.advance(by: .seconds(1))
    #expect(reactor.currentState.count == 0)
    #expect(reactor.issueCount == 0)
  }

  /// From the synchronous part of a `.run`, another thread sends to the same reactor and this
  /// one waits for it. Were the lock still held, that send could not finish.
  @Test(.enabled(if: ImmediateTasks.areAvailable, "needs Task.immediate (Apple 26+, Linux)"))
  func theEngineIsFreeWhileARunStarts() {
    let otherSendFinished = Shared(false)
    let reactor = ProbeReactor(mutate: { reactor, action in
      guard case .custom = action else { return ProbeReactor.defaultMutation(action) }
      return .run { _ in
        let finished = sendsOnAnotherThread(.add(5), to: reactor)
        otherSendFinished.withLock { $0 = finished }
      }
    })
    reactor.send(.custom(0))
    #expect(otherSendFinished.current)
    #expect(reactor.currentState.count == 5)
  }

  /// While this thread's effect runs its synchronous part, another thread sends: its `send`
  /// returns at once (queued, never waiting for this effect), and this thread processes it
  /// after the effect suspends, before its own `send` returns.
  @Test(.enabled(if: ImmediateTasks.areAvailable, "needs Task.immediate (Apple 26+, Linux)"))
  func anotherThreadsSendDuringAnEffectsStartIsQueuedAndProcessedBeforeSendReturns() {
    let otherSendReturned = DispatchSemaphore(value: 0)
    let otherEffectRan = Shared(false)
    let waited = Shared(false)
    let reactor = ProbeReactor(mutate: { reactor, action in
      switch action {
      case .custom(1):
        return .run { _ in
          Thread {
            reactor.send(.custom(2))
            otherSendReturned.signal()
          }.start()
          waited.withLock { $0 = signalArrives(otherSendReturned) }
          #expect(!otherEffectRan.current)
        }
      case .custom(2): return .run { _ in otherEffectRan.withLock { $0 = true } }
      default: return ProbeReactor.defaultMutation(action)
      }
    })
    reactor.send(.custom(1))
    #expect(waited.current)
    #expect(otherEffectRan.current)
  }

  /// Each effect has started, and sent, before the send that scheduled it returns on some
  /// thread; effects are concurrent, so their mutations may interleave across senders.
  @Test func manyThreadsWhoseRunsSendAtOnceLoseNothing() async {
    let reactor = ProbeReactor(mutate: { _, action in
      guard case .send(let sender, let sequence) = action else {
        return ProbeReactor.defaultMutation(action)
      }
      return .run { send in send(.record(sender: sender, sequence: sequence)) }
    })
    await onThreads(8) { sender in
      for sequence in 0..<2_000 { reactor.send(.send(sender: sender, sequence: sequence)) }
    }
    await reactor.storage.idle()
    if ImmediateTasks.areAvailable {
      #expect(reactor.currentState.count == 16_000)  // each sent before its send returned
    }
    await reactor.storage.settled()
    #expect(reactor.currentState.count == 16_000)
    #expect(reactor.storage.runningEffectCount == 0)
  }

  @Test(.enabled(if: ImmediateTasks.areAvailable, "needs Task.immediate (Apple 26+, Linux)"))
  func aMiddlewareRunThatDispatchesAtOnceIsReducedBeforeDispatchReturns() {
    let followUp: Middleware<CounterTree, CounterAction> = { _, action in
      guard case .request(let item) = action else { return .none }
      return .run { send in send(.append(item)) }
    }
    let store = Store(initial: CounterTree(), reducer: counterReducer, middlewares: [followUp])
    store.dispatch(.request(7))
    #expect(store.currentState.items == [7])
  }
}

/// Whether `semaphore` is signalled within 10 seconds.
private func signalArrives(_ semaphore: DispatchSemaphore) -> Bool {
  semaphore.wait(timeout: .now() + 10) == .success
}

/// Sends `action` to `reactor` from a new thread and waits for it, for 10 seconds at most;
/// `false` when it did not finish in time.
private func sendsOnAnotherThread(_ action: ProbeReactor.Action, to reactor: ProbeReactor) -> Bool {
  let done = DispatchSemaphore(value: 0)
  Thread {
    reactor.send(action)
    done.signal()
  }.start()
  return done.wait(timeout: .now() + 10) == .success
}
