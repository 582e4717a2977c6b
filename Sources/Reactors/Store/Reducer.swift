/// A Redux reducer: returns the state after an action. A pure function: no side effects.
///
/// Written exactly as in Redux articles:
///
/// ```swift
/// let appReducer: Reducer<AppState, AppAction> = { state, action in
///   var mutatingState = state
///   switch action { ... }
///   return mutatingState
/// }
/// ```
///
/// Each call copies the state once (`var mutatingState = state`); for states that hold large
/// collections use a ``MutatingReducer``.
public typealias Reducer<State, Action> = @Sendable (State, Action) -> State

/// A reducer that changes the state in place: `state.items.append(item)` is O(1).
public typealias MutatingReducer<State, Action> = @Sendable (inout State, Action) -> Void

/// A Redux middleware: sees the state after each reduce and the action that produced it, and
/// returns follow-up actions as an ``Effect`` (`.none` when it only observes, as logging does;
/// `.run { send in }` for asynchronous work such as a network call).
public typealias Middleware<State, Action> = @Sendable (State, Action) -> Effect<Action>

/// A Redux middleware that sees each action before the reducer, with the state before it:
/// returns the action to pass on (the same one, or a rewritten one), or `nil` to swallow it.
/// Store action middlewares run in the order given, on the thread that processes the store's
/// work, with no lock held.
///
/// ```swift
/// let authorization: ActionMiddleware<AppState, AppAction> = { state, action in
///   if case .admin = action, !state.isAdmin { return nil }  // swallowed
///   return action
/// }
/// ```
public typealias ActionMiddleware<State, Action> = @Sendable (State, Action) -> Action?

/// Runs `reducers` one after another on the same state and action, in order.
///
/// ```swift
/// let appReducer = combineReducers(tabReducer, navigationReducer)
/// ```
public func combineReducers<State, Action>(
  _ reducers: MutatingReducer<State, Action>...
) -> MutatingReducer<State, Action> {
  { state, action in
    for reducer in reducers { reducer(&state, action) }
  }
}

/// Turns a reducer of one part of the state tree and one case of the action tree into a
/// reducer of the whole: actions `toLocalAction` maps to `nil` leave the state untouched.
///
/// ```swift
/// let navigation = pullback(
///   navigationReducer, state: \AppState.navigationState,
///   action: { if case .navigationAction(let action) = $0 { action } else { nil } })
/// ```
public func pullback<LocalState, LocalAction, State, Action>(
  _ reducer: @escaping MutatingReducer<LocalState, LocalAction>,
  state toLocalState: WritableKeyPath<State, LocalState> & Sendable,
  action toLocalAction: @escaping @Sendable (Action) -> LocalAction?
) -> MutatingReducer<State, Action> {
  { state, action in
    guard let localAction = toLocalAction(action) else { return }
    reducer(&state[keyPath: toLocalState], localAction)
  }
}

/// The in-place form of a returning reducer (a ``MutatingReducer`` made of a ``Reducer``), for
/// ``combineReducers(_:)`` and ``pullback(_:state:action:)``. It still copies the state once
/// per action.
public func inPlace<State, Action>(
  _ reducer: @escaping Reducer<State, Action>
) -> MutatingReducer<State, Action> {
  { state, action in state = reducer(state, action) }
}
