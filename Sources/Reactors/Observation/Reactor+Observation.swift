extension Reactor {
  /// Calls `body` with the current state now, then with every new state, in order.
  ///
  /// `body` runs on the thread that processes the change, with the reactor's lock held: it may
  /// send actions (they are queued) and read ``currentState``, but must not block waiting for
  /// another thread. The observation lasts while the returned token is kept.
  public func observe(_ body: @escaping @Sendable (State) -> Void) -> Observation {
    storage.observe(from: self, body)
  }

  /// Calls `body` with the value at `keyPath` now, then each time it changes: repeats are
  /// skipped, and a change to another field does not call it (contract 7).
  ///
  /// Observers may observe or cancel from inside an observer. One cancelled while a change is
  /// being delivered is not called again, even for that change. One added then starts from the
  /// last value its key path's observers saw, and is told of the change being delivered if they
  /// have not been told yet.
  ///
  /// ```swift
  /// reactor.observe(\.isLoading) { isLoading in spinner.isAnimating = isLoading }
  ///   .store(in: bag)
  /// ```
  @inlinable
  public func observe<Value: Equatable>(
    _ keyPath: KeyPath<State, Value>, _ body: @escaping @Sendable (Value) -> Void
  ) -> Observation {
    storage.observe(keyPath, from: self, body)
  }

  /// Calls `body` with the value of a ``Pulse`` each time it is assigned, even an equal value,
  /// and not when other state changes. The value held when observing starts is not replayed.
  ///
  /// ```swift
  /// reactor.pulse(\.$alertMessage) { message in showAlert(message) }.store(in: bag)
  /// ```
  public func pulse<Value>(
    _ keyPath: KeyPath<State, Pulse<Value>>, _ body: @escaping @Sendable (Value) -> Void
  ) -> Observation {
    let start = Locked(true)
    return observe(keyPath) { pulse in
      let isFirst = start.withLock { isFirst in
        defer { isFirst = false }
        return isFirst
      }
      if !isFirst { body(pulse.value) }
    }
  }

  /// The states of the reactor as an `AsyncSequence`: it starts with the current state and
  /// delivers every later one, in order, to each iterator. See ``StateSequence``.
  @inlinable
  public var state: StateSequence<State> {
    StateSequence(storage: storage, reactor: self)
  }
}

extension ReactorStorage {
  func observe(from reactor: R, _ body: @escaping @Sendable (R.State) -> Void) -> Observation {
    observe(from: reactor, body, finish: nil)
  }

  @usableFromInline
  func observe(
    from reactor: R, _ body: @escaping @Sendable (R.State) -> Void,
    finish: (@Sendable () -> Void)?
  ) -> Observation {
    enter()
    defer { leave() }
    if core.pointee.state == nil { start(reactor) }
    let id = core.pointee.observers.add(body, finish: finish)
    body(core.pointee.currentState)
    return Observation { [weak self] in self?.removeObserver(id) }
  }

  @inlinable
  func observe<Value: Equatable>(
    _ keyPath: KeyPath<R.State, Value>, from reactor: R,
    _ body: @escaping @Sendable (Value) -> Void
  ) -> Observation {
    enter()
    defer { leave() }
    if core.pointee.state == nil { start(reactor) }
    let (id, current) = core.pointee.observers.add(
      keyPath, current: core.pointee.currentState, body)
    body(current)
    return Observation { [weak self] in self?.removeObserver(id) }
  }

  @usableFromInline
  func removeObserver(_ id: UInt64) {
    lock.lock()
    defer { lock.unlock() }
    core.pointee.observers.remove(id)
  }
}
