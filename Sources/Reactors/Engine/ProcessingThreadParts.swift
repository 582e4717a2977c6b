/// What belongs to the thread that processes a reactor's work: only that thread reads or writes
/// it, some of it with the lock held, the rest with the lock released. Ownership of processing
/// passes from thread to thread through the lock, which orders those accesses.
///
/// It lies in the engine's allocation after the core, apart from it (see ``EngineAllocation``),
/// so that an access to it is never an access to the core, which other threads change under the
/// lock meanwhile: the thread sanitizer takes an `inout` access to a field of the core for an
/// access to the whole core. Reached by address arithmetic, not by `pointer(to:)`, whose key
/// path an unoptimized build (an app's debug build, the sanitizer's) instantiates at run time on
/// every call: that was 40% of the processing thread's time there with eight threads sending.
@usableFromInline
struct ProcessingThreadParts<R: Reactor> {
  /// The change being delivered: filled with the lock held, emptied with it released.
  @usableFromInline var delivery = Delivery<R.State>()
  /// What the processing thread is in the middle of (time travel, an effect starting, the item's
  /// kind). Right after ``delivery``, in the padding its last byte leaves (scenario 4, the heap
  /// of an idle reactor).
  @usableFromInline var modes = ProcessingModes()
  /// The queued items the processing thread took and is processing, in reverse order. Keeps
  /// its buffer between uses.
  @usableFromInline var taken: [Processing<Work<R>, ThreadIdentity>.Queued] = []
  /// The hook told of the reactor's steps (see ``StepHook``): set in the work's order
  /// (``EngineControl/hook(_:)``), read when processing.
  @usableFromInline private(set) var hook: StepHook<R.Action, R.Mutation, R.State>?
  /// ``hook`` as an unretained reference, read on each step's path without an atomic retain
  /// and release; ``hook`` keeps it alive while it is set.
  @usableFromInline private(set) var unretainedHook:
    Unmanaged<StepHook<R.Action, R.Mutation, R.State>>?

  /// The mutations told to ``hook`` since it began (their ordinals).
  @usableFromInline private(set) var mutationsTold = 0

  /// Inlinable, so a reactor's storage is built with its concrete types' layout known.
  @inlinable init() {}

  /// The processing thread tells `hook` from now on, or no hook; its mutations are counted from
  /// the first.
  @inlinable
  mutating func tell(_ hook: StepHook<R.Action, R.Mutation, R.State>?) {
    self.hook = hook
    unretainedHook = hook.map { Unmanaged.passUnretained($0) }
    mutationsTold = 0
  }

  /// The hook is told of one more mutation: returns its ordinal, from 1.
  @inlinable
  mutating func mutationTold() -> Int {
    mutationsTold &+= 1
    return mutationsTold
  }
}
