/// Middleware for child features kept in a store's one state tree: a child's side effects run
/// while its state exists and end when it goes, as a screen's tasks end when it closes.
///
/// Each combinator runs the child's middleware on the child's actions, with the child's state
/// after the reducer, and turns what it returns into the parent's actions. Every effect it
/// starts is tied to the child: when the child's state is gone after an action (a sheet
/// dismissed, a row deleted, a screen popped), its running effects are cancelled. The
/// cancellation ids a child's effects use are that child's own: a row's
/// `.cancel(id: CancelID.timer)` or `cancelInFlight` touches its own timer, not its siblings'
/// (nor can the parent cancel a child's effect by the child's id: it removes the child, or
/// sends it an action). A combinator nested in a child's middleware (each row's detail) keeps
/// every such child's children apart: row 2's actions never end row 1's detail's effects. What
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
  struct EffectID<ID: Hashable & Sendable>: Hashable, Sendable, CustomStringConvertible {
    let owner: ObjectIdentifier
    let child: ID

    /// How a recording names it: `child 2` (an optional child's: `the child`).
    var description: String { child is Bool ? "the child" : "child \(child)" }
  }

  /// The child whose middleware runs now, after the ones above it (a row, then its detail):
  /// `nil` outside every child. A combinator nested in a child's middleware is one value for
  /// every such child (every row's detail), so it keeps each one's children apart by it.
  @TaskLocal static var scope: Reactors.EffectID?

  /// Which children have effects that may be running, for one combinator, in each scope it
  /// runs in (see ``scope``), and which children there were (`version`) when that was last
  /// checked there.
  final class Tracker<ID: Hashable & Sendable, Version: Equatable & Sendable>: Sendable {
    struct Tracked: Sendable {
      var started: Set<ID> = []
      var checked: Version?
    }
    let scopes = Locked<[Reactors.EffectID?: Tracked]>([:])
  }

  /// The middleware of children found by id: runs `child` for a child's action while the child
  /// exists, and cancels the effects of the children that are gone. `version` tells which
  /// children there are (a collection's structure, a child's id): while it is the same, none
  /// went, and no child is looked up, so an action costs the same with a thousand rows.
  static func middleware<
    State, Action: Sendable, ID: Hashable & Sendable, ChildState, ChildAction: Sendable,
    Version: Equatable & Sendable
  >(
    _ child: @escaping Middleware<ChildState, ChildAction>,
    find: @escaping @Sendable (State, ID) -> ChildState?,
    action toChildAction: @escaping @Sendable (State, Action) -> (ID, ChildAction)?,
    embed: @escaping @Sendable (ID, ChildAction) -> Action,
    version: @escaping @Sendable (State) -> Version
  ) -> Middleware<State, Action> {
    let tracker = Tracker<ID, Version>()
    let owner = ObjectIdentifier(tracker)
    return { state, action in
      let scope = ChildMiddlewares.scope
      var effects: [Effect<Action>] = []
      if let (id, childAction) = toChildAction(state, action), let childState = find(state, id) {
        let childID = EffectID(owner: owner, child: id)
        // The child's place: its id, within the scope of the middleware that runs it.
        let path =
          scope.map { Reactors.EffectID(ScopedID(scope: $0, id: Reactors.EffectID(childID))) }
          ?? Reactors.EffectID(childID)
        let effect = ChildMiddlewares.$scope.withValue(path) { child(childState, childAction) }
        if !effect.isNone {
          tracker.scopes.withLock { _ = $0[scope, default: .init()].started.insert(id) }
          effects.append(
            effect.scopingCancellation(to: childID).map { embed(id, $0) }
              .cancellable(id: childID))
        }
      }
      let now = version(state)
      let gone = tracker.scopes.withLock { scopes -> [ID] in
        guard var tracked = scopes[scope], tracked.checked != now else { return [] }
        tracked.checked = now
        let gone = Array(tracked.started.filter { find(state, $0) == nil })
        tracked.started.subtract(gone)
        scopes[scope] = tracked.started.isEmpty ? nil : tracked
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
/// through `embed`; cancels the child's effects once the child is `nil`. (For a child known to be
/// `Identifiable`, ``ifLet(middleware:state:action:embed:)-2s52h`` also ends it when another,
/// of another id, takes its place.)
public func ifLet<State, Action: Sendable, ChildState, ChildAction: Sendable>(
  middleware child: @escaping Middleware<ChildState, ChildAction>,
  state toChildState: KeyPath<State, ChildState?> & Sendable,
  action toChildAction: @escaping @Sendable (Action) -> ChildAction?,
  embed: @escaping @Sendable (ChildAction) -> Action
) -> Middleware<State, Action> {
  ChildMiddlewares.middleware(
    child, find: { state, _ in state[keyPath: toChildState] },
    action: { _, action in toChildAction(action).map { (true, $0) } },
    embed: { _, action in embed(action) }, version: { $0[keyPath: toChildState] != nil })
}

/// The middleware of an optional child that is `Identifiable`: as
/// ``ifLet(middleware:state:action:embed:)-9w7r3``, and the
/// child's effects are also cancelled when another child, of another id, takes its place in
/// one action (as TCA ends a presented feature whose identity changed): its answers never
/// reach the new one.
public func ifLet<
  State, Action: Sendable, ChildState: Identifiable, ChildAction: Sendable
>(
  middleware child: @escaping Middleware<ChildState, ChildAction>,
  state toChildState: KeyPath<State, ChildState?> & Sendable,
  action toChildAction: @escaping @Sendable (Action) -> ChildAction?,
  embed: @escaping @Sendable (ChildAction) -> Action
) -> Middleware<State, Action> where ChildState: SendableMetatype, ChildState.ID: Sendable {
  ChildMiddlewares.middleware(
    child,
    find: { state, id in state[keyPath: toChildState].flatMap { $0.id == id ? $0 : nil } },
    action: { state, action in
      toChildAction(action).flatMap { childAction in
        state[keyPath: toChildState].map { ($0.id, childAction) }
      }
    },
    embed: { _, action in embed(action) }, version: { $0[keyPath: toChildState]?.id })
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
    child, find: { state, id in state[keyPath: toElements][id: id] },
    action: { _, action in toElementAction(action) }, embed: embed,
    version: { $0[keyPath: toElements].structure })
}

extension Effect {
  /// Whether the effect does nothing (`.none`): no task to tie to a child.
  var isNone: Bool {
    if case .none = operation { return true }
    return false
  }
}
