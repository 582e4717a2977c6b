/// One state tree for a whole app, changed only by dispatching actions through a pure reducer,
/// with middleware for side effects: Redux on the same engine as ``Reactor``.
///
/// A store is a reactor whose mutations are its actions: ``dispatch(_:)`` queues an action,
/// the reducer folds it into the state, and then every middleware sees the new state and the
/// action and may return follow-up actions as an ``Effect``. Everything a reactor promises holds
/// (see ``Reactor``): dispatch from any thread, one action at a time in arrival order; the new
/// state readable on the next line when nothing had to wait; follow-up actions queued in
/// order, never recursed into; middleware errors reported while the store keeps working; its
/// effects cancelled when the store goes away.
///
/// ```swift
/// let store = Store(initial: AppState(), reducer: appReducer, middlewares: [appMiddleware])
/// store.dispatch(.loginAction(.login(id: "kim", password: "••••")))
/// store.observe(\.navigationState) { render($0) }.store(in: bag)
/// ```
///
/// Observe with ``Reactor/observe(_:_:)`` (a key path, repeats skipped), read
/// ``Reactor/currentState``, iterate ``Reactor/state``, and hand a part of the tree to a screen
/// with ``scope(state:action:)``.
public final class Store<State: Sendable, Action: Sendable>: Reactor {
  /// A store's mutations are its actions.
  public typealias Mutation = Action

  /// The store's engine.
  public let storage = Storage()
  /// The state the store started with.
  public let initialState: State
  private let reducer: MutatingReducer<State, Action>
  private let reporter: @Sendable (ReactorIssue<Action>) -> Void

  /// Creates a store whose reducer changes the state in place: appending to an array in state
  /// is O(1). Middlewares run in order after each reduce.
  ///
  /// `report` hears what went wrong without stopping the store (a middleware's uncaught error,
  /// a dispatch from inside the reducer); by default it prints a runtime warning.
  public init(
    initial: State,
    reducer: @escaping MutatingReducer<State, Action>,
    middlewares: [Middleware<State, Action>] = [],
    report: (@Sendable (ReactorIssue<Action>) -> Void)? = nil
  ) {
    self.initialState = initial
    self.reducer = reducer
    self.reporter = report ?? { issue in runtimeWarning("Store<\(State.self)>: \(issue)") }
    switch middlewares.count {
    case 0: break
    case 1: storage.setAfterReduce(middlewares[0])
    default:
      storage.setAfterReduce { state, action in .merge(middlewares.map { $0(state, action) }) }
    }
  }

  /// Creates a store from a reducer that returns the new state, as in Redux: `(State, Action)
  /// -> State`. It costs one copy of the state per action; prefer the `inout` form for states
  /// holding large collections.
  public convenience init(
    initial: State,
    reducer: @escaping Reducer<State, Action>,
    middlewares: [Middleware<State, Action>] = [],
    report: (@Sendable (ReactorIssue<Action>) -> Void)? = nil
  ) {
    self.init(
      initial: initial, reducer: mutating(reducer),
      middlewares: middlewares, report: report)
  }

  /// Dispatches an action, from any thread, task or actor; the same as ``Reactor/send(_:)``.
  ///
  /// When nothing else is being processed, the action is reduced and its middleware's
  /// immediate follow-ups processed before `dispatch` returns.
  @inlinable
  public func dispatch(_ action: Action) { send(action) }

  /// Runs the reducer in place.
  public func reduce(state: inout State, mutation: Action) { reducer(&state, mutation) }

  /// Hands the issue to the `report` closure given at creation.
  public func report(_ issue: ReactorIssue<Action>) { reporter(issue) }
}
