import Reactors

/// A stand-in for the seeds' `UserAPI` / `UserService`: answers through `Effect`s the way the
/// seeds' Rx services answer through `Observable`s, with results a test chooses.
nonisolated struct UserAPI: Sendable {
  struct Failure: Error {}

  var isFollowingResult: @Sendable (Int) async throws -> Bool = { _ in false }
  var followResult: @Sendable () async throws -> Void = {}
  var unfollowResult: @Sendable () async throws -> Void = {}

  func isFollowing(_ userID: Int) -> Effect<Bool> {
    .run { send in send(try await isFollowingResult(userID)) }
  }

  func follow() -> Effect<Void> {
    .run { send in send(try await followResult()) }
  }

  func unfollow() -> Effect<Void> {
    .run { send in send(try await unfollowResult()) }
  }
}
