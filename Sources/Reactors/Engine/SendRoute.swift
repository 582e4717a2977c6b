/// What a `send` does, decided with the lock held from the engine's flags (``Lifecycle``) and who
/// processes (``Processing``): the engine's decisions for an action's arrival and for what
/// follows a reduce on `send`'s plain path. Pure: the storage asks, then acts with the lock
/// released (`ReactorStorage.send(_:from:)`), and each decision is tested without threads
/// (`SendRouteTests`).
extension Lifecycle {
  /// Where an action that just arrived goes.
  @usableFromInline
  enum SendRoute<Item, Owner: Equatable> {
    /// This thread claimed a plain reactor: run `mutate`, reduce a `.just` in place.
    case reducePlain
    /// The reactor has not started: start it, then send again.
    case start
    /// The stub keeps the action; nothing runs.
    case keepForStub
    /// The general path: the action arrived as work, and the processing state machine said
    /// what to do (``Processing/arrived(_:scope:from:fromEffect:mayPause:)``); `sentFromReduce` when it was sent
    /// from inside `reduce` (a misuse to notice).
    case arrived(Processing<Item, Owner>.Arrival, sentFromReduce: Bool)
  }

  /// An action arrived from `thread`: it claims processing for `send`'s plain path when the
  /// reactor is plain and idle (`true`), the whole decision on that path. Otherwise
  /// ``actionArrived(as:scope:from:fromEffect:_:)`` decides.
  @inlinable @inline(__always)
  func plainActionArrived<Item, Owner>(
    from thread: Owner, _ processing: inout Processing<Item, Owner>
  ) -> Bool {
    isPlain && processing.claim(on: thread)
  }

  /// An action arrived from `thread` off `send`'s plain path (``plainActionArrived(from:_:)``
  /// said no): it arrives as `work` (built only then) with the `scope` of the step that sent it
  /// (read only if it is queued), queued by the processing thread while it starts an effect
  /// when `fromEffect`.
  @inlinable
  func actionArrived<Item, Owner>(
    as work: @autoclosure () -> Item, scope: @autoclosure () -> StepScope? = nil,
    from thread: Owner, fromEffect: @autoclosure () -> Bool,
    _ processing: inout Processing<Item, Owner>
  ) -> SendRoute<Item, Owner> {
    if isPlain, processing.claim(on: thread) { return .reducePlain }
    guard hasStarted else { return .start }
    if isStubbed { return .keepForStub }
    let sentFromReduce = isSentFromReduce(byProcessingThread: processing.isOwned(by: thread))
    let arrival = processing.arrived(
      work(), scope: scope(), from: thread, fromEffect: fromEffect(), mayPause: true)
    return .arrived(arrival, sentFromReduce: sentFromReduce)
  }

  /// What follows a reduce on a short path.
  @usableFromInline
  enum Reduced {
    /// Nothing changed for anybody and nothing is queued: processing is over.
    case idle
    /// Tell the observers, then go on with the queue.
    case deliver
    /// Go on with the queue.
    case finish
    /// `reduce` misused the reactor (a `send` from inside it): report it, then go on.
    case reportMisuse
    /// Nothing was reduced: the reactor left the short path since the claim (see
    /// ``mayReducePlain``); take the general path.
    case takeGeneralPath
  }

  /// Whether the reactor is still plain when its claimed `.just` is about to be reduced: the
  /// stub may have been turned on since the claim, or the reactor may have gained extras (then
  /// the general path, which keeps the action for the stub).
  @inlinable @inline(__always)
  var mayReducePlain: Bool { isPlain }

  /// `reduce` returned on `send`'s plain path: a reduce that gave the reactor extras misused it;
  /// otherwise `hasDelivery()` captures the observers' changes, and with none and nothing
  /// queued, processing ends.
  @inlinable @inline(__always)
  func plainReduced<Item, Owner>(
    _ processing: inout Processing<Item, Owner>, hasDelivery: () -> Bool
  ) -> Reduced {
    if hasExtras { return .reportMisuse }
    let hasDelivery = hasDelivery()
    if !hasDelivery && processing.finishedLastItem() { return .idle }
    return hasDelivery ? .deliver : .finish
  }
}
