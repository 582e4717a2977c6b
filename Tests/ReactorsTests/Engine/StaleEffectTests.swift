import Foundation
import Reactors
import ReactorsTestSupport
import ReactorsTesting
import Testing

/// A value a cancellable effect sent is dropped if the effect is cancelled before the value is
/// processed, even when it was already queued: latest-wins never shows a stale answer. A value
/// queued by an effect whose id was not cancelled is kept.
@Suite(.timeLimit(.minutes(3))) struct StaleEffectTests {
  @Test(arguments: [("search", 0), ("another", 100)])
  func aValueQueuedBeforeACancellationIsDroppedOnlyIfItsIdWasCancelled(
    cancelled: String, expectedCount: Int
  ) async throws {
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
        // Holds processing on this thread while the effect sends, then cancels an id.
        entered.signal()
        _ = hold.wait(timeout: .now() + 120)
        return .cancel(id: cancelled)
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
    #expect(reactor.currentState.count == expectedCount)
    #expect(reactor.issueCount == 0)
  }
}
