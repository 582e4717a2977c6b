// The code of the article "Getting started" (Sources/Reactors/Reactors.docc), compiled and run:
// `ArticleSnippetTests` checks that every Swift block of the articles appears here or in the
// other snippet files.

import Reactors
import ReactorsTesting
import Testing

final class CounterReactor: Reactor {
  let storage = Storage()
  let initialState = State()
  let clock: any Clock<Duration>

  enum Action { case increase, decrease }
  enum Mutation: Equatable { case increaseValue, decreaseValue, setLoading(Bool) }
  struct State: Equatable {
    var value = 0
    var isLoading = false
  }

  init(clock: any Clock<Duration> = ContinuousClock()) { self.clock = clock }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .increase:
      .concat(
        .just(.setLoading(true)),
        Effect.just(.increaseValue).delay(for: .seconds(1), clock: clock),
        .just(.setLoading(false)))
    case .decrease:
      .just(.decreaseValue)
    }
  }

  func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .increaseValue: state.value += 1
    case .decreaseValue: state.value -= 1
    case .setLoading(let isLoading): state.isLoading = isLoading
    }
  }
}

@Suite(.timeLimit(.minutes(1))) struct GettingStartedSnippets {
  @Test func aSendIsReducedBeforeItReturns() {
    let reactor = CounterReactor()
    let token = reactor.observe(\.value) { value in print("value:", value) }
    reactor.send(.decrease)
    #expect(reactor.currentState.value == -1)
    token.cancel()
  }

  @Test func increaseShowsLoadingThenTheNewValue() async {
    let clock = TestClock()
    let tester = ReactorTester(CounterReactor(clock: clock), clock: clock)
    await tester.send(.increase) { $0.isLoading = true }
    await tester.advance(by: .seconds(1))
    await tester.receive(.increaseValue) { $0.value = 1 }
    await tester.receive(.setLoading(false)) { $0.isLoading = false }
    await tester.finish()
  }
}
