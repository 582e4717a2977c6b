extension Reactor {
  /// Sends an action to the reactor, from any thread, task or actor.
  ///
  /// When no other action is being processed, the action is processed before `send` returns,
  /// and so are the mutations its effect emits without waiting: the next line reads the new
  /// ``currentState``. When called while the reactor is processing (from `mutate`, an observer,
  /// an effect), the action is queued and processed right after the current one.
  @inlinable
  public func send(_ action: Action) {
    storage.send(action, from: self)
  }

  /// The latest state, after `transform(state:)`; readable from any thread.
  @inlinable
  public var currentState: State {
    storage.currentState(of: self)
  }

  /// Returns a closure that sends `action`: the action side of a binding.
  ///
  /// ```swift
  /// refreshButton.onTap = reactor.action(.refresh)
  /// ```
  public func action(_ action: Action) -> @Sendable () -> Void {
    { [weak self] in self?.send(action) }
  }

  /// Returns a closure that sends the action `makeAction` builds from an event's value.
  ///
  /// ```swift
  /// searchField.onChange = reactor.action { .search($0) }
  /// ```
  public func action<Value>(
    _ makeAction: @escaping @Sendable (Value) -> Action
  )
    -> @Sendable (Value) -> Void
  {
    { [weak self] value in self?.send(makeAction(value)) }
  }
}
