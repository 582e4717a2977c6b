/// How observers are added and removed: the storage side of `Reactor.observe` (see
/// `StateStreams/`) over the registry (see `Engine/Observers/`).
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

  /// Adds an observer: `add` puts it in the registry (in a lock scope) and returns its first
  /// call, made with the lock released, in the observer's turn among the reactor's deliveries,
  /// so that it sees every later change once, in order. Inlinable, so the observer's
  /// comparison is compiled for the concrete types.
  ///
  /// When the reactor is idle, this thread processes it meanwhile (it adds the observer,
  /// releases the lock, calls it, then finishes the item); when this thread is processing (an
  /// observer or `mutate` adding an observer), likewise but without finishing. When another
  /// thread is processing, the observer is queued, and registered and called by that thread in
  /// its turn (see ``Work/register(_:)``): `observe` returns before the first call.
  @inlinable
  func addObserver(
    from reactor: R,
    _ add: @escaping (inout ObserverRegistry<R.State>, UInt64, R.State) -> () -> Void
  ) -> ObservationToken {
    let decided = locked { () -> (UInt64, ObserverTurn<R>)? in
      guard core.pointee.lifecycle.hasStarted else { return nil }
      let id = core.pointee.observers.makeID()
      let thread = ThreadIdentity.current
      let finishes: Bool
      if core.pointee.processing.isOwned(by: thread) {
        finishes = false
      } else if core.pointee.processing.claim(on: thread) {
        finishes = true
      } else {
        core.pointee.makeExtras().pendingRegistrations.append(id)
        let registration = ObserverRegistration<R.State>(id: id) { add(&$0, id, $1) }
        let arrival = core.pointee.processing.arrived(.register(registration), from: thread)
        return (id, .queued(arrival, registration))
      }
      return (id, .now(add(&core.pointee.observers, id, publishedState), finishes: finishes))
    }
    guard let (id, turn) = decided else {
      start(reactor)
      return addObserver(from: reactor, add)
    }
    switch turn {
    case .now(let first, let finishes):
      first()
      if finishes { finishItem(reactor) }
    case .queued(let arrival, let registration):
      // Taking over from a hand-off: this thread now processes the queue, its observer last.
      act(on: arrival, reactor) { register(registration) }
    }
    return token(removing: id)
  }

  /// The token that removes observer `id`.
  @usableFromInline
  func token(removing id: UInt64) -> ObservationToken {
    ObservationToken { [weak self] in self?.removeObserver(id) }
  }

  @usableFromInline
  func removeObserver(_ id: UInt64) {
    let released = locked { () -> [Any]? in
      let released = core.pointee.observers.remove(id)
      if released != nil {
        // The processing thread removing an observer while it delivers (from an observer,
        // say): the change being delivered skips it too. Another thread's removal cannot reach
        // a delivery in progress. (`delivery` belongs to the processing thread: only that
        // thread may read it.)
        if core.pointee.processing.isOwned(by: .current) && parts.pointee.delivery.isDelivering {
          parts.pointee.delivery.removedByOwner.append(id)
        }
      } else if let extras = core.pointee.extras,
        let index = extras.pendingRegistrations.firstIndex(of: id)
      {
        extras.pendingRegistrations.remove(at: index)
      }
      return released
    }
    // Freed here, with the lock released: what the observer held may run code as it goes.
    withExtendedLifetime(released) {}
  }
}

/// When a new observer gets its first call (see ``ReactorStorage/addObserver(from:_:)``).
@usableFromInline
enum ObserverTurn<R: Reactor> {
  /// Now, on this thread; then, if `finishes`, this thread goes on with the queue it claimed.
  case now(() -> Void, finishes: Bool)
  /// In its turn, by the thread processing: what the state machine said when it was queued.
  case queued(Processing<Work<R>, ThreadIdentity>.Arrival, ObserverRegistration<R.State>)
}
