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

/// A model type the state holds: `nonisolated`, so that in a target that is on the main actor by
/// default (the `Consumer` package compiles this file so) its conformances are not main-actor
/// ones, which a tester could not use.
nonisolated struct User: Codable, Equatable {
  var name: String
  var followers: Int
}

/// A reactor whose state holds a model type.
final class UserReactor: Reactor {
  let storage = Storage()
  let initialState = State()

  enum Action: Equatable { case show(User) }
  struct State: Equatable { var user: User? }

  func reduce(state: inout State, mutation: Action) {
    switch mutation {
    case .show(let user): state.user = user
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

  @Test func aStateHoldingAModelTypeIsTested() async {
    let kim = User(name: "kim", followers: 3)
    let tester = ReactorTester(UserReactor())
    await tester.send(.show(kim)) { $0.user = kim }
    await tester.finish()
  }
}
