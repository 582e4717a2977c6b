#if canImport(Observation)
  /// What an ``ObservedState`` reads and sends through.
  @usableFromInline
  protocol ObservedSource<State, Action>: Sendable {
    associatedtype State: Sendable
    associatedtype Action: Sendable
    func send(_ action: Action)
    var currentState: State { get }
    /// Calls `body` with the current state where it lies (no copy of the whole state), with the
    /// engine's lock held: `body` only reads (a computed property's getter, which must be pure).
    func withPublishedState<Result>(_ body: (UnsafePointer<State>) -> Result) -> Result
    /// An observer of every change.
    func observeAll(_ body: @escaping @Sendable (State) -> Void) -> ObservationToken
    /// An observer that `add` puts in the registry (see `ReactorStorage.addObserver`): made by
    /// the caller, so that its comparison is compiled for the caller's types.
    func addObserver(
      _ add: @escaping (inout ObserverRegistry<State>, UInt64, State) -> () -> Void
    ) -> ObservationToken
  }

  /// A reactor as an ``ObservedSource`` (a store's too, through the reactor inside it).
  struct ReactorSource<R: Reactor>: ObservedSource {
    let reactor: R

    func send(_ action: R.Action) { reactor.send(action) }
    var currentState: R.State { reactor.currentState }

    func withPublishedState<Result>(_ body: (UnsafePointer<R.State>) -> Result) -> Result {
      reactor.storage.withPublishedState(of: reactor, body)
    }

    func observeAll(_ body: @escaping @Sendable (R.State) -> Void) -> ObservationToken {
      reactor.observe(body)
    }

    func addObserver(
      _ add: @escaping (inout ObserverRegistry<R.State>, UInt64, R.State) -> () -> Void
    ) -> ObservationToken {
      reactor.storage.addObserver(from: reactor, add)
    }
  }
#endif
