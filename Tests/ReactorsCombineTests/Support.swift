import Reactors
import ReactorsTestSupport

#if canImport(Combine)
  import Combine
#else
  import OpenCombine
#endif

/// A counter with a title, whose effects come from publishers the test hands it.
final class PublisherReactor: Reactor {
  enum Action: Sendable {
    case increase
    case setTitle(String)
    /// Emits what `publish` returns, as the reactor's mutations.
    case load(@Sendable () -> AnyPublisher<Mutation, any Error>)
    /// Like `load`, under the id `"load"`, replacing the one in flight.
    case loadLatest(@Sendable () -> AnyPublisher<Mutation, any Error>)
    case cancelLoad
    /// Runs the effect given.
    case run(Effect<Mutation>)
  }

  enum Mutation: Sendable, Equatable {
    case add(Int)
    case setTitle(String)
  }

  struct State: Sendable, Equatable {
    var count = 0
    var title = ""
  }

  let storage = Storage()
  let initialState = State()

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .increase: .just(.add(1))
    case .setTitle(let title): .just(.setTitle(title))
    case .load(let publish): .publisher(publish).catch { _ in .just(.setTitle("failed")) }
    case .loadLatest(let publish):
      .publisher(publish).cancellable(id: "load", cancelInFlight: true)
    case .cancelLoad: .cancel(id: "load")
    case .run(let effect): effect
    }
  }

  func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .add(let amount): state.count += amount
    case .setTitle(let title): state.title = title
    }
  }
}

/// A publisher the test feeds by hand, and what its subscribers asked of it.
///
/// Audited (test support): its only non-Sendable member is the subject, which is never
/// reassigned, and whose `send` and `subscribe` take the subject's own lock.
final class Upstream: @unchecked Sendable {
  private let subject = PassthroughSubject<PublisherReactor.Mutation, any Error>()
  /// Subscriptions cancelled so far.
  let cancellations = Shared(0)
  private let cancelled = AsyncStream<Void>.makeStream()

  /// The publisher a `load` action subscribes to.
  var publisher: @Sendable () -> AnyPublisher<PublisherReactor.Mutation, any Error> {
    { [self] in
      subject
        .handleEvents(receiveCancel: { [self] in
          cancellations.increment()
          cancelled.continuation.yield()
        })
        .eraseToAnyPublisher()
    }
  }

  func send(_ value: PublisherReactor.Mutation) { subject.send(value) }
  func fail() { subject.send(completion: .failure(Failure())) }
  func finish() { subject.send(completion: .finished) }

  /// Returns once a subscription has been cancelled; `false` after a minute without one.
  func waitForCancellation() async -> Bool {
    await withDeadline { [cancelled] in
      var iterator = cancelled.stream.makeAsyncIterator()
      return await iterator.next() != nil
    } ?? false
  }

  struct Failure: Error {}
}
