import Reactors

// Seed 003: follow / unfollow, falling back with `catchErrorJustReturn` when the API fails.
// Differences: `final`, the `storage` line, `Effect` for `Observable`, `catchAndReturn` for
// `catchErrorJustReturn`, the service injected, and `State` a struct (the seed's `enum State`
// with a stored property does not compile in any Swift).
final class UserViewReactor: Reactor {
  let storage = Storage()
  let userService: UserAPI

  init(userService: UserAPI) { self.userService = userService }

  enum Action {
    case follow
    case unfollow
  }

  enum Mutation {
    case setFollowing(Bool)
  }

  struct State {
    var isFollowing: Bool
  }

  let initialState: State = State(isFollowing: false)

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .follow:
      return userService.follow()
        .map { Mutation.setFollowing(true) }
        .catchAndReturn(Mutation.setFollowing(false))

    case .unfollow:
      return userService.unfollow()
        .map { Mutation.setFollowing(false) }
        .catchAndReturn(Mutation.setFollowing(true))
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var newState = state
    switch mutation {
    case .setFollowing(let isFollowing):
      newState.isFollowing = isFollowing
    }
    return newState
  }
}
