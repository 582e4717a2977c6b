/// How observers are added and removed: the storage side of `Reactor.observe` (see
/// `Observing/`) over the registry (see `ObserverRegistry/`).
extension ReactorStorage {
  func observe(from reactor: R, _ body: @escaping @Sendable (R.State) -> Void) -> ObservationToken {
    observe(from: reactor, body, finish: nil)
  }

  /// Adds an observer of every state; `finish` ends its stream if the reactor goes first.
  @inlinable
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
    addObserver(from: reactor, ObserverRegistry.observer(of: keyPath, body))
  }

  /// Adds an observer: `add` puts it in the registry (lock held) and returns its first call,
  /// made with the lock released, in the observer's turn (see ``beginObserving(_:)``).
  /// Inlinable, so the observer's comparison is compiled for the concrete types.
  @inlinable
  func addObserver(
    from reactor: R,
    _ add: @escaping (inout ObserverRegistry<R.State>, UInt64, R.State) -> () -> Void
  ) -> ObservationToken {
    lock.lock()
    let (id, turn) = beginObserving(reactor)
    guard let owns = turn else {
      return observeInTurn(id, from: reactor) { registry, state in add(&registry, id, state) }
    }
    let first = add(&core.pointee.observers, id, publishedState)
    lock.unlock()
    first()
    if !owns { finishItem(reactor) }
    return token(removing: id)
  }

  /// Starts an observation: a new observer gets the value it starts from, and is called with
  /// it, in its turn among the reactor's deliveries, so that it sees every later change once,
  /// in order. Lock held.
  ///
  /// Returns the observer's id, and whether this thread already owned processing: when the
  /// reactor was idle, this thread owns it now (add the observer, release the lock, call it,
  /// then finish the item); when this thread was processing (an observer or `mutate` adding an
  /// observer), likewise but without finishing. `nil` when another thread is processing: the
  /// observer is then registered and called by that thread in its turn
  /// (``observeInTurn(_:from:_:)``), and `observe` returns before the first call.
  @inlinable
  func beginObserving(_ reactor: R) -> (id: UInt64, ownedAlready: Bool?) {
    startIfNeeded(reactor)
    let id = core.pointee.observers.makeID()
    let thread = ThreadIdentity.current
    if core.pointee.processing.isOwned(by: thread) { return (id, true) }
    if core.pointee.processing.claim(on: thread) { return (id, false) }
    return (id, nil)
  }

  /// Queues the registration of an observer for the thread processing the reactor's work.
  /// Lock held; released here.
  @usableFromInline
  func observeInTurn(
    _ id: UInt64, from reactor: R,
    _ add: @escaping (inout ObserverRegistry<R.State>, R.State) -> () -> Void
  ) -> ObservationToken {
    core.pointee.makeExtras().pendingRegistrations.append(id)
    let registration = ObserverRegistration<R.State>(id: id, add: add)
    let arrival = core.pointee.processing.arrived(.register(registration), from: .current)
    lock.unlock()
    // Taking over from a hand-off: this thread now processes the queue, its observer last.
    act(on: arrival, reactor) { register(registration) }
    return token(removing: id)
  }

  /// The token that removes observer `id`.
  @usableFromInline
  func token(removing id: UInt64) -> ObservationToken {
    ObservationToken { [weak self] in self?.removeObserver(id) }
  }

  @usableFromInline
  func removeObserver(_ id: UInt64) {
    lock.lock()
    let released = core.pointee.observers.remove(id)
    if released != nil {
      // The processing thread removing an observer while it delivers (from an observer, say):
      // the change being delivered skips it too. Another thread's removal cannot reach a
      // delivery in progress.
      // (`delivery` belongs to the processing thread: only that thread may read it.)
      if core.pointee.processing.isOwned(by: .current) && core.pointee.delivery.isDelivering {
        core.pointee.delivery.removedByOwner.append(id)
      }
    } else if let extras = core.pointee.extras,
      let index = extras.pendingRegistrations.firstIndex(of: id)
    {
      extras.pendingRegistrations.remove(at: index)
    }
    lock.unlock()
    // Freed here, with the lock released: what the observer held may run code as it goes.
    withExtendedLifetime(released) {}
  }
}
