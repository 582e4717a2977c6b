// The code of the README, compiled and run. Its counter is nested in `Readme` so that it does
// not clash with the one of "Getting started".

import Reactors
import ReactorsTestSupport
import Testing

enum Readme {
  final class CounterReactor: Reactor {
    let storage = Storage()  // the reactor's engine: the one extra line
    let initialState = State()

    enum Action { case increase }
    enum Mutation { case increaseValue, setLoading(Bool) }
    struct State { var value = 0; var isLoading = false }

    func mutate(action: Action) -> Effect<Mutation> {
      .concat(.just(.setLoading(true)), .just(.increaseValue), .just(.setLoading(false)))
    }

    func reduce(state: inout State, mutation: Mutation) {
      switch mutation {
      case .increaseValue: state.value += 1
      case .setLoading(let isLoading): state.isLoading = isLoading
      }
    }
  }
}

@Suite(.timeLimit(.minutes(1))) struct ReadmeSnippets {
  typealias CounterReactor = Readme.CounterReactor

  @Test func theCounterIsReducedBeforeSendReturns() {
    // The snippet's `print` and `assert`, made to record: `assert` is a no-op in release
    // builds, and a print checks nothing.
    let printed = Shared<[Int]>([])
    let print: @Sendable (String, Int) -> Void = { _, value in printed.withLock { $0.append(value) }
    }
    var asserted: [Bool] = []
    func assert(_ condition: Bool) { asserted.append(condition) }

    let reactor = CounterReactor()
    let token = reactor.observe(\.value) { print("value:", $0) }  // 0, then 1
    reactor.send(.increase)
    assert(reactor.currentState.value == 1)  // already reduced: the reactor was idle
    token.cancel()

    #expect(printed.current == [0, 1])
    #expect(asserted == [true])
  }
}
