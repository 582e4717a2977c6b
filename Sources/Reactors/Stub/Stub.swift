/// A reactor's test double for view tests: with the stub on, the reactor records the actions
/// it is sent instead of running `mutate` and `reduce`, and a test sets its state directly.
///
/// ```swift
/// let reactor = MyReactor()
/// reactor.stub.isEnabled = true
/// view.reactor = reactor
/// view.refreshButton.tap()
/// #expect(reactor.stub.actions.last == .refresh)
/// reactor.stub.state = MyReactor.State(isLoading: true)   // observers fire
/// #expect(view.spinner.isAnimating)
/// ```
///
/// The stub keeps its reactor alive while it is held. Thread rules: any thread. Setting ``state`` while the stub is off changes nothing and is
/// reported through ``Reactor/report(_:)`` (``ReactorIssue/stubStateWhileDisabled``).
public final class Stub<R: Reactor>: Sendable {
  private let reactor: R

  init(_ reactor: R) { self.reactor = reactor }

  private var storage: ReactorStorage<R> { reactor.storage }

  /// Whether the stub replaces `mutate` and `reduce`. Off by default.
  public var isEnabled: Bool {
    get { storage.stubIsEnabled }
    set { storage.stubIsEnabled = newValue }
  }

  /// Every action sent while the stub was on, in order.
  public var actions: [R.Action] { storage.stubActions }

  /// The reactor's current state; setting it (with the stub on) notifies the observers.
  public var state: R.State {
    get { reactor.currentState }
    set {
      guard isEnabled else { return reactor.report(.stubStateWhileDisabled) }
      reactor.storage.submit(.state(newValue), from: reactor)
    }
  }
}

extension Reactor {
  /// The reactor's stub, for view tests. See ``Stub``.
  public var stub: Stub<Self> { Stub(self) }
}
