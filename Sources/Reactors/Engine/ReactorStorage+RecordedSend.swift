/// `send`'s short path for a recorded reactor: one that is plain (no `transform` stage) but
/// for the extras a recording gives it, with no stub, no tap, no store middleware and no issue
/// waiting. It records as the general path does, in the same order and with the same causes,
/// without making the action a ``Work`` item or the reduce an ``AfterReduce``; whatever
/// changes meanwhile (a stub turned on, a past state shown) sends it down the general path.
extension ReactorStorage {
  /// ``send(_:from:)`` for a reactor plain but for its recording, which this thread claimed
  /// idle (``Lifecycle/SendRoute/reduceRecorded``): records the input and runs `mutate` with the
  /// input as the cause of what it sends, then reduces a `.just` (``applyRecorded(_:of:_:_:)``)
  /// or starts the effect, as ``processAction(_:staged:_:)`` does. While a past state is shown,
  /// or before the recording begins, the general path. Lock released.
  @inlinable @inline(never)
  func sendRecorded(_ action: R.Action, _ reactor: R) {
    // This thread processes now: the processing thread's own fields are its to read.
    guard let recording = unretainedProcessingRecording,
      !core.pointer(to: \.isTraveling).unsafelyUnwrapped.pointee
    else {
      process(.action(action, staged: false), reactor)
      return finishItem(reactor)
    }
    let step = recording._withUnsafeGuaranteedRef {
      $0.input(action, staged: false, followUp: false, cause: RecordedCause.inContext)
    }
    RecordedCause.during(step) {
      let effect = reactor.mutate(action: action)
      guard case .just(let mutation) = effect.operation else {
        return start(effect, of: action, reactor)
      }
      applyRecorded(mutation, of: action, reactor, recording)
    }
    finishItem(reactor)
  }

  /// Reduces `mutation`, the `.just` that `mutate` returned for `action`, records it, and tells
  /// the observers with it as the cause of what they send: ``apply(_:staged:_:of:)`` when the
  /// extras still hold nothing but the recording, which it then takes instead (before the
  /// reduce), and after a `reduce` that misused the reactor (it has an issue to report). Lock
  /// released.
  @inlinable
  func applyRecorded(
    _ mutation: R.Mutation, of action: R.Action, _ reactor: R,
    _ recording: Unmanaged<Recording<R.Action, R.Mutation, R.State>>
  ) {
    let outcome = locked { () -> Lifecycle.Reduced in
      guard core.pointee.lifecycle.mayReduceRecorded else { return .takeGeneralPath }
      reduce(mutation, reactor)
      return core.pointee.lifecycle.recordedReduced { captureChanges() }
    }
    switch outcome {
    case .takeGeneralPath:
      apply(mutation, staged: false, reactor, of: action)
    case .reportMisuse:
      // Only this thread reduces: what the reduce left is still there to take.
      var after = AfterReduce<R>()
      let hasDelivery = locked { reduced(into: &after) }
      appliedRecorded(mutation, after, hasDelivery: hasDelivery, reactor, recording)
    case .deliver:
      let step = recordMutation(mutation, recording)
      RecordedCause.during(step) { deliverChanges() }
    case .finish, .idle:
      _ = recordMutation(mutation, recording)
    }
  }
}
