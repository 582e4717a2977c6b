/// One state tree for a whole app, changed only by dispatching actions through a pure reducer,
/// with middleware for side effects: Redux on the same engine as ``Reactor``.
///
/// A store has a reactor inside, whose mutations are its actions: ``dispatch(_:fileID:line:)`` hands it an
/// action, the action middlewares (if any) see it first and may pass it on, rewrite it or
/// swallow it, the reducer folds it into the state, and then every middleware sees the new
/// state and the action and may return follow-up actions as an ``Effect``. Everything a
/// reactor promises holds (see ``Reactor``): dispatch from any thread, one action at a time in
/// arrival order, never waiting for another thread's middleware or observer; the new state
/// readable on the next line when the store was idle; follow-up actions queued in order, never
/// recursed into; middleware errors reported while the store keeps working; its effects
/// cancelled when the store goes away.
///
/// ```swift
/// let store = Store(initial: AppState(), reducer: appReducer, middlewares: [appMiddleware])
/// store.dispatch(.loginAction(.login(id: "kim", password: "••••")))
/// store.observe(\.navigationState) { render($0) }.store(in: bag)
/// ```
///
/// Observe with ``observe(_:_:)`` (a key path, repeats skipped), read ``state`` (the current
/// state, as in Redux; ``currentState`` is the same), iterate ``states``, and hand a part of the tree to a screen with ``scope(state:action:)``.
public final class Store<State: Sendable, Action: Sendable>: Sendable {
  /// The reactor that runs the store.
  /// The reactor inside (package access: the test toolkit drives it as it drives a reactor).
  @usableFromInline package let engine: StoreEngine<State, Action>

  /// Creates a store whose reducer changes the state in place: appending to an array in state
  /// is O(1).
  ///
  /// - Parameters:
  ///   - initial: The state before any action.
  ///   - reducer: Folds each action into the state.
  ///   - actionMiddlewares: Run in order before the reducer: each may pass an action on,
  ///     rewrite it or swallow it (logging, analytics, authorization), as Redux's and
  ///     ReSwift's middleware do.
  ///   - middlewares: Run in order after each reduce, with the new state: each may return
  ///     follow-up actions as an ``Effect``.
  ///   - report: Hears what went wrong without stopping the store (a middleware's uncaught
  ///     error, a dispatch from inside the reducer); by default a runtime warning.
  public init(
    initial: State,
    reducer: @escaping MutatingReducer<State, Action>,
    actionMiddlewares: [ActionMiddleware<State, Action>] = [],
    middlewares: [Middleware<State, Action>] = [],
    report: (@Sendable (ReactorIssue<Action>) -> Void)? = nil
  ) {
    engine = StoreEngine(
      initial: initial, reducer: reducer, actionMiddlewares: actionMiddlewares,
      middlewares: middlewares,
      report: report ?? { issue in
        guard issue.warnsByDefault else { return }
        runtimeWarning("Store<\(State.self)>: \(issue)", key: "Store<\(State.self)>.\(issue.kind)")
      })
  }

  /// Creates a store from a reducer that returns the new state, as in Redux: `(State, Action)
  /// -> State`. It costs one copy of the state per action; prefer the `inout` form for states
  /// holding large collections.
  public convenience init(
    initial: State,
    reducer: @escaping Reducer<State, Action>,
    actionMiddlewares: [ActionMiddleware<State, Action>] = [],
    middlewares: [Middleware<State, Action>] = [],
    report: (@Sendable (ReactorIssue<Action>) -> Void)? = nil
  ) {
    self.init(
      initial: initial, reducer: inPlace(reducer), actionMiddlewares: actionMiddlewares,
      middlewares: middlewares, report: report)
  }

  /// Dispatches an action, from any thread, task or actor.
  ///
  /// When the store is idle, the action is reduced, and its middleware's immediate follow-ups
  /// processed, before `dispatch` returns. When another thread is processing the store's work,
  /// the action is queued for it and `dispatch` returns at once, or after a pause of about
  /// 0.1 ms when 256 or more items were already queued (while two or more other threads pause
  /// on the store, behind 32, for up to 0.8 ms; see ``Reactor/send(_:fileID:line:)``).
  ///
  /// `fileID` and `line` name the call, for a recording to show where an input came from
  /// (``RecordedStep/sentFrom``): leave them to their defaults.
  @inlinable
  public func dispatch(_ action: Action, fileID: StaticString = #fileID, line: UInt = #line) {
    engine.send(action, fileID: fileID, line: line)
  }

