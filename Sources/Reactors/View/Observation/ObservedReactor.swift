#if canImport(Observation)
  /// A reactor as an `Observable` main-actor view model (ReactorKit's name): see
  /// ``ObservedState`` for what a view reads and when it is invalidated.
  ///
  /// ```swift
  /// @State var model = ObservedReactor(CounterReactor())
  /// Text("\(model.value)")
  /// Button("+") { model.send(.increase) }
  /// ```
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
  @MainActor
  public final class ObservedReactor<R: Reactor>: ObservedState<R.State, R.Action> {
    /// The reactor the model reads and sends to.
    public let reactor: R

    /// Sends `action` to the reactor. Inlinable, so that the engine runs compiled for the
    /// concrete reactor.
    @inlinable
    public override func send(
      _ action: R.Action, fileID: StaticString = #fileID, line: UInt = #line
    ) {
      MainActorSend.run { reactor.send(action, fileID: fileID, line: line) }
    }

    /// A view model over `reactor`; it keeps the reactor alive. Inlinable, so that reads run
    /// the engine compiled for the concrete reactor.
    @inlinable
    public init(_ reactor: R) {
      self.reactor = reactor
      super.init(
        source: ReactorSource(reactor: reactor),
        readState: { reactor.storage.withPublishedState(of: reactor, $0) })
    }
  }
#endif
