import Foundation
import Reactors
import ReactorsTestSupport
import Testing

/// Contract 1: reactors that send to each other, from any threads, never hang. Each test runs
/// its threads with a deadline, so a deadlock fails it instead of hanging the suite.
@Suite(.timeLimit(.minutes(3))) struct DeadlockTests {
  /// Sends per thread: enough for every thread to meet every other one mid-processing many
  /// times (the old engine hung within the first thousand), few enough for the thread
  /// sanitizer's run.
  static let sends = 5_000

  @Test(arguments: [3, 8])
  func aRingOfReactorsEachDrivenByItsOwnThreadNeverHangs(size: Int) async throws {
    let ring = (0..<size).map { _ in LinkedReactor() }
    // Each one's observer sends to the next when its count is odd, and reads the next's state.
    let observations = ring.indices.map { index in
      let next = ring[(index + 1) % size]
      return ring[index].observe(\.own) { own in
        if own % 2 == 1 { next.send(.receive) }
        _ = next.currentState
      }
    }
    let finished = await onThreads(size, within: 120) { index in
      for _ in 0..<Self.sends { ring[index].send(.tick) }
    }
    // After a deadlock, reading the states could hang too: stop here.
    try #require(finished, "the ring hung")
    for reactor in ring { await reactor.storage.idle() }
    for reactor in ring {
      #expect(reactor.currentState.own == Self.sends)
      #expect(reactor.currentState.received == Self.sends / 2)
    }
    withExtendedLifetime(observations) {}
  }

  @Test func aStoreAndAReactorSendingToEachOtherFromTwoThreadsNeverHang() async throws {
    let reactor = LinkedReactor()
    let toReactor: Middleware<LinkedState, LinkedReactor.Action> = { _, action in
      if action == .tick { reactor.send(.receive) }
      return .none
    }
    let store = Store(initial: LinkedState(), reducer: linkedReduce, middlewares: [toReactor])
    let observation = reactor.observe(\.own) { own in
      if own % 2 == 1 { store.dispatch(.receive) }
    }
    let finished = await onThreads(2, within: 120) { index in
      for _ in 0..<Self.sends {
        if index == 0 { store.dispatch(.tick) } else { reactor.send(.tick) }
      }
    }
    try #require(finished, "the store and the reactor hung")
    await store.idle()
    await reactor.storage.idle()
    #expect(store.currentState.own == Self.sends)
    #expect(store.currentState.received == Self.sends / 2)
    #expect(reactor.currentState.own == Self.sends)
    #expect(reactor.currentState.received == Self.sends)
    withExtendedLifetime(observation) {}
  }

  @Test func mutateSendingToAReactorWhoseMutateSendsBackNeverHangs() async throws {
    let first = LinkedReactor()
    let second = LinkedReactor()
    first.partner.withLock { $0 = second }
    second.partner.withLock { $0 = first }
    let finished = await onThreads(2, within: 120) { index in
      for _ in 0..<Self.sends { (index == 0 ? first : second).send(.ping) }
    }
    try #require(finished, "the two reactors hung")
    await first.storage.idle()
    await second.storage.idle()
    for reactor in [first, second] {
      #expect(reactor.currentState.own == Self.sends)
      #expect(reactor.currentState.received == Self.sends)
    }
    first.partner.withLock { $0 = nil }
  }

  /// Contract 1: `currentState` waits at most for a `reduce`, never for another thread's
  /// `mutate`, observer or effect.
  @Test func anObserverReadsAnotherReactorsStateWhileThatReactorIsBusy() {
    let held = HeldReactor(then: .just(.add(1)))
    let busy = held.reactor
    busy.send(.add(41))
    #expect(held.hold())
    let reader = ProbeReactor()
    let seen = Shared<[Int]>([])
    let observation = reader.observe(\.count) { _ in
      seen.withLock { $0.append(busy.currentState.count) }
    }
    reader.send(.increment)
    // Both reads finished while `busy` was still inside `mutate` on the other thread.
    #expect(seen.current == [41, 41])
    held.release()
    observation.cancel()
  }
}

struct LinkedState: Sendable, Equatable {
  var own = 0
  var received = 0
}

func linkedReduce(_ state: inout LinkedState, _ action: LinkedReactor.Action) {
  switch action {
  case .tick, .ping: state.own += 1
  case .receive: state.received += 1
  }
}

/// A reactor that counts its own actions and those other reactors send it; `.ping` also sends
/// `.receive` to its partner from `mutate`.
final class LinkedReactor: Reactor {
  enum Action: Equatable, Sendable {
    case tick
    case ping
    case receive
  }

  let storage = Storage()
  let initialState = LinkedState()
  let partner = Shared<LinkedReactor?>(nil)

  func mutate(action: Action) -> Effect<Action> {
    if action == .ping { partner.current?.send(.receive) }
    return .just(action)
  }

  func reduce(state: inout LinkedState, mutation: Action) { linkedReduce(&state, mutation) }
}
