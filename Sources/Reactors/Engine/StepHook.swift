/// What a reactor's engine tells whoever watches its steps, as they happen: the one narrow
/// door between the engine and a ``Recording`` (which makes one in `Recording+Hook.swift`).
/// The engine names no recording: it calls these, in the order of its work, and keeps the
/// causes they return in scope for what is sent meanwhile (see ``CauseScope``).
///
/// Thread rules: `began`, `input`, `reduced` and `effectStarted` run on the thread that
/// processes the reactor's work, one at a time, with the engine's lock released; `finished`
/// too, once, when the engine stops telling the hook (in the work's order), or never when the
/// reactor ends first. `effectEnded` runs on the effect's task, and `cancelled` on the thread
/// that cancels, from the moment the hook began: a hook takes its own lock for those. Nothing
/// is called with the engine's lock held, so a hook may read the reactor's state (but not
/// wait for another thread's work).
///
/// Lifetime: the engine holds the hook while it is attached, and the hook holds what it tells.
@usableFromInline
final class StepHook<Action, Mutation, State>: Sendable {
  /// Who attached the hook: what ``ReactorStorage/detach(_:from:)`` compares, by identity. Held,
  /// so that the identity is not reused while the hook is attached.
  @usableFromInline let owner: any AnyObject & Sendable
  /// Whether the hook replays a recording: an effect's task is told as started, then dropped
  /// (see ``EffectStart``), as its recorded outputs are replayed instead.
  @usableFromInline let dropsEffects: Bool
  /// The engine starts telling the hook, from `state`, the state its work has reached.
  @usableFromInline let began: @Sendable (_ state: State) -> Void
  /// The engine stopped telling the hook (or replaced it with another).
  @usableFromInline let finished: @Sendable () -> Void
  /// An action arrives, already through `transform(action:)` when `staged`, queued by a
  /// store's middleware when `followUp`, sent by `cause`, from `source` (the `send` or
  /// `dispatch` call, when known). Returns its step, the cause of what `mutate` and its effect
  /// send.
  @usableFromInline let input:
    @Sendable (
      _ action: Action, _ staged: Bool, _ followUp: Bool, _ cause: RecordedCause?,
      _ source: CallSite?
    ) -> RecordedCause
  /// A mutation, the `ordinal`th since the hook began (from 1), was reduced; `state` reads
  /// the state it made (lock taken and released). Returns its step, the cause of what the
  /// observers and a store's middleware send.
  @usableFromInline let reduced:
    @Sendable (
      _ mutation: Mutation, _ ordinal: Int, _ cause: RecordedCause?, _ state: () -> State
    ) -> RecordedCause
  /// An effect (named by the cancellable `id` it is known by, if any) starts a task. Returns
  /// its step, the cause of what the task sends.
  @usableFromInline let effectStarted:
    @Sendable (_ id: EffectID?, _ cause: RecordedCause?) -> RecordedCause
  /// The effect whose start is `step` ended, cancelled or not.
  @usableFromInline let effectEnded: @Sendable (_ step: RecordedCause, _ cancelled: Bool) -> Void
  /// The effects marked `id` were cancelled by `cause`.
  @usableFromInline let cancelled: @Sendable (_ id: EffectID, _ cause: RecordedCause?) -> Void
  /// The time, in nanoseconds, when the hook measures what each step costs (see
  /// ``costs``); `nil` when it does not, and the engine reads no clock for it.
  @usableFromInline let now: (@Sendable () -> Int64)?
  /// What the mutation whose step is `step` cost, when the hook measures (``now``): its
  /// `reduce` with the `transform(mutation:)` and `transform(state:)` stages and the lock,
  /// and the delivery that followed (the observers, a store's middleware), in nanoseconds.
  /// Told on the processing thread, after the delivery.
  @usableFromInline let costs:
    @Sendable (_ step: RecordedCause, _ reduce: Int64, _ delivery: Int64) -> Void

  /// A hook of `owner`'s, with what each event does.
  @inlinable
  init(
    owner: any AnyObject & Sendable, dropsEffects: Bool,
    began: @escaping @Sendable (State) -> Void,
    finished: @escaping @Sendable () -> Void,
    input:
      @escaping @Sendable (Action, Bool, Bool, RecordedCause?, CallSite?) -> RecordedCause,
    reduced: @escaping @Sendable (Mutation, Int, RecordedCause?, () -> State) -> RecordedCause,
    effectStarted: @escaping @Sendable (EffectID?, RecordedCause?) -> RecordedCause,
    effectEnded: @escaping @Sendable (RecordedCause, Bool) -> Void,
    cancelled: @escaping @Sendable (EffectID, RecordedCause?) -> Void,
    now: (@Sendable () -> Int64)? = nil,
    costs: @escaping @Sendable (RecordedCause, Int64, Int64) -> Void = { _, _, _ in }
  ) {
    self.owner = owner
    self.dropsEffects = dropsEffects
    self.began = began
    self.finished = finished
    self.input = input
    self.reduced = reduced
    self.effectStarted = effectStarted
    self.effectEnded = effectEnded
    self.cancelled = cancelled
    self.now = now
    self.costs = costs
  }
}

/// The step that sent a queued item, kept with it (``Processing/Queued/scope``) while a hook
/// is attached: the item is processed in its scope, so what it does names that step as its
/// cause, as it would have, processed where it was sent.
@usableFromInline
final class StepScope: Sendable {
  /// The step that sent the item; `nil`: from outside every hooked step.
  @usableFromInline let cause: RecordedCause?
  /// Whether the item is a store's follow-up action (its middleware returned it): a replay
  /// makes it again rather than injects it.
  @usableFromInline let isFollowUp: Bool
  /// Where the item, an action, was sent from (its `send` or `dispatch`), when known.
  @usableFromInline let source: CallSite?

  @inlinable
  init(cause: RecordedCause?, isFollowUp: Bool, source: CallSite? = nil) {
    self.cause = cause
    self.isFollowUp = isFollowUp
    self.source = source
  }
}

/// An effect's start as its hook was told, which its task names as the cause of what it sends,
/// and how the hook is told of its end: cancelled when its task was, or when the part it is
/// known by (the cancellable part marked `id`, which its task awaits) was.
@usableFromInline
final class HookedEffect: Sendable {
  @usableFromInline let step: RecordedCause
  /// The id the effect is known by (see ``StepHook/effectStarted``).
  @usableFromInline let id: EffectID?
  @usableFromInline let ended: @Sendable (_ cancelled: Bool) -> Void
  /// Whether the part marked ``id`` ended cancelled: by its id, by an effect with its id that
  /// cancels in flight, or with the reactor. The effect's own task, which only awaits it, is not
  /// cancelled then, and goes on to its end.
  @usableFromInline let cancelledPart = Locked(false)

  @usableFromInline
  init(step: RecordedCause, id: EffectID?, ended: @escaping @Sendable (Bool) -> Void) {
    self.step = step
    self.id = id
    self.ended = ended
  }

  /// The part marked ``id`` ended cancelled.
  @inlinable
  func partCancelled() { cancelledPart.withLock { $0 = true } }

  /// Whether the part marked ``id`` ended cancelled (read once the effect's task awaited it).
  @inlinable
  var isPartCancelled: Bool { cancelledPart.withLock { $0 } }
}
