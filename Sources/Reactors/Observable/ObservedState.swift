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
    let source: any ObservedSource<State, Action>
    private let registrar = ObservationRegistrar()
    /// The reactor observers started by reads, by the key path read (`\.self` for the whole
    /// state); they end when the model goes away.
    private var observations: [AnyKeyPath: ObservationToken] = [:]

    init(source: any ObservedSource<State, Action>) { self.source = source }

    /// The whole state: a view that reads it is invalidated on every change.
    public var state: State {
      registrar.access(self, keyPath: \.state)
      observeEveryChange()
      return source.currentState
    }

    /// The value at `keyPath`: a view that reads it is invalidated when it changes, and only
    /// then.
    public subscript<Value: Equatable>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
      registrar.access(self, keyPath: \ObservedState.[dynamicMember: keyPath])
      if observations[keyPath] == nil {
        let changed = \ObservedState.[dynamicMember: keyPath]
        observations[keyPath] = source.observe(keyPath, afterFirstCall(changed))
      }
      return source.currentState[keyPath: keyPath]
    }

    /// The value at `keyPath`, which is not `Equatable`: a view that reads it is invalidated on
    /// every change of the state.
    public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
      registrar.access(self, keyPath: \.state)
      observeEveryChange()
      return source.currentState[keyPath: keyPath]
    }

    /// Sends `action` to the reactor (dispatches it to the store).
    public func send(_ action: Action) { source.send(action) }

    private func observeEveryChange() {
      guard observations[\State.self] == nil else { return }
      observations[\State.self] = source.observe(afterFirstCall(\.state))
    }

    /// An observer that, after its first call (the value it starts from), invalidates what
    /// read `keyPath`: at once on the main actor, in order through it from other threads.
    private func afterFirstCall<Value, Changed>(
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

  /// Sets `flag` and returns what it was.
  private func setting(_ flag: Locked<Bool>) -> Bool {
    flag.withLock { flag in
      defer { flag = true }
      return flag
    }
  }

  /// What an ``ObservedState`` reads and sends through.
  protocol ObservedSource<State, Action>: Sendable {
    associatedtype State: Sendable
    associatedtype Action: Sendable
    func send(_ action: Action)
    var currentState: State { get }
    func observe(_ body: @escaping @Sendable (State) -> Void) -> ObservationToken
    func observe<Value: Equatable>(
      _ keyPath: KeyPath<State, Value>, _ body: @escaping @Sendable (Value) -> Void
    ) -> ObservationToken
  }

  /// A reactor as an ``ObservedSource`` (a store's too, through the reactor inside it).
  struct ReactorSource<R: Reactor>: ObservedSource {
    let reactor: R

    func send(_ action: R.Action) { reactor.send(action) }
    var currentState: R.State { reactor.currentState }

    func observe(_ body: @escaping @Sendable (R.State) -> Void) -> ObservationToken {
      reactor.observe(body)
    }

    func observe<Value: Equatable>(
      _ keyPath: KeyPath<R.State, Value>, _ body: @escaping @Sendable (Value) -> Void
    ) -> ObservationToken {
      reactor.observe(keyPath, body)
    }
  }
#endif
