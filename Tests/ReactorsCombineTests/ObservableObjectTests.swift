import Reactors
import ReactorsCombine
import ReactorsTestSupport
import Testing

#if canImport(Combine)
  import Combine
#else
  import OpenCombine
#endif

/// A reactor class made an `ObservableObject`, as a `@StateObject` needs.
extension PublisherReactor: ObservableObjectReactor {}

/// Stores and reactors as `ObservableObject`s: one `objectWillChange` per change, on the main
/// actor; none for a repeat; changes made on other threads arrive on the main actor.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct ObservableObjectTests {
  @Test func aStoreFiresOncePerChangeOnTheMainActor() {
    let store = Store(initial: 0, reducer: { (state: inout Int, add: Int) in state += add })
    let events = Shared(0)
    let cancellable = store.objectWillChange.sink { _ in
      #expect(isOnMainActor())
      events.increment()
    }
    #expect(events.current == 0)  // the state it starts from is not a change
    store.dispatch(1)
    store.dispatch(2)
    #expect(events.current == 2)
    #expect(store.state == 3)  // what SwiftUI reads when it re-renders
    store.dispatch(0)  // a repeat
    #expect(events.current == 2)
    withExtendedLifetime(cancellable) {}
  }

  @Test func aStoreDispatchedFromAnotherThreadFiresOnTheMainActor() async {
    let store = Store(initial: 0, reducer: { (state: inout Int, add: Int) in state += add })
    let (events, event) = AsyncStream.makeStream(of: Bool.self)
    let cancellable = store.objectWillChange.sink { _ in event.yield(isOnMainActor()) }
    await onThreads(1) { _ in store.dispatch(1) }
    let onMainActor = await withDeadline { [events] in await events.first { _ in true } }
    #expect(onMainActor == true, "objectWillChange must fire on the main actor")
    withExtendedLifetime(cancellable) {}
  }

  @Test func anObservableObjectReactorFiresOncePerChange() {
    let reactor = PublisherReactor()
    let object: some ObservableObject = reactor
    let events = Shared(0)
    let cancellable = object.objectWillChange.sink { _ in events.increment() }
    reactor.send(.increase)
    reactor.send(.setTitle(""))  // a repeat
    reactor.send(.setTitle("x"))
    #expect(events.current == 2)
    withExtendedLifetime(cancellable) {}
  }

  @Test func changesFromOtherThreadsArriveOnTheMainActor() async {
    let reactor = PublisherReactor()
    let arrived = AsyncStream<Int>.makeStream()
    let cancellable = reactor.objectWillChange.sink { _ in
      #expect(isOnMainActor())
      arrived.continuation.yield(reactor.currentState.count)
    }
    await onThreads(8) { _ in
      for _ in 0..<500 { reactor.send(.increase) }
    }
    await reactor.storage.idle()
    // Several changes may arrive as one event; the state read after the last is the newest.
    let newest = await withDeadline { [arrived] in
      var newest = 0
      for await count in arrived.stream {
        newest = count
        if count == 4_000 { break }
      }
      return newest
    }
    #expect(newest == 4_000)
    withExtendedLifetime(cancellable) {}
  }

  @Test func aStateThatIsNotEquatableFiresOnEveryReduce() {
    let store = Store(
      initial: Unequatable(),
      reducer: { (state: inout Unequatable, add: Int) in
        state.count += add
      })
    let events = Shared(0)
    let cancellable = store.objectWillChange.sink { _ in events.increment() }
    store.dispatch(0)
    store.dispatch(1)
    #expect(events.current == 2)
    withExtendedLifetime(cancellable) {}
  }

  @Test func genericCodeStillSkipsRepeatsOfAnEquatableState() {
    let store = Store(initial: 0, reducer: { (state: inout Int, add: Int) in state += add })
    let values = Shared<[Int]>([])
    let cancellable = statePublisher(of: store).sink { value in
      values.withLock { $0.append(value) }
    }
    store.dispatch(1)
    store.dispatch(0)
    store.dispatch(2)
    #expect(values.current == [0, 1, 3])
    withExtendedLifetime(cancellable) {}
  }
}

/// A state without `Equatable`: every reduce is a change.
struct Unequatable: Sendable {
  var count = 0
}

/// `statePublisher` where nothing says `State` is `Equatable`.
func statePublisher<State, Action>(
  of store: Store<State, Action>
) -> ObservationPublisher<State> {
  store.statePublisher
}

/// Whether the caller runs on the main actor's queue.
private func isOnMainActor() -> Bool { isOnMainQueue() }
