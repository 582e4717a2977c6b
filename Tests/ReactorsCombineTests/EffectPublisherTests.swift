import Reactors
import ReactorsCombine
import ReactorsTestSupport
import Testing

#if canImport(Combine)
  import Combine
#else
  import OpenCombine
#endif

/// Effects from publishers: values emitted while subscribing are reduced before `send`
/// returns, later ones arrive in order, a failure goes to `.catch`, and the subscription ends
/// with the effect.
@Suite(.timeLimit(.minutes(5))) struct EffectPublisherTests {
  @Test func valuesEmittedWhileSubscribingAreReducedBeforeSendReturns() {
    let reactor = PublisherReactor()
    reactor.send(
      .load {
        [PublisherReactor.Mutation.add(2), .add(3)].publisher
          .setFailureType(to: (any Error).self).eraseToAnyPublisher()
      })
    #expect(reactor.currentState.count == 5)
    reactor.send(.load { Empty().eraseToAnyPublisher() })
    #expect(reactor.currentState.count == 5)
    #expect(reactor.storage.runningEffectCount == 0)
  }

  @Test func laterValuesArriveInOrder() async {
    let reactor = PublisherReactor()
    let upstream = Upstream()
    var states = reactor.states.makeAsyncIterator()
    _ = await states.next()
    reactor.send(.load(upstream.publisher))
    upstream.send(.add(1))
    upstream.send(.setTitle("one"))
    upstream.send(.add(10))
    #expect(await states.next()?.count == 1)
    #expect(await states.next()?.title == "one")
    #expect(await states.next()?.count == 11)
    upstream.finish()
    await reactor.storage.settled()
    #expect(upstream.cancellations.current == 0)
  }

  @Test func aFailureGoesToCatch() async {
    let reactor = PublisherReactor()
    let upstream = Upstream()
    var states = reactor.states.makeAsyncIterator()
    _ = await states.next()
    reactor.send(.load(upstream.publisher))
    upstream.fail()
    #expect(await states.next()?.title == "failed")
    // A publisher that fails while subscribing fails at once (where tasks start in line).
    reactor.send(.setTitle(""))
    reactor.send(.load { Fail(error: Upstream.Failure()).eraseToAnyPublisher() })
    if ImmediateTasks.areAvailable { #expect(reactor.currentState.title == "failed") }
    #expect(await states.next()?.title == "")
    #expect(await states.next()?.title == "failed")
  }

  @Test func cancellingTheEffectCancelsTheSubscription() async {
    let reactor = PublisherReactor()
    let first = Upstream()
    let second = Upstream()
    reactor.send(.loadLatest(first.publisher))
    reactor.send(.loadLatest(second.publisher))  // cancels the first in flight
    #expect(await first.waitForCancellation())
    #expect(second.cancellations.current == 0)
    reactor.send(.cancelLoad)
    #expect(await second.waitForCancellation())
    await reactor.storage.settled()
    #expect(first.cancellations.current == 1)
    #expect(second.cancellations.current == 1)
  }

  @Test func eraseToEffectSubscribesWhereItIsCalled() {
    let subscriptions = Shared(0)
    let publisher = Just(PublisherReactor.Mutation.add(4))
      .handleEvents(receiveSubscription: { _ in subscriptions.increment() })
    let effect = publisher.eraseToEffect()
    #expect(subscriptions.current == 1)  // subscribed already, its value kept for the effect
    let reactor = PublisherReactor()
    reactor.send(.run(effect))
    #expect(reactor.currentState.count == 4)
    #expect(subscriptions.current == 1)
  }

  @Test func theSubscriptionEndsWhenTheReactorGoesAway() async {
    var reactor: PublisherReactor? = PublisherReactor()
    let upstream = Upstream()
    reactor?.send(.load(upstream.publisher))
    weak var gone: PublisherReactor?
    gone = reactor
    reactor = nil
    #expect(await upstream.waitForCancellation())
    #expect(gone == nil)
    #expect(upstream.cancellations.current == 1)
  }
}
