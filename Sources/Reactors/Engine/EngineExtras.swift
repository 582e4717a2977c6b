/// The parts of a reactor's engine that few reactors use, guarded by the storage's lock.
///
/// Its fields are marked `@exclusivity(unchecked)`: the lock already makes every access
/// exclusive, and the runtime's checks cost about 80 instructions an access, five a reduce for
/// a reactor with extras (a store with middleware, a recorded reactor).
@usableFromInline
final class EngineExtras<R: Reactor> {
  /// Follow-up actions to start after each reduce (a store's middleware).
  @exclusivity(unchecked) @usableFromInline var afterReduce:
    (@Sendable (R.State, R.Mutation) -> Effect<R.Action>)?
  /// Told of each mutation after its reduce, with the state the outside then sees and whether
  /// the work that made it came later (``ProcessingModes/isLaterItem``), on the processing
  /// thread with the lock released (the test toolkit's tester).
  @exclusivity(unchecked) @usableFromInline var tap:
    (@Sendable (R.Mutation, R.State, _ isLater: Bool) -> Void)?
  /// What a `send` does, instead of its pause, when its action joined a backlog for another
  /// thread (see `giveTheProcessingThreadAHeadStart(pausing:)`), given how many threads pause
  /// (itself included): the test toolkit counts them.
  @exclusivity(unchecked) @usableFromInline var pauseBehindBacklog: (@Sendable (Int) -> Void)?
  @exclusivity(unchecked) @usableFromInline var stubActions: [R.Action] = []
  /// Tasks waiting for the reactor to be idle (the test toolkit's `idle()`).
  /// Each with its call's identity (an object it allocated), for its cancellation to find it.
  @exclusivity(unchecked) @usableFromInline var idleWaiters:
    [(id: ObjectIdentifier, continuation: UnsafeContinuation<Void, Never>)] = []
  /// Observers queued to be registered in their turn (see ``Work/register(_:)``); one
  /// cancelled before its turn leaves this list and is never registered.
  @exclusivity(unchecked) @usableFromInline var pendingRegistrations: [UInt64] = []
  /// Misuses noticed with the lock held, reported once it is released.
  @exclusivity(unchecked) @usableFromInline var issues: [ReactorIssue<R.Action>] = []
  /// The reactor's subscriptions to the relays its `transform` hooks merged; they end with it.
  @exclusivity(unchecked) @usableFromInline var subscriptions: [ObservationToken] = []

  /// The hook attached last, if any: queued work keeps its cause while it is set.
  @exclusivity(unchecked) @usableFromInline var hook: StepHook<R.Action, R.Mutation, R.State>?
  /// The hook the processing thread tells, once it has begun (the same as
  /// ``ProcessingThreadParts/hook``, readable under the lock): where a cancellation made on
  /// another thread is told, never before the hook began.
  @exclusivity(unchecked) @usableFromInline var activeHook: StepHook<R.Action, R.Mutation, R.State>?
  /// While the observers are shown a past state (``ProcessingModes/isTraveling``): the live state and
  /// what `transform(state:)` made of it, put aside, and the work held meanwhile, in order.
  /// Belong to the processing thread, like ``ProcessingThreadParts``: only that thread reads or
  /// writes them, without the lock.
  @exclusivity(unchecked) @usableFromInline var liveState: R.State?
  @exclusivity(unchecked) @usableFromInline var livePublished: R.State?
  @exclusivity(unchecked) @usableFromInline var held: [(Work<R>, StepScope)] = []
  /// What the last reduce left to do once the lock is released (see
  /// ``ReactorStorage/keepWorkAfterReduce()``): kept by the processing thread with the lock
  /// held, taken by it right after. Belongs to that thread, like ``liveState``.
  @exclusivity(unchecked) @usableFromInline var workAfterReduce: AfterReduce<R>?

  @usableFromInline init() {}
}
