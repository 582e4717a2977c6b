import Reactors

// Publishers and `objectWillChange` are one implementation for every `State`: whether repeats
// can be skipped is decided when observing starts, by asking whether `State` is `Equatable`.

extension Reactor {
  /// Observes every new state, repeats skipped when the state is `Equatable`, whatever the
  /// static type of `State` where this is called.
  func observeDistinctIfEquatable(
    _ body: @escaping @Sendable (State) -> Void
  ) -> ObservationToken {
    guard let equatable = State.self as? any (Equatable & Sendable).Type else {
      return observe(body)
    }
    return observeDistinct(as: equatable, body)
  }

  /// Observes the state as a `Distinct`, which is `State` found `Equatable` at run time.
  private func observeDistinct<Distinct: Equatable & Sendable>(
    as _: Distinct.Type, _ body: @escaping @Sendable (State) -> Void
  ) -> ObservationToken {
    observe(wholeState(as: Distinct.self)) { state in body(unsafeBitCast(state, to: State.self)) }
  }
}

extension Store {
  /// Observes every new state, repeats skipped when the state is `Equatable`, whatever the
  /// static type of `State` where this is called.
  func observeDistinctIfEquatable(
    _ body: @escaping @Sendable (State) -> Void
  ) -> ObservationToken {
    engine.observeDistinctIfEquatable(body)
  }
}

/// The whole state as a key path whose value is `Distinct`, which is `State` (the caller found
/// it `Equatable` at run time).
private func wholeState<State, Distinct>(as _: Distinct.Type) -> KeyPath<State, Distinct> {
  // Cannot fail: `Distinct` is `State`, so the key path already has this type.
  \State.self as! KeyPath<State, Distinct>
}
