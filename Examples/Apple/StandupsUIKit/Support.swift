#if canImport(UIKit) && !os(watchOS)
  import Foundation
  import Reactors
  import UIKit

  /// Applies the value at `keyPath` of `store`'s part on the main actor: now, and after each
  /// change (repeats skipped), until `bag` goes.
  ///
  /// A change made on the main thread (a tap's dispatch) is applied before the dispatch
  /// returns; one made on another thread (a timer's tick) soon after, on the main actor, with
  /// the value read again then, so that an older value never overwrites a newer one.
  @MainActor
  func bind<State, Action, Value: Equatable & Sendable>(
    _ store: ScopedStore<State, Action>, _ keyPath: KeyPath<State, Value> & Sendable,
    in bag: CancelBag, to apply: @escaping @MainActor (Value) -> Void
  ) {
    store.observe(keyPath) { value in
      if Thread.isMainThread {
        MainActor.assumeIsolated { apply(value) }
      } else {
        Task { @MainActor in apply(store.currentState[keyPath: keyPath]) }
      }
    }
    .store(in: bag)
  }

  /// An alert controller for the alert `alert` reads now: its title, message and buttons, each
  /// tap going through the binding (the button's action, or one dismiss).
  @MainActor
  func alertController<Action>(_ alert: AlertBinding<Action>) -> UIAlertController {
    let state = alert.state
    let controller = UIAlertController(
      title: state?.title, message: state?.message, preferredStyle: .alert)
    for button in alert.effectiveButtons {
      let style: UIAlertAction.Style =
        switch button.role {
        case .cancel?: .cancel
        case .destructive?: .destructive
        case nil: .default
        }
      controller.addAction(
        UIAlertAction(title: button.title, style: style) { _ in alert.tap(button) })
    }
    return controller
  }

  extension UIViewController {
    /// Shows `views` top to bottom in the view's margins, on the system's background: the
    /// layout of the screens that are not tables.
    func layOut(_ views: [UIView]) {
      view.backgroundColor = .systemBackground
      let content = UIStackView(arrangedSubviews: views)
      content.axis = .vertical
      content.spacing = 16
      content.translatesAutoresizingMaskIntoConstraints = false
      view.addSubview(content)
      NSLayoutConstraint.activate([
        content.topAnchor.constraint(equalTo: view.layoutMarginsGuide.topAnchor),
        content.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
        content.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
      ])
    }
  }

  extension UIControl {
    /// Calls `body` each time the control reports `event`.
    func on(_ event: UIControl.Event, _ body: @escaping @MainActor () -> Void) {
      addAction(UIAction { _ in MainActor.assumeIsolated { body() } }, for: event)
    }
  }

  extension UIBarButtonItem {
    /// A button titled `title` that calls `body` when tapped.
    static func button(_ title: String, _ body: @escaping @MainActor () -> Void) -> UIBarButtonItem
    {
      UIBarButtonItem(
        title: title, primaryAction: UIAction { _ in MainActor.assumeIsolated { body() } })
    }
  }
#endif
