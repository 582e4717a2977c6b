import Reactors

// Seeds 000 and 004. Differences: `final`, the `storage` line, `Effect` for `Observable`, and
// the API injected (`userAPI`) instead of a global `UserAPI`.
final class ProfileViewReactor: Reactor {
  let storage = Storage()
  let userAPI: UserAPI

  init(userAPI: UserAPI) { self.userAPI = userAPI }

  // represent user actions
  enum Action {
    case refreshFollowingStatus(Int)
    case follow(Int)
  }

  // represent state changes
  enum Mutation {
    case setFollowing(Bool)
  }

  // represents the current view state
  struct State {
    var isFollowing: Bool = false
  }

  let initialState: State = State()

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .refreshFollowingStatus(let userID):  // receive an action
      return userAPI.isFollowing(userID)  // create an API stream
        .map { (isFollowing: Bool) -> Mutation in
          return Mutation.setFollowing(isFollowing)  // convert to Mutation stream
        }

    case .follow:
      return userAPI.follow()
        .map { _ -> Mutation in
          return Mutation.setFollowing(true)
        }
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setFollowing(let isFollowing):
      state.isFollowing = isFollowing
      return state
    }
  }
}
