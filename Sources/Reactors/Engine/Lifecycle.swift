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

  /// Started with no `transform` stage: plain but for its extras (a recorded reactor's
  /// `send` takes a short path of its own, see `sendRecorded(_:_:)`).
  @inlinable
  var hasNoStages: Bool { hasStarted && !hasStages }

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
