/// A view's reactor and the bag of its bindings, owned by the view.
///
/// Declare it in a ``ReactorView`` as `let reactorBindings = Bindings()`. It holds no reference
/// to the view, so it adds no cycle; the bindings end when the view releases it.
@MainActor
public final class ReactorBindings<R: Reactor> {
  /// The reactor the view is bound to, or will bind to once loaded.
  public private(set) var reactor: R?
  /// The bag of the current bindings.
  public private(set) var bag = CancelBag()
  /// Whether the host said the view has loaded (meaningful for a ``DeferredReactorView``).
  public private(set) var isLoaded = false
  private var isBound = false

  /// Creates empty bindings.
  public nonisolated init() {}

  func replace<View: ReactorView>(with reactor: R?, in view: View) where View.Reactor == R {
    bag.cancelAll()
    bag = CancelBag()
    isBound = false
    self.reactor = reactor
    guard reactor != nil, isLoaded || !(view is any DeferredReactorView) else { return }
    bindIfNeeded(view)
  }

  func didLoad<View: ReactorView>(_ view: View) where View.Reactor == R {
    isLoaded = true
    bindIfNeeded(view)
  }

  private func bindIfNeeded<View: ReactorView>(_ view: View) where View.Reactor == R {
    guard let reactor, !isBound else { return }
    isBound = true
    view.bind(reactor: reactor)
  }
}
