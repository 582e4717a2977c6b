import Reactors

/// The seed's counter (article 002): `+` and `-` change the value after a second, with a
/// loading flag raised while the change is pending.
final class CounterReactor: Reactor {
  let storage = Storage()
  let initialState = State()
  let clock: any Clock<Duration>
  let delay: Duration

  init(clock: any Clock<Duration> = ContinuousClock(), delay: Duration = .seconds(1)) {
    self.clock = clock
    self.delay = delay
  }

  enum Action: Sendable {
    case increase
    case decrease
  }

  enum Mutation: Sendable {
    case increaseValue
    case decreaseValue
    case setLoading(Bool)
  }

  struct State: Sendable, Equatable {
    var value = 0
    var isLoading = false
  }

  func mutate(action: Action) -> Effect<Mutation> {
    let change: Mutation = action == .increase ? .increaseValue : .decreaseValue
    return .concat(
      .just(.setLoading(true)),
      Effect.just(change).delay(for: delay, clock: clock),
      .just(.setLoading(false))
    )
  }

  func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .increaseValue: state.value += 1
    case .decreaseValue: state.value -= 1
    case .setLoading(let isLoading): state.isLoading = isLoading
    }
  }
}
