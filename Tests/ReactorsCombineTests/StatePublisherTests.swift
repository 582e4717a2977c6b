import Foundation
import Reactors
import ReactorsCombine
import ReactorsTestSupport
import Testing

#if canImport(Combine)
  import Combine
#else
  import OpenCombine
#endif

/// Publishers of the state and of a key path: the current value first, then changes in order,
/// repeats skipped, demand respected, and nothing delivered after cancel.
@Suite(.timeLimit(.minutes(5))) struct StatePublisherTests {
  @Test func aKeyPathPublisherSkipsRepeatsAndOtherFields() {
    let reactor = PublisherReactor()
    let titles = Shared<[String]>([])
    let cancellable = reactor.publisher(for: \.title).sink { title in
      titles.withLock { $0.append(title) }
    }
    reactor.send(.increase)
    reactor.send(.setTitle("a"))
    reactor.send(.setTitle("a"))
    reactor.send(.setTitle("b"))
    #expect(titles.current == ["", "a", "b"])
    cancellable.cancel()
    reactor.send(.setTitle("c"))
    #expect(titles.current == ["", "a", "b"])
  }

  @Test func theStatePublisherSendsEveryDistinctState() {
    let reactor = PublisherReactor()
    let counts = Shared<[Int]>([])
    let cancellable = reactor.statePublisher.sink { state in
      counts.withLock { $0.append(state.count) }
    }
    reactor.send(.increase)
    reactor.send(.setTitle(""))  // the same state: skipped
    reactor.send(.increase)
    #expect(counts.current == [0, 1, 2])
    withExtendedLifetime(cancellable) {}
  }

  @Test func aStoresPublishersFollowItsState() {
    let store = Store(initial: 0, reducer: { (state: inout Int, add: Int) in state += add })
    let values = Shared<[Int]>([])
    let cancellable = store.publisher(for: \.self).sink { value in
      values.withLock { $0.append(value) }
    }
    store.dispatch(1)
    store.dispatch(0)
    store.dispatch(2)
    #expect(values.current == [0, 1, 3])
    withExtendedLifetime(cancellable) {}
  }

  @Test func aSubscriberWithoutDemandGetsTheNewestValueWhenItAsks() {
    let reactor = PublisherReactor()
    let subscriber = OneAtATime()
    reactor.publisher(for: \.count).subscribe(subscriber)
    #expect(subscriber.received.current == [])
    subscriber.request(1)
    #expect(subscriber.received.current == [0])
    for _ in 0..<5 { reactor.send(.increase) }
    subscriber.request(1)
    #expect(subscriber.received.current == [0, 5])  // 1 to 4 were replaced by newer values
    subscriber.request(2)
    reactor.send(.increase)
    reactor.send(.increase)
    #expect(subscriber.received.current == [0, 5, 6, 7])
    subscriber.cancel()
    subscriber.request(1)
    reactor.send(.increase)
    #expect(subscriber.received.current == [0, 5, 6, 7])
  }

  @Test func eightThreadsSendingAreSeenInOrderNewestLast() async {
    let reactor = PublisherReactor()
    let counts = Shared<[Int]>([])
    let cancellable = reactor.publisher(for: \.count).sink { count in
      counts.withLock { $0.append(count) }
    }
    await onThreads(8) { _ in
      for _ in 0..<2_000 { reactor.send(.increase) }
    }
    await reactor.storage.idle()
    let seen = counts.current
    #expect(seen.last == 16_000)
    #expect(seen == seen.sorted())
    #expect(Set(seen).count == seen.count)
    withExtendedLifetime(cancellable) {}
  }
}

/// A subscriber that asks for values only when the test says so.
///
/// Audited (test support): `subscription` is set once, by `receive(subscription:)`, before the
/// test calls `request`; the values go through `Shared`'s lock.
final class OneAtATime: Subscriber, @unchecked Sendable {
  typealias Input = Int
  typealias Failure = Never

  let received = Shared<[Int]>([])
  private var subscription: (any Subscription)?

  func receive(subscription: any Subscription) { self.subscription = subscription }
  func receive(_ input: Int) -> Subscribers.Demand {
    received.withLock { $0.append(input) }
    return .none
  }
  func receive(completion: Subscribers.Completion<Never>) {}

  func request(_ count: Int) { subscription?.request(.max(count)) }
  func cancel() { subscription?.cancel() }
}
