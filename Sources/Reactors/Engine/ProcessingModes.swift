/// What the thread that processes a reactor's work is in the middle of: the mode that changes
/// what it does with an item (a past state shown: time travel), and what it says of the item it
/// processes (it came later, it is a store's follow-up, it was sent while an effect started).
///
/// A pure value, in ``ProcessingThreadParts`` beside the storage's core, that belongs to the
/// processing thread: only that thread reads or writes it, without the lock (ownership of
/// processing passes through the lock, which orders those accesses). Its methods are named after
/// what happened and return what to do; a state that cannot happen stops the program with
/// `preconditionFailure`. Tested alone, without threads (`ProcessingModesTests`).
@usableFromInline
struct ProcessingModes {
  /// Whether the item being processed came later than the `send` that started processing
  /// (``Processing/Queued/isLater``): queued by another thread, or by an effect while it started
  /// on the processing thread. `false` for what `mutate` returned at once and what the
  /// processing thread queued itself otherwise (an observer's `send`). The test toolkit's tap
  /// reads it, so that a tester's answer does not depend on where tasks start.
  @usableFromInline private(set) var isLaterItem = false
  /// Whether the processing thread is starting an effect's task: where tasks start on the
  /// calling thread (`Task.immediate`), the effect runs here until it first suspends, and what
  /// it queues meanwhile (its `Send`, a `send`, a relay's event) is its own, queued later.
  @usableFromInline private(set) var isStartingEffect = false
  /// Whether the item being processed is a store's follow-up action, for the hook
  /// (``StepScope/isFollowUp``).
  @usableFromInline private(set) var isFollowUp = false
  /// Whether the observers are shown a past state (see `travel(to:from:)`): the work processed
  /// meanwhile is held, in order, until the reactor returns to its live state.
  @usableFromInline private(set) var isTraveling = false

  @inlinable init() {}

  /// A queued item taken from the queue starts being processed.
  @inlinable @inline(__always)
  mutating func queuedItemStarted(isLater: Bool) { isLaterItem = isLater }

  /// The queued items taken are all processed: what comes next is the thread's own.
  @inlinable @inline(__always)
  mutating func queuedItemsFinished() { isLaterItem = false }

  /// An effect's task starts here. Returns whether one was starting already (an effect that
  /// starts another as it starts), for ``effectStarted(restoring:)``.
  @inlinable @inline(__always)
  mutating func effectStarting() -> Bool {
    let wasStarting = isStartingEffect
    isStartingEffect = true
    return wasStarting
  }

  /// The effect's task returned or suspended: back to what was before ``effectStarting()``.
  @inlinable @inline(__always)
  mutating func effectStarted(restoring wasStarting: Bool) {
    if !isStartingEffect { preconditionFailure("an effect started that was not starting") }
    isStartingEffect = wasStarting
  }

  /// An item is processed in the scope of the step that sent it (``StepScope``). Returns what to
  /// restore when it is done (``scopeLeft(restoring:)``): scopes nest.
  @inlinable @inline(__always)
  mutating func scopeEntered(isFollowUp: Bool) -> Bool {
    let wasFollowUp = self.isFollowUp
    self.isFollowUp = isFollowUp
    return wasFollowUp
  }

  /// The item processed in a step's scope is done.
  @inlinable @inline(__always)
  mutating func scopeLeft(restoring wasFollowUp: Bool) { isFollowUp = wasFollowUp }

  /// Whether `work`, about to be processed, is to be held instead: while a past state is shown,
  /// what would change the state or tell a step waits (see ``Work/isHeldWhileTraveling``).
  @inlinable @inline(__always)
  func holds<R>(_ work: Work<R>) -> Bool { isTraveling && work.isHeldWhileTraveling }

  /// Whether a sent action, about to be processed, is to be held (see ``holds(_:)``).
  @inlinable @inline(__always)
  var holdsActions: Bool { isTraveling }

  /// A past state is shown. Returns whether it is the first since the live state was: then the
  /// live state is to be put aside, to show again later.
  @inlinable
  mutating func pastShown() -> Bool {
    let isFirst = !isTraveling
    isTraveling = true
    return isFirst
  }

  /// The live state is to be shown again. Returns whether a past state was shown: then show the
  /// live state put aside and process the work held meanwhile; otherwise there is nothing to do.
  @inlinable
  mutating func liveShown() -> Bool {
    let wasTraveling = isTraveling
    isTraveling = false
    return wasTraveling
  }
}
