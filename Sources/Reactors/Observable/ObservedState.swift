#if canImport(Observation)
  import Observation

  /// A main-actor, `Observable` view of a reactor's (or a store's) state, for SwiftUI: read a
  /// property through dynamic member lookup, send actions, and a view is invalidated only when
  /// a property it read changed. Made as an ``ObservedReactor`` or an ``ObservedStore``.
  ///
  /// ```swift
  /// struct CounterView: View {
  ///   @State var model = ObservedReactor(CounterReactor())
  ///   var body: some View {
  ///     Text("\(model.value)")                       // invalidated when `value` changes only
  ///     Button("+") { model.send(.increase) }
  ///   }
  /// }
  /// ```
  ///
  /// - **Per property, without a macro.** Reading `model.value` (an `Equatable` value) starts,
  ///   on first read, a key-path observer of the reactor (contract 7): a change to `value`
  ///   invalidates the views that read it, a change elsewhere does not. Reading ``state``, or a
  ///   value that is not `Equatable`, invalidates on every change.
  /// - **Fresh on the next line.** A read returns the reactor's current state, so a change made
  ///   on the main actor is visible on the next line, and invalidates the views at once.
  ///   Changes made on other threads invalidate them on the main actor, in order.
  /// - **Lifetime.** The model keeps its reactor alive; the reactor keeps nothing of the model:
  ///   its observers hold the model weakly and end with it.
  ///
  /// Thread rules: the model lives on the main actor; the reactor under it works from any
  /// thread.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
  @MainActor
  @dynamicMemberLookup
  public class ObservedState<State: Sendable, Action: Sendable>: Observable {
    @usableFromInline let source: any ObservedSource<State, Action>
    @usableFromInline let registrar = ObservationRegistrar()
    /// The reactor observers started by reads, by the key path read (`\.self` for the whole
    /// state); they end when the model goes away.
    @usableFromInline var observations: [AnyKeyPath: Observed] = [:]

    init(source: any ObservedSource<State, Action>) { self.source = source }

    /// The whole state: a view that reads it is invalidated on every change.
    public var state: State {
      registrar.access(self, keyPath: \.state)
      observeEveryChange()
      return source.currentState
    }

    /// The value at `keyPath`: a view that reads it is invalidated when it changes, and only
    /// then. Inlinable, so that the comparison the reactor makes after each change is compiled
    /// for the concrete state and value (a few nanoseconds for a stored property).
    @inlinable
    public subscript<Value: Equatable>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
      let changed: KeyPath<ObservedState, Value>
      if let known = observations[keyPath] {
        // Made once: building a key path with a subscript component costs microseconds.
        changed = unsafeDowncast(known.changed, to: KeyPath<ObservedState, Value>.self)
      } else {
        changed = \ObservedState.[dynamicMember: keyPath]
        let body: @Sendable (Value) -> Void = afterFirstCall(changed)
        observations[keyPath] = Observed(
          token: source.addObserver(ObserverRegistry.observer(of: keyPath, body)),
          changed: changed)
      }
      registrar.access(self, keyPath: changed)
      return source.read(keyPath)
    }

    /// The value at `keyPath`, which is not `Equatable`: a view that reads it is invalidated on
    /// every change of the state.
    public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
      registrar.access(self, keyPath: \.state)
      observeEveryChange()
      return source.read(keyPath)
    }

    /// Sends `action` to the reactor (dispatches it to the store).
    public func send(_ action: Action) { source.send(action) }

    private func observeEveryChange() {
      guard observations[\State.self] == nil else { return }
      observations[\State.self] = Observed(
        token: source.observeAll(afterFirstCall(\.state)), changed: \ObservedState.state)
    }

    /// An observer that, after its first call (the value it starts from), invalidates what
    /// read `keyPath`: at once on the main actor, in order through it from other threads.
    @usableFromInline
    func afterFirstCall<Value, Changed>(
      _ keyPath: KeyPath<ObservedState, Changed>
    ) -> @Sendable (Value) -> Void {
      let invalidate: @MainActor () -> Void = { [weak self] in self?.invalidate(keyPath) }
      let hasStarted = Locked(false)
      // One hop to the main actor at a time: changes made meanwhile are covered by it.
      let isScheduled = Locked(false)
      return { _ in
        guard setting(hasStarted) else { return }
        if isOnMainQueue() {
          MainActor.assumeIsolated { invalidate() }
        } else if !setting(isScheduled) {
          Task { @MainActor in
            isScheduled.withLock { $0 = false }
            invalidate()
          }
        }
      }
    }

    private func invalidate<Changed>(_ keyPath: KeyPath<ObservedState, Changed>) {
      registrar.withMutation(of: self, keyPath: keyPath) {}
    }
  }

  /// A reactor observer a read started, and the model's key path its changes invalidate.
  @usableFromInline
  struct Observed {
    @usableFromInline let token: ObservationToken
    @usableFromInline let changed: AnyKeyPath

    @inlinable
    init(token: ObservationToken, changed: AnyKeyPath) {
      self.token = token
      self.changed = changed
    }
  }

  /// Sets `flag` and returns what it was.
  private func setting(_ flag: Locked<Bool>) -> Bool {
    flag.withLock { flag in
      defer { flag = true }
      return flag
    }
  }

  /// What an ``ObservedState`` reads and sends through.
  @usableFromInline
  protocol ObservedSource<State, Action>: Sendable {
    associatedtype State: Sendable
    associatedtype Action: Sendable
    func send(_ action: Action)
    var currentState: State { get }
    /// The value at `keyPath` of the current state, without a copy of the whole state.
    func read<Value>(_ keyPath: KeyPath<State, Value>) -> Value
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

    func read<Value>(_ keyPath: KeyPath<R.State, Value>) -> Value {
      reactor.storage.read(keyPath, of: reactor)
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
