import Foundation
import Reactors
import ReactorsTesting
import Testing

/// A value a cancellable effect sent is dropped if the effect is cancelled before the value is
/// processed, even when it was already queued: latest-wins never shows a stale answer.
@Suite(.timeLimit(.minutes(3))) struct StaleEffectTests {
  @Test func aValueQueuedBeforeItsEffectIsCancelledIsDropped() async throws {
    let clock = TestClock()
    let entered = DispatchSemaphore(value: 0)
    let hold = DispatchSemaphore(value: 0)
    let sent = DispatchSemaphore(value: 0)
    let reactor = ProbeReactor(mutate: { _, action in
      switch action {
      case .custom(1):
        return .run { send in
          try await clock.sleep(for: .seconds(1))
          send(.add(100))
          sent.signal()
        }
        .cancellable(id: "search")
      case .custom(2):
        // Holds processing on this thread while the effect sends, then cancels it.
        entered.signal()
        _ = hold.wait(timeout: .now() + 120)
        return .cancel(id: "search")
      default:
        return ProbeReactor.defaultMutation(action)
      }
    })
    reactor.send(.custom(1))
    await clock.waitForSleepers(1)
    Thread { reactor.send(.custom(2)) }.start()
    #expect(await signalled(entered))
    await clock.advance(by: .seconds(1))
    // The effect's value is queued behind `.custom(2)`, which the other thread is processing.
    #expect(await signalled(sent))
    hold.signal()
    await reactor.storage.idle()
    #expect(reactor.currentState.count == 0)
    #expect(reactor.issueCount == 0)
  }

  @Test func aValueQueuedByAnEffectThatWasNotCancelledIsKept() async throws {
    let clock = TestClock()
    let entered = DispatchSemaphore(value: 0)
    let hold = DispatchSemaphore(value: 0)
    let sent = DispatchSemaphore(value: 0)
    let reactor = ProbeReactor(mutate: { _, action in
      switch action {
      case .custom(1):
        return .run { send in
          try await clock.sleep(for: .seconds(1))
          send(.add(100))
          sent.signal()
        }
        .cancellable(id: "search")
      case .custom(2):
        entered.signal()
        _ = hold.wait(timeout: .now() + 120)
        return .cancel(id: "another")
      default:
        return ProbeReactor.defaultMutation(action)
      }
    })
    reactor.send(.custom(1))
    await clock.waitForSleepers(1)
    Thread { reactor.send(.custom(2)) }.start()
    #expect(await signalled(entered))
    await clock.advance(by: .seconds(1))
    #expect(await signalled(sent))
    hold.signal()
    await reactor.storage.idle()
    #expect(reactor.currentState.count == 100)
  }
}
