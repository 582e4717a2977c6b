/// A store over one part of a root store's state tree and one case of its action tree, for a
/// screen that should know only its part.
///
/// It holds no state of its own: ``currentState`` reads the root's, ``dispatch(_:fileID:line:)`` wraps the
/// action and dispatches it through the root store (one queue, one order), and its observers
/// live in the root store's registry, under the part, so they fire only when their part
/// changes and cost what a root observer costs, plus one step per level of scope.
///
/// ```swift
/// let navigation = store.scope(state: \.navigationState, action: AppAction.navigationAction)
/// navigation.observe(\.path) { render($0) }.store(in: bag)
/// navigation.dispatch(.push(.profile))     // the root store sees .navigationAction(.push(...))
/// ```
///
/// Thread rules: as the root store's; a scoped store keeps its root alive.
public final class ScopedStore<State: Sendable, Action: Sendable>: Sendable {
  /// Dispatches a local action through the root store, wrapped for it.
  /// Dispatches an action through the root store, from the call at the location given.
  @usableFromInline let dispatcher: @Sendable (Action, CallSite) -> Void
  /// Reads the part from the root store's state.
  @usableFromInline let reader: @Sendable () -> State
  /// Where observers of the part are added.
  @usableFromInline let observing: any PartObserving<State>
  /// Reports, through the root store, an action dispatched to a part that is gone.
  @usableFromInline let reportMissingState: @Sendable (Action) -> Void
  /// For a scope over an optional part: whether the part exists.
  @usableFromInline let isPresent: (@Sendable (State) -> Bool)?

  @usableFromInline
  init(
    dispatcher: @escaping @Sendable (Action, CallSite) -> Void,
    reader: @escaping @Sendable () -> State,
    observing: any PartObserving<State>,
    reportMissingState: @escaping @Sendable (Action) -> Void,
    isPresent: (@Sendable (State) -> Bool)? = nil
  ) {
    self.dispatcher = dispatcher
    self.reader = reader
    self.observing = observing
    self.reportMissingState = reportMissingState
    self.isPresent = isPresent
  }

  /// The scoped part of the root store's current state.
  @inlinable
  public var state: State { reader() }

  /// The scoped part of the root store's current state: ReactorKit's name for ``state``.
  @inlinable
  public var currentState: State { reader() }

  /// Dispatches `action` through the root store, wrapped in the cases that lead to this scope,
  /// as ``Store/dispatch(_:fileID:line:)`` does (at once when the store is idle, queued otherwise).
  ///
  /// For a scope over a child that may be gone (`scope(optional:action:)`,
  /// `scope(element:in:action:)`) whose child is gone, the action is dropped and reported
  /// (``ReactorIssue/dispatchedToMissingState(_:)``) through the root store's `report`: it never
  /// reaches another child.
  ///
  /// `fileID` and `line` name the call, for a recording to show where an input came from
  /// (``RecordedStep/sentFrom``): leave them to their defaults.
  @inlinable
  public func dispatch(_ action: Action, fileID: StaticString = #fileID, line: UInt = #line) {
    if let isPresent, !isPresent(reader()) {
      reportMissingState(action)
      return
    }
    dispatcher(action, CallSite(fileID, line))
  }

  /// Calls `body` with the value at `keyPath` of this part now, then each time it changes;
  /// repeats skipped, other parts' changes never seen.
  @inlinable
  public func observe<Value: Equatable>(
    _ keyPath: KeyPath<State, Value>, _ body: @escaping @Sendable (Value) -> Void
  ) -> ObservationToken {
    observing.addObserver(ObserverRegistry.observer(of: keyPath, body))
  }

  /// A store over a smaller part: scopes compose.
  @inlinable
  public func scope<ChildState: Sendable, ChildAction: Sendable>(
    state toChildState: KeyPath<State, ChildState> & Sendable,
    action fromChildAction: @escaping @Sendable (ChildAction) -> Action
  ) -> ScopedStore<ChildState, ChildAction> {
    let dispatcher = self.dispatcher
    let reader = self.reader
    let reportMissingState = self.reportMissingState
    return ScopedStore<ChildState, ChildAction>(
      dispatcher: { dispatcher(fromChildAction($0), $1) },
      reader: { reader()[keyPath: toChildState] },
      observing: NestedPart(parent: observing, path: toChildState),
      reportMissingState: { reportMissingState(fromChildAction($0)) })
  }
}

