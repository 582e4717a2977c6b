import Reactors
import ReactorsCombine
import ReactorsTestSupport
import Testing

#if canImport(Combine)
  import Combine
#else
  import OpenCombine
#endif

/// The subscription's delivery turn under contention: threads asking for values one at a time
/// while others send. The subscriber is never called twice at once, and what it gets is in
/// order, ending with the newest value.
@Suite(.timeLimit(.minutes(5))) struct DeliveryTurnTests {
  @Test func requestsFromManyThreadsNeverOverlapAndKeepOrder() async throws {
    let reactor = PublisherReactor()
    let subscriber = Overlaps()
    reactor.publisher(for: \.count).subscribe(subscriber)
    let finished = await onThreads(8, within: 120) { index in
      for _ in 0..<2_000 {
        if index.isMultiple(of: 2) { reactor.send(.increase) } else { subscriber.request(1) }
      }
    }
    try #require(finished)  // else idle() could wait for ever
    await reactor.storage.idle()
    subscriber.request(1_000_000)  // whatever waits now, the newest, comes through
    let (seen, overlaps) = subscriber.record.current
    #expect(overlaps == 0)
    #expect(seen == seen.sorted())
    #expect(Set(seen).count == seen.count)
    #expect(seen.last == 8_000)
    subscriber.cancel()
    #expect(!reactor.storage.hasObservers)  // cancelling ended the observer
  }

  @Test func aCancelledSubscriptionLetsItsSubscriberGo() {
    let reactor = PublisherReactor()
    var subscriber: Overlaps? = Overlaps()
    weak var gone: Overlaps?
    gone = subscriber
    reactor.publisher(for: \.count).subscribe(subscriber!)
    subscriber?.cancel()
    subscriber = nil
    #expect(gone == nil)
    #expect(!reactor.storage.hasObservers)
  }
}

/// A subscriber that records what it gets, and whether two calls ever overlapped.
///
/// Audited (test support): `subscription` is set once, by `receive(subscription:)`, which the
/// publisher calls before anything else; everything else goes through `Shared`'s lock.
final class Overlaps: Subscriber, @unchecked Sendable {
  typealias Input = Int
  typealias Failure = Never

  let record = Shared<(seen: [Int], overlaps: Int)>(([], 0))
  private let inside = Shared(false)
  private var subscription: (any Subscription)?

  func receive(subscription: any Subscription) { self.subscription = subscription }

  func receive(_ input: Int) -> Subscribers.Demand {
    let overlapped = inside.withLock { inside in
      defer { inside = true }
      return inside
    }
    record.withLock {
      $0.seen.append(input)
      if overlapped { $0.overlaps += 1 }
    }
    // Stays inside a while (a few microseconds, without a lock held), so that a second call
    // made at the same time would find it here: a window of a few instructions would hide one.
    var spin = 0
    for step in 0..<2_000 { spin &+= step }
    blackHole(spin)
    inside.withLock { $0 = false }
    return .none
  }

  func receive(completion: Subscribers.Completion<Never>) {}

  func request(_ count: Int) { subscription?.request(.max(count)) }
  func cancel() { subscription?.cancel() }
}

/// Keeps the optimizer from dropping the work that computed `value`.
@inline(never) func blackHole(_ value: Int) { _ = value }
