#if canImport(Observation)
  /// What an ``ObservedState`` reads and sends through.
  @usableFromInline
  protocol ObservedSource<State, Action>: Sendable {
    associatedtype State: Sendable
    associatedtype Action: Sendable
    func send(_ action: Action, at source: CallSite)
    var currentState: State { get }
    /// An observer of every change.
    func observeAll(_ body: @escaping @Sendable (State) -> Void) -> ObservationToken
    /// An observer that `add` puts in the registry (see `ReactorStorage.addObserver`): made by
    /// the caller, so that its comparison is compiled for the caller's types.
    func addObserver(
      _ add: @escaping (inout ObserverRegistry<State>, UInt64, State) -> () -> Void
    ) -> ObservationToken
  }

  /// A reactor as an ``ObservedSource`` (a store's too, through the reactor inside it).
  @usableFromInline
  struct ReactorSource<R: Reactor>: ObservedSource {
    let reactor: R

    @usableFromInline
    init(reactor: R) { self.reactor = reactor }

    @usableFromInline func send(_ action: R.Action, at source: CallSite) {
      reactor.storage.send(action, from: reactor, at: source)
    }
    @usableFromInline var currentState: R.State { reactor.currentState }

    @usableFromInline func observeAll(
      _ body: @escaping @Sendable (R.State) -> Void
    ) -> ObservationToken {
      reactor.observe(body)
    }

    @usableFromInline func addObserver(
      _ add: @escaping (inout ObserverRegistry<R.State>, UInt64, R.State) -> () -> Void
    ) -> ObservationToken {
      reactor.storage.addObserver(from: reactor, add)
    }
  }
#endif
