extension Reactor {
  /// Calls `body` with the current state now, then with every new state, in order.
  ///
  /// `body` runs on the thread that processes the change, with the reactor's lock released,
  /// one delivery at a time: it may send to any reactor (its own sends are queued and run
  /// next), read any state, and add or cancel observers. The observation lasts while the
  /// returned token is kept.
  public func observe(_ body: @escaping @Sendable (State) -> Void) -> ObservationToken {
    storage.observe(from: self, body)
  }

  /// Calls `body` with the value at `keyPath` now, then each time it changes: repeats are
  /// skipped, and a change to another field does not call it (contract 7).
  ///
  /// Observers may observe or cancel from inside an observer. One cancelled by the thread
  /// delivering a change (from an observer) is not called again, even for that change; one
  /// cancelled from another thread may still be called once by a delivery already running
  /// there. One added starts from the value in the newest state and is told of later changes
  /// only: it never sees a change twice, nor a change older than its first value.
  ///
  /// ```swift
  /// reactor.observe(\.isLoading) { isLoading in spinner.isAnimating = isLoading }
  ///   .store(in: bag)
  /// ```
  @inlinable
  public func observe<Value: Equatable>(
    _ keyPath: KeyPath<State, Value>, _ body: @escaping @Sendable (Value) -> Void
  ) -> ObservationToken {
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
  ) -> ObservationToken {
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

extension Reactor where State: Equatable {
  /// Calls `body` with the current state now, then with every new state that differs from the
  /// last one: repeats are skipped, as a scoped store's `observe` skips them.
  ///
  /// The engine keeps the last state to compare with, so a `reduce` that appends to an array
  /// in the state copies that array while this observer exists: observe the key paths a view
  /// renders instead when the state holds large collections, or pass `skippingRepeats: false`.
  public func observe(_ body: @escaping @Sendable (State) -> Void) -> ObservationToken {
    storage.observe(\.self, from: self, body)
  }

  /// Calls `body` with the current state now, then with every new state: with
  /// `skippingRepeats: false`, also with states equal to the last one, and without keeping a
  /// copy of the last state (so reducing in place never copies a collection for it).
  public func observe(
    skippingRepeats: Bool, _ body: @escaping @Sendable (State) -> Void
  ) -> ObservationToken {
    skippingRepeats ? storage.observe(\.self, from: self, body) : storage.observe(from: self, body)
  }
}

extension ReactorStorage {
  func observe(from reactor: R, _ body: @escaping @Sendable (R.State) -> Void) -> ObservationToken {
    observe(from: reactor, body, finish: nil)
  }

  /// Adds an observer of every state; `finish` ends its stream if the reactor goes first.
  @usableFromInline
  func observe(
    from reactor: R, _ body: @escaping @Sendable (R.State) -> Void,
    finish: (@Sendable () -> Void)?
  ) -> ObservationToken {
    addObserver(from: reactor) { registry, id, state in
      registry.add(id: id, body, finish: finish)
      return { body(state) }
    }
  }

  @inlinable
  func observe<Value: Equatable>(
    _ keyPath: KeyPath<R.State, Value>, from reactor: R,
    _ body: @escaping @Sendable (Value) -> Void
  ) -> ObservationToken {
    addObserver(from: reactor) { registry, id, state in
      let current = registry.add(id: id, keyPath, current: state, body)
      return { body(current) }
    }
  }

  /// Adds an observer and calls it with the value it starts from, in its turn among the
  /// reactor's deliveries, so that it sees every later change once, in order:
  /// - at once, when the reactor is idle (this thread processes meanwhile), or when this thread
  ///   is the one processing (an observer or `mutate` adding an observer);
  /// - when the reactor is being processed by another thread, as a queued item of work, which
  ///   that thread runs in its turn: `observe` then returns before the first call.
  ///
  /// `add` adds the observer to the registry (lock held) and returns its first call, made with
  /// the lock released.
  @usableFromInline
  func addObserver(
    from reactor: R,
    _ add: @escaping (inout ObserverRegistry<R.State>, UInt64, R.State) -> () -> Void
  ) -> ObservationToken {
    lock.lock()
    startIfNeeded(reactor)
    let id = core.pointee.observers.makeID()
    let token = ObservationToken { [weak self] in self?.removeObserver(id) }
    let thread = ThreadIdentity.current
    let owns = core.pointee.processing.isOwned(by: thread)
    if owns || core.pointee.processing.claim(on: thread) {
      let first = add(&core.pointee.observers, id, core.pointee.currentState)
      lock.unlock()
      first()
      if !owns { finishItem(reactor) }
      return token
    }
    core.pointee.pendingRegistrations.append(id)
    let registration = ObserverRegistration<R.State>(id: id) { registry, state in
      add(&registry, id, state)
    }
    _ = core.pointee.processing.arrived(.register(registration), from: thread)
    lock.unlock()
    return token
  }

  @usableFromInline
  func removeObserver(_ id: UInt64) {
    lock.lock()
    defer { lock.unlock() }
    if core.pointee.observers.remove(id) {
      // The processing thread removing an observer (from an observer, say): the change being
      // delivered skips it too. Another thread's removal cannot reach a delivery in progress.
      if core.pointee.processing.isOwned(by: .current) {
        core.pointee.delivery.removedByOwner.append(id)
      }
    } else if let index = core.pointee.pendingRegistrations.firstIndex(of: id) {
      core.pointee.pendingRegistrations.remove(at: index)
    }
  }
}
