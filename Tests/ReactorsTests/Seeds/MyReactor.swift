import Reactors

/// The reactor behind seed 003's tests: a bookmark toggle and a refresh with a loading flag.
final class MyReactor: Reactor {
  let storage = Storage()
  let initialState = State()

  enum Action: Equatable {
    case toggleBookmarked
    case refresh
  }

  enum Mutation {
    case toggleBookmarked
    case setLoading(Bool)
  }

  struct State {
    var isBookmarked = false
    var isLoading = false
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .toggleBookmarked: return .just(.toggleBookmarked)
    case .refresh: return .concat([.just(.setLoading(true)), .just(.setLoading(false))])
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var newState = state
    switch mutation {
    case .toggleBookmarked: newState.isBookmarked.toggle()
    case .setLoading(let isLoading): newState.isLoading = isLoading
    }
    return newState
  }
}
