/// Time travel: the observers are shown a past state (a recorded one), while the work that
/// arrives meanwhile is held, in order, and nothing runs again; back to live, they are shown
/// the live state, and the held work is processed in its order. What the inspector drives, in
/// the work's order like everything else.
///
/// While a past state is shown, `currentState` returns it too (it is what the screen shows),
/// and so does it to an effect that was running when the travel began and reads it; the
/// effect's values are held. What is held grows with what arrives: a debugging tool's cost.
/// The reactor counts as idle meanwhile (the test toolkit's `idle()` returns), though work is
/// held. A shown state goes through `transform(state:)` as a reduced one does; back live, the
/// observers see what the stage made of the live state before.
extension ReactorStorage {
  /// Shows the observers `state` in place of the live state (which is put aside the first
  /// time), from the moment the work queued before is processed; the work that arrives later
  /// is held until ``returnToLive(from:)``. Lock released.
  @inlinable
  package func travel(to state: R.State, from reactor: R) {
    locked { _ = core.pointee.makeExtras() }
    submit(.control(.showPast(state)), from: reactor)
  }

  /// Shows the observers the live state again and processes the work held meanwhile, in
  /// order, before what arrives later; nothing when no past state is shown. Lock released.
  @inlinable
  package func returnToLive(from reactor: R) {
    submit(.control(.showLive), from: reactor)
  }

  /// ``EngineControl/showPast(_:)``, on the processing thread: shows a past state. Lock released.
  @usableFromInline
  func showPast(_ state: R.State) {
    if parts.pointee.modes.pastShown() {
      // Made by `travel(to:from:)`, before it queued this; never replaced.
      let extras = core.pointee.extras.unsafelyUnwrapped
      (extras.liveState, extras.livePublished) = locked {
        (stateSlot.pointee, core.pointee.transforms?.published)
      }
    }
    show(state, published: nil)
  }

  /// ``EngineControl/showLive``, on the processing thread: shows the live state again. Lock released.
  @usableFromInline
  func showLive(_ reactor: R) {
    guard parts.pointee.modes.liveShown() else { return }
    let extras = core.pointee.extras.unsafelyUnwrapped
    let held = extras.held
    extras.held = []
    if let live = extras.liveState.take() { show(live, published: extras.livePublished.take()) }
    for (work, scope) in held { process(work, in: scope, reactor) }
  }

  /// Holds `work` until the reactor is back to its live state, with the scope it is processed
  /// in (a hook attached meanwhile is told of it with that cause). Lock released; the
  /// processing thread only.
  @usableFromInline
  func hold(_ work: Work<R>, source: CallSite? = nil) {
    let extras = core.pointee.extras.unsafelyUnwrapped
    let isFollowUp = parts.pointee.modes.isFollowUp
    let scope = StepScope(cause: CauseScope.current, isFollowUp: isFollowUp, source: source)
    extras.held.append((work, scope))
  }
}
