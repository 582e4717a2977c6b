/// Middleware for child features kept in a store's one state tree: a child's side effects run
/// while its state exists and end when it goes, as a screen's tasks end when it closes.
///
/// Each combinator runs the child's middleware on the child's actions, with the child's state
/// after the reducer, and turns what it returns into the parent's actions. Every effect it
/// starts is tied to the child: when the child's state is gone after an action (a sheet
/// dismissed, a row deleted, a screen popped), its running effects are cancelled. What
/// remembers which children have effects lives in the middleware value, so make the
/// middlewares for each store (a function `appMiddlewares(dependencies:)`), not once for many.
///
/// ```swift
/// let store = Store(
///   initial: AppState(), reducer: appReducer,
///   middlewares: [
///     ifLet(middleware: timerMiddleware(clock: clock), state: \AppState.timer,
///       action: { if case .timer(let action) = $0 { action } else { nil } },
///       embed: AppAction.timer),
///   ])
/// ```
public enum ChildMiddlewares {
  /// The cancellation id of a child's effects: its combinator, and the child's id.
  struct EffectID<ID: Hashable & Sendable>: Hashable, Sendable {
    let owner: ObjectIdentifier
    let child: ID
  }

  /// Which children have effects that may be running, for one combinator.
  final class Tracker<ID: Hashable & Sendable>: Sendable {
    let started = Locked<Set<ID>>([])
  }

  /// The middleware of children found by id: runs `child` for a child's action while the child
  /// exists, and cancels the effects of the children that are gone.
  static func middleware<
    State, Action: Sendable, ID: Hashable & Sendable, ChildState, ChildAction: Sendable
  >(
    _ child: @escaping Middleware<ChildState, ChildAction>,
    find: @escaping @Sendable (State, ID) -> ChildState?,
    action toChildAction: @escaping @Sendable (Action) -> (ID, ChildAction)?,
    embed: @escaping @Sendable (ID, ChildAction) -> Action
  ) -> Middleware<State, Action> {
    let tracker = Tracker<ID>()
    let owner = ObjectIdentifier(tracker)
    return { state, action in
      var effects: [Effect<Action>] = []
      if let (id, childAction) = toChildAction(action), let childState = find(state, id) {
        let effect = child(childState, childAction)
        if !effect.isNone {
          tracker.started.withLock { _ = $0.insert(id) }
          effects.append(
            effect.map { embed(id, $0) }.cancellable(id: EffectID(owner: owner, child: id)))
        }
      }
      let gone = tracker.started.withLock { started -> [ID] in
        let gone = Array(started.filter { find(state, $0) == nil })
        started.subtract(gone)
        return gone
      }
      for id in gone { effects.append(.cancel(id: EffectID(owner: owner, child: id))) }
      switch effects.count {
      case 0: return .none
      case 1: return effects[0]
      default: return .merge(effects)
      }
    }
  }
}

/// The middleware of an optional child: runs `child` on the child's actions while the child
/// exists (with the child's state after the reducer) and sends what it returns to the parent
/// through `embed`; cancels the child's effects once the child is `nil`.
public func ifLet<State, Action: Sendable, ChildState, ChildAction: Sendable>(
  middleware child: @escaping Middleware<ChildState, ChildAction>,
  state toChildState: KeyPath<State, ChildState?> & Sendable,
  action toChildAction: @escaping @Sendable (Action) -> ChildAction?,
  embed: @escaping @Sendable (ChildAction) -> Action
) -> Middleware<State, Action> {
  ChildMiddlewares.middleware(
    child, find: { state, _ in state[keyPath: toChildState] },
    action: { action in toChildAction(action).map { (true, $0) } },
    embed: { _, action in embed(action) })
}

/// The middleware of each element of an identified collection: runs `child` on an element's
/// actions while it exists (with its state after the reducer) and sends what it returns to the
/// parent through `embed`; cancels an element's effects once it is removed.
public func forEach<
  State, Action: Sendable, Element: Identifiable & Sendable, ElementAction: Sendable
>(
  middleware child: @escaping Middleware<Element, ElementAction>,
  state toElements: KeyPath<State, IdentifiedArray<Element>> & Sendable,
  action toElementAction: @escaping @Sendable (Action) -> (Element.ID, ElementAction)?,
  embed: @escaping @Sendable (Element.ID, ElementAction) -> Action
) -> Middleware<State, Action> where Element.ID: Sendable {
  ChildMiddlewares.middleware(
    child, find: { state, id in state[keyPath: toElements][id: id] }, action: toElementAction,
    embed: embed)
}

extension Effect {
  /// Whether the effect does nothing (`.none`): no task to tie to a child.
  var isNone: Bool {
    if case .none = operation { return true }
    return false
  }
}
