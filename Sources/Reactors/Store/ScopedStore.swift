/// A store over one part of a root store's state tree and one case of its action tree, for a
/// screen that should know only its part.
///
/// It holds no state of its own: ``currentState`` reads the root's, ``dispatch(_:)`` wraps the
/// action and dispatches it through the root store (one queue, one order), and observers are
/// the root's key-path observers, so they fire only when their part changes.
///
/// ```swift
/// let navigation = store.scope(state: \.navigationState, action: AppAction.navigationAction)
/// navigation.observe(\.path) { render($0) }.store(in: bag)
/// navigation.dispatch(.push(.profile))     // the root store sees .navigationAction(.push(...))
/// ```
///
/// Thread rules: as the root store's; a scoped store keeps its root alive.
public final class ScopedStore<State: Sendable, Action: Sendable>: Sendable {
  let scope: any StoreScope<State, Action>
  /// For a scope over an optional part: whether the part exists.
  let isPresent: (@Sendable (State) -> Bool)?

  init(_ scope: any StoreScope<State, Action>, isPresent: (@Sendable (State) -> Bool)? = nil) {
    self.scope = scope
    self.isPresent = isPresent
  }

  /// The scoped part of the root store's current state.
  public var currentState: State { scope.currentState }

  /// Dispatches `action` through the root store, wrapped in the cases that lead to this scope.
  ///
  /// For a scope made with `scope(optional:action:)` whose part is `nil`, the action is still
  /// dispatched, and reported (``ReactorIssue/dispatchedToMissingState(_:)``) through the root
  /// store's `report`.
  public func dispatch(_ action: Action) {
    if let isPresent, !isPresent(scope.currentState) { scope.reportMissingState(action) }
    scope.dispatch(action)
  }

  /// Calls `body` with the value at `keyPath` of this part now, then each time it changes;
  /// repeats skipped, other parts' changes never seen.
  public func observe<Value: Equatable>(
    _ keyPath: KeyPath<State, Value>, _ body: @escaping @Sendable (Value) -> Void
  ) -> ObservationToken {
    scope.observe(keyPath, body)
  }

  /// A store over a smaller part: scopes compose.
  public func scope<ChildState: Sendable, ChildAction: Sendable>(
    state toChildState: KeyPath<State, ChildState> & Sendable,
    action fromChildAction: @escaping @Sendable (ChildAction) -> Action
  ) -> ScopedStore<ChildState, ChildAction> {
    ScopedStore<ChildState, ChildAction>(
      PartScope(parent: scope, path: toChildState, embed: fromChildAction))
  }
}

extension ScopedStore where State: Equatable {
  /// Calls `body` with this part now, then each time it changes (repeats skipped).
  public func observe(_ body: @escaping @Sendable (State) -> Void) -> ObservationToken {
    observe(\.self, body)
  }
}

extension Store {
  /// A store over an optional part of the state (a screen's state that exists only while the
  /// screen does): its state is `nil` when the part is gone, and a dispatch then is reported.
  ///
  /// ```swift
  /// let detail = store.scope(optional: \.detail, action: AppAction.detail)
  /// detail.observe(\.?.title) { title in render(title) }.store(in: bag)
  /// ```
  public func scope<ChildState: Sendable, ChildAction: Sendable>(
    optional toChildState: KeyPath<State, ChildState?> & Sendable,
    action fromChildAction: @escaping @Sendable (ChildAction) -> Action
  ) -> ScopedStore<ChildState?, ChildAction> {
    ScopedStore(
      PartScope(parent: self, path: toChildState, embed: fromChildAction),
      isPresent: { $0 != nil })
  }

  /// A store over the part of the state at `toChildState`, whose actions are wrapped by
  /// `fromChildAction` (typically a case of the action enum) and dispatched through this store.
  ///
  /// ```swift
  /// let tab = store.scope(state: \.tabState, action: AppAction.tabAction)
  /// ```
  public func scope<ChildState: Sendable, ChildAction: Sendable>(
    state toChildState: KeyPath<State, ChildState> & Sendable,
    action fromChildAction: @escaping @Sendable (ChildAction) -> Action
  ) -> ScopedStore<ChildState, ChildAction> {
    ScopedStore(PartScope(parent: self, path: toChildState, embed: fromChildAction))
  }
}

/// Where a scoped store reads, dispatches and observes.
protocol StoreScope<State, Action>: Sendable {
  associatedtype State: Sendable
  associatedtype Action: Sendable
  var currentState: State { get }
  func dispatch(_ action: Action)
  func observe<Value: Equatable>(
    _ keyPath: KeyPath<State, Value>, _ body: @escaping @Sendable (Value) -> Void
  ) -> ObservationToken
  /// Reports, through the root store, an action dispatched to a part that is gone.
  func reportMissingState(_ action: Action)
}

/// A root store is the outermost scope.
extension Store: StoreScope {
  func reportMissingState(_ action: Action) { report(.dispatchedToMissingState(action)) }
}

/// A part of a parent scope (a root store or another scope).
struct PartScope<ParentState: Sendable, ParentAction: Sendable, State: Sendable, Action: Sendable>:
  StoreScope
{
  let parent: any StoreScope<ParentState, ParentAction>
  let path: KeyPath<ParentState, State> & Sendable
  let embed: @Sendable (Action) -> ParentAction

  var currentState: State { parent.currentState[keyPath: path] }
  func dispatch(_ action: Action) { parent.dispatch(embed(action)) }
  func reportMissingState(_ action: Action) { parent.reportMissingState(embed(action)) }
  func observe<Value: Equatable>(
    _ keyPath: KeyPath<State, Value>, _ body: @escaping @Sendable (Value) -> Void
  ) -> ObservationToken {
    parent.observe(path.appending(path: keyPath), body)
  }
}
