/// Connects a running effect back to its reactor without keeping the reactor alive.
@usableFromInline
struct ReactorHost<R: Reactor, Output: Sendable>: EffectHost {
  @usableFromInline weak let reactor: R?
  @usableFromInline let origin: R.Action?
  @usableFromInline let makeWork: @Sendable (Output) -> Work<R>

  @usableFromInline
  init(_ reactor: R, origin: R.Action?, makeWork: @escaping @Sendable (Output) -> Work<R>) {
    self.reactor = reactor
    self.origin = origin
    self.makeWork = makeWork
  }

  @usableFromInline
  func deliver(_ output: Output) {
    guard let reactor else { return }
    if Task.isCancelled {
      reactor.report(.sentAfterCancellation(action: origin))
      return
    }
    reactor.storage.submit(makeWork(output), from: reactor)
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
