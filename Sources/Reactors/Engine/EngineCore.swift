/// Everything a reactor's engine knows, guarded by the storage's lock.
@usableFromInline
struct EngineCore<R: Reactor> {
  /// Who processes, and the queue of work.
  @usableFromInline var processing = Processing<Work<R>, ThreadIdentity>()
  /// The reduced state; `nil` until the reactor is first used.
  @usableFromInline var state: R.State?
  /// `reduce` is running: a `send` now comes from inside it (a misuse, reported).
  @usableFromInline var isReducing = false
  /// What the `transform` hooks returned, when the reactor overrides one; set once, when it
  /// starts, and never replaced.
  @usableFromInline var transforms: Transforms<R>?
  @usableFromInline var observers = ObserverRegistry<R.State>()
  /// The change being delivered. It belongs to the thread that processes the reactor's work:
  /// that thread fills it with the lock held and empties it with the lock released; no other
  /// thread touches it.
  @usableFromInline var delivery = Delivery<R.State>()
  /// What every effect's host shares (a weak reference, the tasks); made with the first
  /// effect.
  @usableFromInline var link: ReactorLink<R>?
  /// What few reactors use, made on first use: while it is `nil` (and the reactor has no
  /// `transform` stage), `send` takes its shortest path.
  @usableFromInline var extras: EngineExtras<R>?
  /// The reactor has started, has no `transform` stage and no ``extras``: `send` can reduce a
  /// `.just` with no other check.
  @usableFromInline var isPlain = false

  /// Inlinable, so a reactor's storage is built with its concrete types' layout known.
  @inlinable init() {}

  /// ``extras``, made if needed.
  @inlinable
  mutating func makeExtras() -> EngineExtras<R> {
    if let extras { return extras }
    let made = EngineExtras<R>()
    extras = made
    isPlain = false
    return made
  }

  /// The state the outside sees: transformed when `transform(state:)` has a stage.
  @inlinable var currentState: R.State { transforms?.published ?? state! }
}

/// The parts of a reactor's engine that few reactors use, guarded by the storage's lock.
@usableFromInline
final class EngineExtras<R: Reactor> {
  /// Follow-up actions to start after each reduce (a store's middleware).
  @usableFromInline var afterReduce: (@Sendable (R.State, R.Mutation) -> Effect<R.Action>)?
  @usableFromInline var stubIsEnabled = false
  @usableFromInline var stubActions: [R.Action] = []
  /// Tasks waiting for the reactor to be idle (the test toolkit's `idle()`).
  @usableFromInline var idleWaiters: [UnsafeContinuation<Void, Never>] = []
  /// Observers queued to be registered in their turn (see ``Work/register(_:)``); one
  /// cancelled before its turn leaves this list and is never registered.
  @usableFromInline var pendingRegistrations: [UInt64] = []
  /// Misuses noticed with the lock held, reported once it is released.
  @usableFromInline var issues: [ReactorIssue<R.Action>] = []
  /// The reactor's subscriptions to the relays its `transform` hooks merged; they end with it.
  @usableFromInline var subscriptions: [ObservationToken] = []

  @usableFromInline init() {}
}

/// The element-wise stages of a reactor's `transform` hooks (`nil` is the identity), and the
/// state after `transform(state:)`'s. Made when a reactor that overrides a hook starts: a
/// reactor that overrides none carries none of it.
@usableFromInline
final class Transforms<R: Reactor> {
  @usableFromInline let action: (@Sendable (R.Action) -> R.Action?)?
  @usableFromInline let mutation: (@Sendable (R.Mutation) -> R.Mutation?)?
  @usableFromInline let state: (@Sendable (R.State) -> R.State?)?
  /// The state the outside sees, when `transform(state:)` has a stage; `nil` otherwise.
  /// Guarded by the engine's lock.
  @usableFromInline var published: R.State?

  @usableFromInline
  init(
    action: (@Sendable (R.Action) -> R.Action?)?,
    mutation: (@Sendable (R.Mutation) -> R.Mutation?)?,
    state: (@Sendable (R.State) -> R.State?)?, published: R.State?
  ) {
    self.action = action
    self.mutation = mutation
    self.state = state
    self.published = published
  }
}
