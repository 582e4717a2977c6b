/// Runs `middlewares` one after another on the same state and action, and merges the effects
/// they return: one middleware made of several, as ``combineReducers(_:)`` makes one reducer.
///
/// ```swift
/// let appMiddleware = combineMiddlewares(logging, persistence, analytics)
/// ```
public func combineMiddlewares<State, Action: Sendable>(
  _ middlewares: Middleware<State, Action>...
) -> Middleware<State, Action> {
  { state, action in
    var effects: [Effect<Action>] = []
    for middleware in middlewares {
      let effect = middleware(state, action)
      if !effect.isNone { effects.append(effect) }
    }
    switch effects.count {
    case 0: return .none
    case 1: return effects[0]
    default: return .merge(effects)
    }
  }
}

/// Turns a middleware of one part of the state tree and one case of the action tree into a
/// middleware of the whole: it runs `child` on the actions `toChildAction` finds, with the
/// part's state after the reducer, and sends what it returns to the parent through `embed`
/// (the case that wraps the child's actions). For a part that is always there; a part that may
/// be absent takes ``ifLet(middleware:state:action:embed:)-9w7r3``, whose effects end with it.
///
/// ```swift
/// let list = pullback(
///   middleware: listMiddleware, state: \AppState.list,
///   action: { if case .list(let action) = $0 { action } else { nil } }, embed: AppAction.list)
/// ```
public func pullback<State, Action: Sendable, ChildState, ChildAction: Sendable>(
  middleware child: @escaping Middleware<ChildState, ChildAction>,
  state toChildState: KeyPath<State, ChildState> & Sendable,
  action toChildAction: @escaping @Sendable (Action) -> ChildAction?,
  embed: @escaping @Sendable (ChildAction) -> Action
) -> Middleware<State, Action> {
  { state, action in
    guard let childAction = toChildAction(action) else { return .none }
    let effect = child(state[keyPath: toChildState], childAction)
    return effect.isNone ? .none : effect.map(embed)
  }
}
