// Built on Apple platforms only (UIKit): a thin layer over `bindEvents(_:send:)` and
// `bindState(_:to:_:)`, which hold the logic and are built and tested on Linux. Not on watchOS,
// whose UIKit has no `UIControl`, `UIAction` or `UITextField`.
#if canImport(UIKit) && !os(watchOS)
  import UIKit

  extension ReactorView {
    /// Sends `action` each time `control` reports `event` (a tap, by default): RxCocoa's
    /// `button.rx.tap.map { .follow }.bind(to: reactor.action)`.
    ///
    /// ```swift
    /// func bind(reactor: ProfileViewReactor) {
    ///   bind(followButton, to: .follow)
    ///   bindState(\.isFollowing, to: followButton, \.isSelected)
    /// }
    /// ```
    public func bind(
      _ control: UIControl, _ event: UIControl.Event = .primaryActionTriggered,
      to action: Reactor.Action
    ) {
      bindEvents(
        { handler in
          let handle = UIAction { _ in MainActor.assumeIsolated { handler() } }
          control.addAction(handle, for: event)
          return { [weak control] in control?.removeAction(handle, for: event) }
        }, send: { action })
    }

    /// Sends the action `action` makes of a text field's text each time the user edits it:
    /// RxCocoa's `field.rx.text.orEmpty.map(Action.setQuery).bind(to: reactor.action)`.
    ///
    /// ```swift
    /// bindText(of: searchField, to: SearchReactor.Action.setQuery)
    /// ```
    public func bindText(
      of field: UITextField, to action: @escaping @MainActor (String) -> Reactor.Action
    ) {
      bindEvents(
        { handler in
          let handle = UIAction { _ in MainActor.assumeIsolated { handler() } }
          field.addAction(handle, for: .editingChanged)
          return { [weak field] in field?.removeAction(handle, for: .editingChanged) }
        }, send: { [weak field] in field.map { action($0.text ?? "") } })
    }
  }
#endif
