/// Where a reactor's engine is in its life, and which path `send` may take: the engine's flags
/// as a state machine, beside ``Processing`` (who processes) in the storage's core.
///
/// A pure value, kept under the storage's lock. Its methods are named after what happened;
/// the storage calls them inside a lock scope and acts on what they return once the lock is
/// released. A state that cannot happen (a reduce inside a reduce, or ending twice) stops the
/// program with `preconditionFailure`: it would mean the engine broke its own rules.
///
/// - **Not started → started**, once: the first thread to install the initial state wins
///   (``installed(hasStages:)``); a thread that loses releases what it made.
/// - **Plain** while started with no `transform` stage and no ``EngineExtras``: `send` then
///   reduces a `.just` with no other check. Gaining extras ends it for good.
/// - **Reducing** between ``reduceStarted()`` and ``reduceEnded()``: a `send` from the
///   processing thread then comes from inside `reduce` (a misuse, reported).
/// - **Modes** that take `send` off its shortest path, each turned on and off by an event: the
///   stub (``stubTurned(on:)``), a hook (``hookAttached()``), a store's middleware
///   (``middlewareInstalled()``), the test toolkit's tap (``tapInstalled()``) and misuses
///   waiting to be reported (``issueNoticed()``). What `send` does with them is decided by
///   ``actionArrived(as:scope:from:fromEffect:_:)`` and, after a reduce on the plain path,
///   ``plainReduced(_:hasDelivery:)`` (see `SendRoute.swift`).
@usableFromInline
struct Lifecycle {
  /// The initial state is installed.
  @usableFromInline private(set) var hasStarted = false
  /// Started, with no `transform` stage and no extras.
  @usableFromInline private(set) var isPlain = false
  /// Started with a `transform` stage.
  @usableFromInline private(set) var hasStages = false
  /// `reduce` is running.
  @usableFromInline private(set) var isReducing = false
  /// The reactor has ``EngineExtras`` (made on first use, never dropped).
  @usableFromInline private(set) var hasExtras = false
  /// The stub is on: actions are kept for the test, nothing is processed.
  @usableFromInline private(set) var isStubbed = false
  /// A hook is attached (see ``StepHook``): queued work keeps its cause.
  @usableFromInline private(set) var isHooked = false
  /// A store's middleware runs after each reduce.
  @usableFromInline private(set) var hasMiddleware = false
  /// The test toolkit's tap is told of each mutation.
  @usableFromInline private(set) var hasTap = false
  /// Misuses noticed with the lock held wait to be reported once it is released.
  @usableFromInline private(set) var hasPendingIssues = false

  @inlinable init() {}

  /// A thread is installing the initial state, with `transform` stages or not. Returns whether
  /// it is the first: `false` tells it another thread started the reactor already.
  @inlinable
  mutating func installed(hasStages: Bool) -> Bool {
    guard !hasStarted else { return false }
    hasStarted = true
    self.hasStages = hasStages
    isPlain = !hasStages && !hasExtras
    return true
  }

  /// The reactor gained ``EngineExtras``: `send`'s shortest path is over for it.
  @inlinable
  mutating func gainedExtras() {
    hasExtras = true
    isPlain = false
  }

  /// The stub was turned on or off (turning it on also gives the reactor its extras).
  @inlinable
  mutating func stubTurned(on isOn: Bool) { isStubbed = isOn }

  /// A hook was attached (the reactor has its extras already).
  @inlinable
  mutating func hookAttached() {
    if !hasExtras { preconditionFailure("a hook is kept in the extras, made first") }
    isHooked = true
  }

  /// The hook attached last was detached.
  @inlinable
  mutating func hookDetached() {
    if !isHooked { preconditionFailure("a hook was detached that was not attached") }
    isHooked = false
  }

  /// A store's middleware was installed; it stays.
  @inlinable
  mutating func middlewareInstalled() { hasMiddleware = true }

  /// The test toolkit's tap was installed, or removed.
  @inlinable
  mutating func tapInstalled() { hasTap = true }

  /// See ``tapInstalled()``.
  @inlinable
  mutating func tapRemoved() { hasTap = false }

  /// A misuse was noticed with the lock held, to report once it is released.
  @inlinable
  mutating func issueNoticed() { hasPendingIssues = true }

  /// The misuses waiting were taken, to be reported.
  @inlinable
  mutating func issuesTaken() { hasPendingIssues = false }

  /// Whether something is left to do after a reduce once the lock is released: telling the
  /// tap, running a store's middleware, or reporting a misuse.
  @inlinable @inline(__always)
  var hasWorkAfterReduce: Bool { hasTap || hasMiddleware || hasPendingIssues }

  /// `reduce` starts.
  @inlinable @inline(__always)
  mutating func reduceStarted() {
    // One flag read: a check of two that the compiler made as one wider load, right after
    // the narrower store of the last `reduceEnded()`, stalled `send` by 6 ns (no store
    // forwarding). Nothing reduces before the start: only a started reactor's work is processed.
    if isReducing { preconditionFailure("a reduce started inside another") }
    isReducing = true
  }

  /// `reduce` returned.
  @inlinable @inline(__always)
  mutating func reduceEnded() {
    if !isReducing { preconditionFailure("a reduce ended that had not started") }
    isReducing = false
  }

  /// Whether an action sent now, by the thread processing the reactor's work or not
  /// (`byProcessingThread`), comes from inside `reduce`.
  @inlinable
  func isSentFromReduce(byProcessingThread: Bool) -> Bool {
    isReducing && byProcessingThread
  }
}
