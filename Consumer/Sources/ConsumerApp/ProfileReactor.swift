import Reactors

/// A model type as an app's networking layer declares it. `nonisolated`: in this target, on the
/// main actor by default, its `Equatable` conformance would otherwise be a main-actor one, and
/// making a tester fails with "main actor-isolated conformance of 'Member' to 'Equatable' cannot
/// be used in nonisolated context" (see the Getting Started article).
nonisolated struct Member: Codable, Equatable {
  var name: String
  var followers: Int
}

/// Loads a user and follows them: a reactor as a new app target writes it, on the main actor
/// by default.
final class ProfileReactor: Reactor {
  let storage = Storage()
  let initialState = State()
  let load: @Sendable (String) async throws -> Member

  init(load: @escaping @Sendable (String) async throws -> Member) { self.load = load }

  enum Action { case open(String), follow }
  enum Mutation: Equatable { case setUser(Member?), setLoading(Bool), addFollower }
  struct State: Equatable {
    var user: Member?
    var isLoading = false
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .open(let name):
      .concat(
        .just(.setLoading(true)),
        Effect.run { [load] send in send(.setUser(try await load(name))) }
          .catch { _ in .just(.setUser(nil)) },
        .just(.setLoading(false)))
    case .follow:
      .just(.addFollower)
    }
  }

  func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .setUser(let user): state.user = user
    case .setLoading(let isLoading): state.isLoading = isLoading
    case .addFollower: state.user?.followers += 1
    }
  }
}
