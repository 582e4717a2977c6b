extension Effect {
  /// This effect with every cancellation id in it (its `.cancellable` parts', its `.cancel`s',
  /// and those of the effects it makes later: deferred, on an error, on a relay's event) made
  /// `scope`'s own: a child feature's `.cancel(id: Timer.self)` then cancels that child's timer
  /// only, not every row's, and a row's `cancelInFlight` leaves its siblings' effects alone, as
  /// in TCA, where a child's ids live under its navigation id.
  func scopingCancellation(to scope: some Hashable & Sendable) -> Effect {
    scopingCancellation(to: EffectID(scope))
  }

  private func scopingCancellation(to scope: EffectID) -> Effect {
    switch operation {
    case .none, .just, .run, .join: return self
    case .concat(let effects): return .concat(effects.map { $0.scopingCancellation(to: scope) })
    case .merge(let effects): return .merge(effects.map { $0.scopingCancellation(to: scope) })
    case .deferred(let make): return .deferred { make().scopingCancellation(to: scope) }
    case .delay(let effect, let duration, let sleep):
      return Effect(.delay(effect.scopingCancellation(to: scope), duration, sleep))
    case .catching(let effect, let handler):
      return Effect(
        .catching(
          effect.scopingCancellation(to: scope), { handler($0).scopingCancellation(to: scope) }))
    case .cancellable(let effect, let id, let cancelInFlight):
      return Effect(
        .cancellable(
          effect.scopingCancellation(to: scope), id: EffectID(ScopedID(scope: scope, id: id)),
          cancelInFlight: cancelInFlight))
    case .cancel(let id): return Effect(.cancel(id: EffectID(ScopedID(scope: scope, id: id))))
    case .relay(let source):
      return Effect(.relay(source.map { $0.scopingCancellation(to: scope) }))
    }
  }
}

/// A cancellation id made a scope's own (see ``Effect/scopingCancellation(to:)``).
struct ScopedID: Hashable, Sendable, CustomStringConvertible {
  let scope: EffectID
  let id: EffectID

  /// How a recording names it: `timer of child 2`.
  var description: String { "\(id.base) of \(scope.base)" }
}
