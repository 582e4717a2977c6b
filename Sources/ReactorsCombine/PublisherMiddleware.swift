import Reactors

#if canImport(Combine)
  import Combine
#else
  import OpenCombine
#endif

/// A Redux middleware written for Combine: sees the state after each reduce and the action
/// that produced it, and returns follow-up actions as a publisher.
///
/// ```swift
/// let analytics: PublisherMiddleware<AppState, AppAction> = { state, action in
///   Empty().eraseToAnyPublisher()
/// }
/// ```
///
/// The store subscribes to the publisher at once: what it emits while subscribing is
/// dispatched before `dispatch` returns, later values when they come, in order. The
/// subscription is cancelled when the store goes away.
public typealias PublisherMiddleware<State, Action> =
  @Sendable (State, Action) -> AnyPublisher<Action, Never>

extension Store {
  /// Creates a store whose middlewares return publishers (see ``PublisherMiddleware``) and
  /// whose reducer returns the new state, as in Redux.
  public convenience init(
    initial: State,
    reducer: @escaping Reducer<State, Action>,
    actionMiddlewares: [ActionMiddleware<State, Action>] = [],
    middlewares: [PublisherMiddleware<State, Action>],
    report: (@Sendable (ReactorIssue<Action>) -> Void)? = nil
  ) {
    self.init(
      initial: initial, reducer: inPlace(reducer), actionMiddlewares: actionMiddlewares,
      middlewares: middlewares, report: report)
  }

  /// Creates a store whose middlewares return publishers (see ``PublisherMiddleware``) and
  /// whose reducer changes the state in place.
  public convenience init(
    initial: State,
    reducer: @escaping MutatingReducer<State, Action>,
    actionMiddlewares: [ActionMiddleware<State, Action>] = [],
    middlewares: [PublisherMiddleware<State, Action>],
    report: (@Sendable (ReactorIssue<Action>) -> Void)? = nil
  ) {
    self.init(
      initial: initial, reducer: reducer, actionMiddlewares: actionMiddlewares,
      middlewares: middlewares.map(effectMiddleware), report: report)
  }
}

/// The Reactors form of a middleware that returns a publisher.
private func effectMiddleware<State, Action: Sendable>(
  _ middleware: @escaping PublisherMiddleware<State, Action>
) -> Middleware<State, Action> {
  { state, action in middleware(state, action).eraseToEffect() }
}
