extension ReactorView {
  /// Sets `property` of `target` to the value at `keyPath` of the reactor's state, now and each
  /// time it changes (repeats skipped), on the main actor: RxCocoa's
  /// `reactor.state.map(\.title).bind(to: label.rx.text)`.
  ///
  /// ```swift
  /// bindState(\.title, to: titleLabel, \.text)
  /// ```
  ///
  /// `target` is held weakly: the binding does nothing once it is gone. It ends with the view's
  /// ``cancelBag``. The timing is ``bindState(_:to:)``'s.
  public func bindState<Target: AnyObject, Value: Equatable & Sendable>(
    _ keyPath: KeyPath<Reactor.State, Value>, to target: Target,
    _ property: ReferenceWritableKeyPath<Target, Value>
  ) {
    bindState(keyPath) { [weak target] value in target?[keyPath: property] = value }
  }

  /// Sets an optional `property` of `target` (a label's `text`, say) to the value at `keyPath`,
  /// now and each time it changes: see ``bindState(_:to:_:)``.
  public func bindState<Target: AnyObject, Value: Equatable & Sendable>(
    _ keyPath: KeyPath<Reactor.State, Value>, to target: Target,
    _ property: ReferenceWritableKeyPath<Target, Value?>
  ) {
    bindState(keyPath) { [weak target] value in target?[keyPath: property] = value }
  }

  /// Sends an action to the reactor for each event a control reports, until the view's
  /// ``cancelBag`` ends the binding: the logic under the UIKit bindings (`bind(_:to:)`,
  /// `bindText(of:to:)`), for any event source.
  ///
  /// `register` installs `handler` in the source and returns what uninstalls it, which runs on
  /// the main actor when the binding ends. `action` makes the action for an event, or `nil`
  /// to send nothing.
  ///
  /// ```swift
  /// bindEvents({ handler in
  ///   slider.onChange = handler
  ///   return { slider.onChange = nil }
  /// }, send: { .setVolume(slider.value) })
  /// ```
  public func bindEvents(
    _ register: (_ handler: @escaping @MainActor () -> Void) -> @MainActor () -> Void,
    send action: @escaping @MainActor () -> Reactor.Action?
  ) {
    guard let reactor else {
      return runtimeWarning(
        "\(Self.self).bindEvents was called with no reactor; assign one first.",
        key: "\(Self.self).bindEvents")
    }
    let isActive = Locked(true)
    let unregister = register {
      guard isActive.withLock({ $0 }), let action = action() else { return }
      reactor.send(action)
    }
    ObservationToken {
      isActive.withLock { $0 = false }
      if isOnMainQueue() {
        MainActor.assumeIsolated { unregister() }
      } else {
        Task { @MainActor in unregister() }
      }
    }
    .store(in: cancelBag)
  }
}