extension ScopedStore {
  /// A store over an optional part of this part: its state is `nil` while the child is gone,
  /// and a dispatch then is dropped and reported.
  @inlinable
  public func scope<ChildState: Sendable, ChildAction: Sendable>(
    optional toChildState: KeyPath<State, ChildState?> & Sendable,
    action fromChildAction: @escaping @Sendable (ChildAction) -> Action
  ) -> ScopedStore<ChildState?, ChildAction> {
    let scoped: ScopedStore<ChildState?, ChildAction> = scope(
      state: toChildState, action: fromChildAction)
    return scoped.answeringWhile { $0 != nil }
  }

  /// A store over the element with `id` of an identified collection in this part: its state
  /// is `nil` once the element is gone, and a dispatch then is dropped and reported.
  @inlinable
  public func scope<Element: Identifiable & Sendable, ElementAction: Sendable>(
    element id: Element.ID,
    in elements: KeyPath<State, IdentifiedArray<Element>> & Sendable,
    action fromElementAction: @escaping @Sendable (Element.ID, ElementAction) -> Action
  ) -> ScopedStore<Element?, ElementAction> where Element.ID: Sendable {
    let dispatcher = self.dispatcher
    let reader = self.reader
    let reportMissingState = self.reportMissingState
    return ScopedStore<Element?, ElementAction>(
      dispatcher: { dispatcher(fromElementAction(id, $0), $1) },
      reader: { reader()[keyPath: elements][id: id] },
      observing: ElementOfPart(parent: NestedPart(parent: observing, path: elements), id: id),
      reportMissingState: { reportMissingState(fromElementAction(id, $0)) },
      isPresent: { $0 != nil })
  }

  /// This store, answering only while `isPresent` holds for its part.
  @inlinable
  func answeringWhile(_ isPresent: @escaping @Sendable (State) -> Bool) -> ScopedStore {
    ScopedStore(
      dispatcher: dispatcher, reader: reader, observing: observing,
      reportMissingState: reportMissingState, isPresent: isPresent)
  }
}

extension ScopedStore where State: Equatable {
  /// Calls `body` with this part now, then each time it changes (repeats skipped).
  @inlinable
  public func observe(_ body: @escaping @Sendable (State) -> Void) -> ObservationToken {
    observe(\.self, body)
  }
}

extension Store {
  /// A store over the part of the state at `toChildState`, whose actions are wrapped by
  /// `fromChildAction` (typically a case of the action enum) and dispatched through this store.
  ///
  /// ```swift
  /// let tab = store.scope(state: \.tabState, action: AppAction.tabAction)
  /// ```
  @inlinable
  public func scope<ChildState: Sendable, ChildAction: Sendable>(
    state toChildState: KeyPath<State, ChildState> & Sendable,
    action fromChildAction: @escaping @Sendable (ChildAction) -> Action
  ) -> ScopedStore<ChildState, ChildAction> {
    scoped(toChildState, fromChildAction, isPresent: nil)
  }

  /// A store over an optional part of the state (a screen's state that exists only while the
  /// screen does): its state is `nil` when the part is gone, and a dispatch then is reported.
  ///
  /// ```swift
  /// let detail = store.scope(optional: \.detail, action: AppAction.detail)
  /// detail.observe(\.?.title) { title in render(title) }.store(in: bag)
  /// ```
  @inlinable
  public func scope<ChildState: Sendable, ChildAction: Sendable>(
    optional toChildState: KeyPath<State, ChildState?> & Sendable,
    action fromChildAction: @escaping @Sendable (ChildAction) -> Action
  ) -> ScopedStore<ChildState?, ChildAction> {
    scoped(toChildState, fromChildAction, isPresent: { $0 != nil })
  }

