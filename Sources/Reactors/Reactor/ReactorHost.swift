/// Connects a running effect back to its reactor without keeping the reactor alive.
@usableFromInline
struct ReactorHost<R: Reactor, Output: Sendable>: EffectHost {
  @usableFromInline weak let reactor: R?
  @usableFromInline let origin: R.Action?
  /// Hands a value to the reactor's engine. Built where the host is made, so that when that
  /// code is specialized for a concrete reactor (``ReactorStorage/mutationHost(_:origin:)`` is
  /// inlinable), an effect's values reach a specialized engine, not generic code.
  @usableFromInline let submit: @Sendable (R, Output) -> Void

  @inlinable
  init(_ reactor: R, origin: R.Action?, makeWork: @escaping @Sendable (Output) -> Work<R>) {
    self.reactor = reactor
    self.origin = origin
    self.submit = { reactor, output in reactor.storage.submit(makeWork(output), from: reactor) }
  }

  @usableFromInline
  func deliver(_ output: Output) {
    guard let reactor else { return }
    if Task.isCancelled {
      reactor.report(.sentAfterCancellation(action: origin))
      return
    }
    submit(reactor, output)
  }

  @usableFromInline
  func cancelEffects(id: EffectID) { reactor?.storage.cancelEffects(id: id) }

  @usableFromInline
  func launch(_ effect: Effect<Output>, id: EffectID?) -> Task<Void, any Error>? {
    reactor?.storage.launch(effect, id: id, host: self)
  }

  @usableFromInline
  func reportFailure(_ error: any Error) {
    reactor?.report(.effectFailed(error, action: origin))
  }
}
