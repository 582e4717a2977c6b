/// A recording as the engine sees it: one user of its ``StepHook``.
extension Recording {
  /// The hook the engine tells this recording's steps through. It holds the recording while the
  /// engine holds it, and so does an effect's task the hook was told of, until it ends (the
  /// recording does not hold the hook: no cycle). Inlinable, so that a
  /// recording made where its types are known records with code specialized for them.
  @inlinable
  var hook: StepHook<Action, Mutation, State> {
    let clock = self.clock
    var now: (@Sendable () -> Int64)?
    if measuresCosts { now = { @Sendable in clock.elapsedNanoseconds() } }
    return StepHook(
      owner: self, dropsEffects: isReplay,
      began: { state in self.began(from: state) },
      finished: { self.finishOnce() },
      input: { action, staged, followUp, cause, source in
        self.input(action, staged: staged, followUp: followUp, cause: cause, source: source)
      },
      reduced: { mutation, ordinal, cause, state in
        self.mutation(
          mutation, cause: cause, isCheckpoint: ordinal % self.checkpointEvery == 0, made: state)
      },
      effectStarted: { id, cause in self.effectStarted(id: id, cause: cause) },
      effectEnded: { step, cancelled in self.effectEnded(step, cancelled: cancelled) },
      cancelled: { id, cause in self.cancelled(id, cause: cause) },
      now: now, costs: { step, reduce, delivery in self.keep(reduce, delivery, of: step) })
  }
}