  /// A store over the element with `id` of an identified collection (a list's row): its state
  /// is `nil` once the element is gone, and a dispatch then is dropped and reported, never
  /// delivered to another element. Its observers are called only when that element changes.
  ///
  /// ```swift
  /// let row = store.scope(element: id, in: \.rows, action: { .row(id: $0, action: $1) })
  /// row.observe(\.?.title) { render($0) }.store(in: bag)
  /// ```
  @inlinable
  public func scope<Element: Identifiable & Sendable, ElementAction: Sendable>(
    element id: Element.ID,
    in elements: KeyPath<State, IdentifiedArray<Element>> & Sendable,
    action fromElementAction: @escaping @Sendable (Element.ID, ElementAction) -> Action
  ) -> ScopedStore<Element?, ElementAction> where Element.ID: Sendable {
    ScopedStore<Element?, ElementAction>(
      dispatcher: { [self] in dispatch(fromElementAction(id, $0), at: $1) },
      reader: { [self] in currentState[keyPath: elements][id: id] },
      observing: ElementOfPart(
        parent: NestedPart(parent: RootPart(engine: engine), path: elements), id: id),
      reportMissingState: { [self] in
        report(.dispatchedToMissingState(fromElementAction(id, $0)))
      },
      isPresent: { $0 != nil })
  }

  /// A store over the part at `path`, made here so its closures run specialized.
  @inlinable
  func scoped<ChildState: Sendable, ChildAction: Sendable>(
    _ path: KeyPath<State, ChildState> & Sendable,
    _ fromChildAction: @escaping @Sendable (ChildAction) -> Action,
    isPresent: (@Sendable (ChildState) -> Bool)?
  ) -> ScopedStore<ChildState, ChildAction> {
    ScopedStore(
      dispatcher: { [self] in dispatch(fromChildAction($0), at: $1) },
      reader: { [self] in currentState[keyPath: path] },
      observing: NestedPart(parent: RootPart(engine: engine), path: path),
      reportMissingState: { [self] in report(.dispatchedToMissingState(fromChildAction($0))) },
      isPresent: isPresent)
  }
}

/// Where the observers of a scoped store's part are added: into the registry of that part,
/// nested in its parent's, down from the root store's engine.
@usableFromInline
protocol PartObserving<State>: Sendable {
  associatedtype State
  /// Adds an observer to the part's registry, as `ReactorStorage.addObserver` does.
  func addObserver(
    _ add: @escaping (inout ObserverRegistry<State>, UInt64, State) -> () -> Void
  ) -> ObservationToken
}

/// The root store's whole state.
@usableFromInline
struct RootPart<State: Sendable, Action: Sendable>: PartObserving {
  @usableFromInline let engine: StoreEngine<State, Action>

  @inlinable
  init(engine: StoreEngine<State, Action>) { self.engine = engine }

  @usableFromInline
  func addObserver(
    _ add: @escaping (inout ObserverRegistry<State>, UInt64, State) -> () -> Void
  ) -> ObservationToken {
    engine.storage.addObserver(from: engine, add)
  }
}

/// A part of a parent part. Made where `scope` is called, so its ``PartGroup`` is compiled for
/// the concrete types.
@usableFromInline
struct NestedPart<Parent, State>: PartObserving {
  @usableFromInline let parent: any PartObserving<Parent>
  @usableFromInline let path: KeyPath<Parent, State> & Sendable
  /// Makes the part's group in the parent's registry.
  @usableFromInline let makeGroup: @Sendable () -> PartGroup<Parent, State>

  @inlinable
  init(parent: any PartObserving<Parent>, path: KeyPath<Parent, State> & Sendable) {
    self.parent = parent
    self.path = path
    self.makeGroup = { PartGroup(path) }
  }

  @usableFromInline
  func addObserver(
    _ add: @escaping (inout ObserverRegistry<State>, UInt64, State) -> () -> Void
  ) -> ObservationToken {
    let path = path
    let makeGroup = makeGroup
    return parent.addObserver { registry, id, parentState in
      let part = registry.part(path, make: makeGroup)
      return add(&part.registry.pointee, id, parentState[keyPath: path])
    }
  }
}
