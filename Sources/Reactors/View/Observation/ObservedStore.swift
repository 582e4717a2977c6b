#if canImport(Observation)
  /// A store (or a scoped part of it, through its own store) as an `Observable` main-actor
  /// view model: see ``ObservedState`` for what a view reads and when it is invalidated.
  ///
  /// ```swift
  /// @State var model = ObservedStore(appStore)
  /// Text(model.loginState.userName ?? "")          // invalidated when loginState changes
  /// Button("Log in") { model.send(.loginAction(.login(id: id, password: password))) }
  /// ```
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
  @MainActor
  public final class ObservedStore<State: Sendable, Action: Sendable>:
    ObservedState<State, Action>
  {
    /// The store the model reads and dispatches to.
    public let store: Store<State, Action>

    /// Dispatches `action` to the store. Inlinable, so that the engine runs compiled for the
    /// store's types.
    @inlinable
    public override func send(
      _ action: Action, fileID: StaticString = #fileID, line: UInt = #line
    ) {
      MainActorSend.run { store.dispatch(action, fileID: fileID, line: line) }
    }

    /// A view model over `store`; it keeps the store alive. Inlinable, so that reads run the
    /// engine compiled for the store's types.
    @inlinable
    public init(_ store: Store<State, Action>) {
      self.store = store
      let engine = store.engine
      super.init(
        source: ReactorSource(reactor: engine),
        readState: { engine.storage.withPublishedState(of: engine, $0) })
    }
  }
#endif
