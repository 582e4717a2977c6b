/// The reactor inside a ``Store``: its mutations are its actions, its `mutate` runs the
/// action middlewares, and a store's middleware runs after each reduce. Users never see it:
/// a store shows `dispatch`, `currentState`, `state`, `observe` and `scope`.
@usableFromInline
package final class StoreEngine<State: Sendable, Action: Sendable>: Reactor {
  @usableFromInline package typealias Mutation = Action

  @usableFromInline package let storage = Storage()
  @usableFromInline package let initialState: State
  @usableFromInline let reducer: MutatingReducer<State, Action>
  @usableFromInline let actionMiddlewares: [ActionMiddleware<State, Action>]
  let reporter: @Sendable (ReactorIssue<Action>) -> Void

  init(
    initial: State, reducer: @escaping MutatingReducer<State, Action>,
    actionMiddlewares: [ActionMiddleware<State, Action>],
    middlewares: [Middleware<State, Action>],
    report: @escaping @Sendable (ReactorIssue<Action>) -> Void
  ) {
    self.initialState = initial
    self.reducer = reducer
    self.actionMiddlewares = actionMiddlewares
    self.reporter = report
    switch middlewares.count {
    case 0: break
    case 1: storage.setAfterReduce(middlewares[0])
    default:
      storage.setAfterReduce { state, action in .merge(middlewares.map { $0(state, action) }) }
    }
  }

  /// Passes the action through the action middlewares, in order: each sees the state and the
  /// action so far, and returns the action to pass on (the same, another) or `nil` to swallow
  /// it. Inlinable, like `reduce`, so that a dispatch runs specialized for the store's types.
  @inlinable
  package func mutate(action: Action) -> Effect<Action> {
    guard !actionMiddlewares.isEmpty else { return .just(action) }
    let state = currentState
    var action = action
    for middleware in actionMiddlewares {
      guard let passed = middleware(state, action) else { return .none }
      action = passed
    }
    return .just(action)
  }

  /// Runs the reducer in place.
  @inlinable
  package func reduce(state: inout State, mutation: Action) { reducer(&state, mutation) }

  /// Hands the issue to the store's `report` closure.
  @usableFromInline
  package func report(_ issue: ReactorIssue<Action>) { reporter(issue) }
}
