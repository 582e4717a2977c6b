import Reactors
import ReactorsTestSupport
import ReactorsTesting
import Testing

/// A store small enough to read, big enough for every contract.
struct CounterTree: Equatable, Sendable {
  var count = 0
  var title = ""
  var items: [Int] = []
  var log: [String] = []
  var lastSequence = [Int](repeating: -1, count: 8)
  var outOfOrder = 0
}

enum CounterAction: Equatable, Sendable {
  case increment
  case append(Int)
  case setTitle(String)
  case log(String)
  case send(sender: Int, sequence: Int)
  case request(Int)
  case fail
}

let counterReducer: MutatingReducer<CounterTree, CounterAction> = { state, action in
  switch action {
  case .increment: state.count += 1
  case .append(let item): state.items.append(item)
  case .setTitle(let title): state.title = title
  case .log(let line): state.log.append(line)
  case .send(let sender, let sequence):
    if sequence != state.lastSequence[sender] + 1 { state.outOfOrder += 1 }
    state.lastSequence[sender] = sequence
    state.count += 1
  case .request, .fail: break
  }
}

struct Failure: Error {}

/// The Reactor engine's contracts 1–7, held by the Store.
@Suite(.timeLimit(.minutes(5))) struct StoreTests {
  @Test(.timeLimit(.minutes(3)))
  func eightThreadsDispatchingAHundredThousandEachLoseNothing() async {
    let store = Store(initial: CounterTree(), reducer: counterReducer)
    let perThread = ThreadSanitizer.volume(100_000)
    await onThreads(8) { sender in
      for sequence in 0..<perThread { store.dispatch(.send(sender: sender, sequence: sequence)) }
    }
    // What other threads queued may have been handed to a task: wait for it, not for time.
    await store.idle()
    #expect(store.currentState.count == 8 * perThread)
    #expect(store.currentState.outOfOrder == 0)
    #expect(store.currentState.lastSequence.allSatisfy { $0 == perThread - 1 })
  }

  @Test func theSeedsReturningReducerWorksAsWritten() {
    let reducer: Reducer<CounterTree, CounterAction> = { state, action in
      var mutatingState = state
      if action == .increment { mutatingState.count += 1 }
      return mutatingState
    }
    let store = Store(initial: CounterTree(), reducer: reducer)
    store.dispatch(.increment)
    #expect(store.currentState.count == 1)
  }

  @Test func middlewareSeesTheNewStateAndItsFollowUpsRunInOrderWithoutRecursion() {
    let seen = Shared<[String]>([])
    let middleware: Middleware<CounterTree, CounterAction> = { state, action in
      seen.withLock { $0.append("\(action) at \(state.count)") }
      if action == .increment && state.count == 1 {
        return .concat(.just(.log("a")), .just(.log("b")))
      }
      return .none
    }
    let store = Store(initial: CounterTree(), reducer: counterReducer, middlewares: [middleware])
    store.dispatch(.increment)
    #expect(store.currentState.log == ["a", "b"])
    #expect(seen.current == ["increment at 1", "log(\"a\") at 1", "log(\"b\") at 1"])
  }

  @Test func followUpsQueueBehindAnActionAlreadyWaiting() {
    let store = Store(
      initial: CounterTree(), reducer: counterReducer,
      middlewares: [
        { _, action in action == .increment ? .just(.log("follow-up")) : .none },
        { _, _ in .none },
      ])
    let observation = store.observe(\.count) { count in
      if count == 1 { store.dispatch(.log("from observer")) }
    }
    store.dispatch(.increment)
    // The observer's dispatch was queued before the middleware ran.
    #expect(store.currentState.log == ["from observer", "follow-up"])
    withExtendedLifetime(observation) {}
  }

  @Test func asyncMiddlewareDispatchesWhenItsWorkEnds() async {
    let clock = TestClock()
    let middleware: Middleware<CounterTree, CounterAction> = { _, action in
      guard case .request(let id) = action else { return .none }
      return .run { send in
        try await clock.sleep(for: .seconds(1))
        send(.log("response \(id)"))
      }
    }
    let store = Store(initial: CounterTree(), reducer: counterReducer, middlewares: [middleware])
    store.dispatch(.request(7))
    #expect(store.currentState.log.isEmpty)
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(999))
    #expect(store.currentState.log.isEmpty)  // not before its second
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .milliseconds(1))
    await store.settled()
    #expect(store.currentState.log == ["response 7"])
    #expect(clock.sleeperCount == 0)
  }

  @Test func tenThousandFailingMiddlewaresAreReportedAndTheStoreKeepsWorking() async {
    let issues = Shared(0)
    let store = Store(
      initial: CounterTree(), reducer: counterReducer,
      middlewares: [{ _, action in action == .fail ? .run { _ in throw Failure() } : .none }],
      report: { issue in
        if case .effectFailed(_, action: .fail?) = issue { issues.increment() }
      })
    for _ in 0..<10_000 { store.dispatch(.fail) }
    await store.settled()
    #expect(issues.current == 10_000)
    store.dispatch(.increment)
    #expect(store.currentState.count == 1)
  }

  @Test func aFailureCaughtInTheMiddlewareBecomesAnAction() async {
    let store = Store(
      initial: CounterTree(), reducer: counterReducer,
      middlewares: [
        { _, action in
          guard action == .fail else { return .none }
          return Effect<CounterAction>.run { _ in throw Failure() }.catchAndReturn(.log("caught"))
        }
      ])
    store.dispatch(.fail)
    await store.settled()
    #expect(store.currentState.log == ["caught"])
  }

  @Test func releasingAStoreCancelsItsMiddlewareEffects() async {
    let clock = TestClock()
    let ran = Shared(0)
    let (cancellations, cancelled) = AsyncStream.makeStream(of: Void.self)
    weak var weakStore: Store<CounterTree, CounterAction>?
    do {
      let store = Store(
        initial: CounterTree(), reducer: counterReducer,
        middlewares: [
          { _, _ in
            .run { _ in
              do { try await clock.sleep(for: .seconds(1)) } catch {
                cancelled.yield()
                throw error
              }
              ran.increment()
            }
          }
        ])
      weakStore = store
      for _ in 0..<1_000 { store.dispatch(.increment) }
    }
    #expect(weakStore == nil)
    // Every effect's sleep ends in cancellation: a thousand signals (the suite's time limit
    // fails the test if one never comes).
    var count = 0
    for await _ in cancellations {
      count += 1
      if count == 1_000 { break }
    }
    await clock.run()
    #expect(ran.current == 0)
  }

  @Test(arguments: [10_000, 40_000])
  func appendingWithTheInoutReducerMovesTheBufferOnlyWhenItGrows(count: Int) {
    let store = Store(initial: CounterTree(), reducer: counterReducer)
    let moves = BufferMoves()
    let observation = store.observe(skippingRepeats: false) { moves.record($0.items) }
    for item in 0..<count { store.dispatch(.append(item)) }
    #expect(store.currentState.items.count == count)
    #expect(moves.count <= BufferMoves.bound(forAppends: count))
    observation.cancel()
  }

  @Test func anObserverOfTitleIsNotCalledWhenOnlyCountChanges() {
    let store = Store(initial: CounterTree(), reducer: counterReducer)
    let titles = Shared<[String]>([])
    let observation = store.observe(\.title) { title in titles.withLock { $0.append(title) } }
    for _ in 0..<100 { store.dispatch(.increment) }
    store.dispatch(.setTitle("done"))
    #expect(titles.current == ["", "done"])
    withExtendedLifetime(observation) {}
  }

  @Test func theStateSequenceStartsWithTheCurrentState() async {
    let store = Store(initial: CounterTree(), reducer: counterReducer)
    store.dispatch(.increment)
    var states = store.states.makeAsyncIterator()
    #expect(await states.next()?.count == 1)
    store.dispatch(.increment)
    #expect(await states.next()?.count == 2)
  }
}