  /// Dispatches `action`, sent from `site`: what a scoped store's dispatch comes to, through
  /// the engine's `send` as ``dispatch(_:fileID:line:)``. A scope's closure that called the
  /// storage's `send` itself retained and released the storage around the call: 45
  /// instructions more a scoped dispatch (callgrind), scenario 7 at 2.0–2.5× its root
  /// dispatch against 1.8–1.9× this way.
  @inlinable
  func dispatch(_ action: Action, at site: CallSite) {
    engine.send(action, fileID: site.fileID, line: site.line)
  }

  /// The latest state, readable from any thread; it waits only for the engine's lock, held for
  /// a reduce and the engine's own work, never for middleware or effects.
  /// The same as ``currentState``: `store.state.x` as Redux, ReSwift and TCA users write it.
  @inlinable
  public var state: State { engine.currentState }

  /// The latest state: ReactorKit's name for ``state``.
  @inlinable
  public var currentState: State { engine.currentState }

  /// The states of the store as an `AsyncSequence`, starting with the current one (a
  /// reactor's `state`). See ``StateSequence``.
  ///
  /// ```swift
  /// for await state in store.states { render(state) }
  /// ```
  @inlinable
  public var states: StateSequence<State> { engine.states }

  /// Calls `body` with the value at `keyPath` now, then each time it changes: repeats are
  /// skipped, and a change to another part of the tree does not call it. See
  /// ``Reactor/observe(_:_:)``.
  @inlinable
  public func observe<Value: Equatable>(
    _ keyPath: KeyPath<State, Value>, _ body: @escaping @Sendable (Value) -> Void
  ) -> ObservationToken {
    engine.observe(keyPath, body)
  }

  /// Calls `body` with the current state now, then with every new state.
  public func observe(_ body: @escaping @Sendable (State) -> Void) -> ObservationToken {
    engine.observe(body)
  }

  /// Calls `body` with the value of a ``Pulse`` each time it is assigned. See
  /// ``Reactor/pulse(_:_:)``.
  public func pulse<Value>(
    _ keyPath: KeyPath<State, Pulse<Value>>, _ body: @escaping @Sendable (Value) -> Void
  ) -> ObservationToken {
    engine.pulse(keyPath, body)
  }

  /// The values of a ``Pulse`` as an `AsyncSequence`. See ``Reactor/pulses(_:)``.
  public func pulses<Value: Sendable>(
    _ keyPath: KeyPath<State, Pulse<Value>>
  ) -> AsyncStream<Value> {
    engine.pulses(keyPath)
  }

  /// Hands `issue` to the store's `report` closure.
  @usableFromInline
  func report(_ issue: ReactorIssue<Action>) { engine.report(issue) }

  /// Returns once the store has no work being processed or queued, for the test toolkit.
  package func idle() async { await engine.storage.idle() }

  /// Returns once the store owns no effect task and has no work queued or in progress, for the
  /// test toolkit (see ``ReactorStorage``).
  package func settled() async { await engine.storage.settled() }

  /// How many effect tasks the store owns right now, for the test toolkit.
  package var runningEffectCount: Int { engine.storage.runningEffectCount }

}

extension Store where State: Equatable {
  /// Calls `body` with the current state now, then with every new state that differs from the
  /// last one. See `Reactor.observe(_:)`.
  public func observe(_ body: @escaping @Sendable (State) -> Void) -> ObservationToken {
    engine.observe(body)
  }

  /// Calls `body` with the current state now, then with every new state; with
  /// `skippingRepeats: false`, also with repeats, without keeping a copy of the last state.
  public func observe(
    skippingRepeats: Bool, _ body: @escaping @Sendable (State) -> Void
  ) -> ObservationToken {
    engine.observe(skippingRepeats: skippingRepeats, body)
  }
}
