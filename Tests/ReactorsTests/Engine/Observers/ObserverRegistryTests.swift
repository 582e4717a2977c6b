import Reactors
import ReactorsTestSupport
import Testing

/// Observers that add or remove observers while a change is being delivered: the delivery
/// walks the registry in place, so these are the cases that must keep it consistent.
@Suite struct ObserverRegistryTests {
  @Test func anObserverThatCancelsItselfIsCalledOnceAndTheOthersGoOn() {
    let reactor = ProbeReactor()
    let calls = Shared<[String]>([])
    let tokens = Shared<[ObservationToken]>([])
    let first = reactor.observe(\.count) { count in calls.withLock { $0.append("first \(count)") } }
    let quitter = reactor.observe(\.count) { count in
      calls.withLock { $0.append("quitter \(count)") }
      if count == 1 { tokens.withLock { $0.first?.cancel() } }
    }
    tokens.withLock { $0.append(quitter) }
    let last = reactor.observe(\.count) { count in calls.withLock { $0.append("last \(count)") } }
    reactor.send(.increment)
    reactor.send(.increment)
    #expect(
      calls.current == [
        "first 0", "quitter 0", "last 0", "first 1", "quitter 1", "last 1", "first 2", "last 2",
      ])
    withExtendedLifetime((first, last)) {}
  }

  @Test func anObserverCancelledByAnEarlierOneIsNotCalledForThatChange() {
    let reactor = ProbeReactor()
    let calls = Shared<[Int]>([])
    let victim = Shared<ObservationToken?>(nil)
    let killer = reactor.observe(\.count) { count in
      if count == 1 { victim.withLock { $0?.cancel() } }
    }
    victim.withLock {
      $0 = reactor.observe(\.count) { count in calls.withLock { $0.append(count) } }
    }
    reactor.send(.increment)
    reactor.send(.increment)
    #expect(calls.current == [0])
    withExtendedLifetime(killer) {}
  }

  @Test func anObserverAddedDuringADeliveryStartsFromTheNewValueOnce() {
    let reactor = ProbeReactor()
    let late = Shared<[Int]>([])
    let added = Shared<[ObservationToken]>([])
    let adder = reactor.observe(\.count) { count in
      guard count == 1 else { return }
      let token = reactor.observe(\.count) { count in late.withLock { $0.append(count) } }
      added.withLock { $0.append(token) }
    }
    reactor.send(.increment)
    reactor.send(.increment)
    #expect(late.current == [1, 2])
    withExtendedLifetime(adder) {}
    added.withLock { $0.removeAll() }
  }

  @Test func anObserverAddedDuringADeliveryStartsFromTheNewestValueWhateverItsGroup() {
    let reactor = ProbeReactor()
    let titles = Shared<[String]>([])
    let added = Shared<[ObservationToken]>([])
    // The `count` group is made first, so it is delivered before the `title` group.
    let adder = reactor.observe(\.count) { count in
      guard count == 1 else { return }
      let token = reactor.observe(\.title) { title in titles.withLock { $0.append(title) } }
      added.withLock { $0.append(token) }
    }
    let existing = reactor.observe(\.title) { _ in }
    reactor.stub.isEnabled = true
    var next = reactor.currentState
    next.count = 1
    next.title = "new"
    reactor.stub.state = next
    next.title = "newer"
    reactor.stub.state = next
    // Its group had compared "new" already: it starts there, and never sees a change twice.
    #expect(titles.current == ["new", "newer"])
    withExtendedLifetime((adder, existing)) {}
    added.withLock { $0.removeAll() }
  }

  @Test func aGroupEmptiedDuringADeliveryIsRebuiltByTheNextObserver() {
    let reactor = ProbeReactor()
    let own = Shared<ObservationToken?>(nil)
    own.withLock {
      $0 = reactor.observe(\.count) { count in
        if count == 1 { own.withLock { $0?.cancel() } }
      }
    }
    reactor.send(.increment)
    reactor.send(.increment)
    let seen = Shared<[Int]>([])
    let again = reactor.observe(\.count) { count in seen.withLock { $0.append(count) } }
    reactor.send(.increment)
    #expect(seen.current == [2, 3])
    withExtendedLifetime(again) {}
  }

  @Test func anEveryStateObserverMayCancelItselfAndAddAnother() {
    let reactor = ProbeReactor()
    let log = Shared<[String]>([])
    let own = Shared<ObservationToken?>(nil)
    let added = Shared<[ObservationToken]>([])
    own.withLock {
      $0 = reactor.observe { state in
        log.withLock { $0.append("old \(state.count)") }
        guard state.count == 1 else { return }
        own.withLock { $0?.cancel() }
        let token = reactor.observe { state in log.withLock { $0.append("new \(state.count)") } }
        added.withLock { $0.append(token) }
      }
    }
    reactor.send(.increment)
    reactor.send(.increment)
    #expect(log.current == ["old 0", "old 1", "new 1", "new 2"])
    added.withLock { $0.removeAll() }
  }

  /// An observer's closure may hold the last reference to something whose `deinit` runs code:
  /// here, cancelling another observer of the same reactor and sending to it. That code runs
  /// once the engine's lock is released, as any user code does.
  @Test func whatAnObserverHeldIsFreedWithTheLockReleased() {
    let reactor = ProbeReactor()
    let titles = Shared<[String]>([])
    let other = reactor.observe(\.title) { title in titles.withLock { $0.append(title) } }
    var holder: DeinitHook? = DeinitHook {
      other.cancel()
      reactor.send(.setTitle("sent from a deinit"))
    }
    let token = reactor.observe(\.count) { [holder] _ in withExtendedLifetime(holder) {} }
    holder = nil
    token.cancel()  // frees the closure, and with it the hook
    #expect(reactor.currentState.title == "sent from a deinit")
    #expect(titles.current == [""])  // cancelled before the title changed
  }
}

/// Runs `body` when it is deallocated.
final class DeinitHook: Sendable {
  let body: @Sendable () -> Void

  init(_ body: @escaping @Sendable () -> Void) { self.body = body }

  deinit { body() }
}
