import Reactors

// Seed 002, as an app target with default main-actor isolation compiles it. Differences from
// the seed: `final`, the `storage` line, `Effect` for `Observable`, and an injected clock.
final class CounterViewReactor: Reactor {
  let storage = Storage()
  let initialState = State()
  let clock: any Clock<Duration>

  init(clock: any Clock<Duration> = ContinuousClock()) { self.clock = clock }

  enum Action {
    case increase
    case decrease
  }

  enum Mutation {
    case increaseValue
    case decreaseValue
    case setLoading(Bool)
  }

  struct State {
    var value = 0
    var isLoading = false
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .increase:
      return Effect.concat([
        Effect.just(.setLoading(true)),
        Effect.just(.increaseValue).delay(for: .seconds(1), clock: clock),
        Effect.just(.setLoading(false)),
      ])
    case .decrease:
      return Effect.concat([
        Effect.just(.setLoading(true)),
        Effect.just(.decreaseValue).delay(for: .seconds(1), clock: clock),
        Effect.just(.setLoading(false)),
      ])
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var newState = state
    switch mutation {
    case .increaseValue:
      newState.value += 1
    case .decreaseValue:
      newState.value -= 1
    case .setLoading(let isLoading):
      newState.isLoading = isLoading
    }
    return newState
  }
}
