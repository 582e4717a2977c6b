// The code of the README, compiled and run. Its counter is nested in `Readme` so that it does
// not clash with the one of "Getting started".

import Reactors
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
    let reactor = CounterReactor()
    let token = reactor.observe(\.value) { print("value:", $0) }  // 0, then 1
    reactor.send(.increase)
    assert(reactor.currentState.value == 1)  // already reduced: the reactor was idle
    token.cancel()
  }
}
