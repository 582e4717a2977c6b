#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The recorded step a thread is processing synchronously (a recorded reactor's `mutate`, its
/// observers), for what that code sends: ``RecordedCause/current`` without a task-local value,
/// whose push and pop cost about 350 instructions each on every recorded step.
///
/// A scope lasts for a synchronous call (nothing in it suspends), on the thread that entered
/// it; the thread's ``CauseSlot`` holds the innermost scope's cause, and the scope puts back
/// the one before when it ends. A task-local value is read only outside every scope. The one
/// code that runs inside a scope on its thread without being part of it is an effect's task
/// starting there (`Task.immediate`): the engine starts a recorded effect's task inside a
/// scope of the effect's own step (``aroundEffect(_:_:)``), which is what its task-local value
/// says once it runs elsewhere.
@usableFromInline
enum CauseScope {
  /// The thread-specific key of each thread's slot, made once; a thread's slot is released
  /// when the thread ends.
  @usableFromInline static let key: pthread_key_t = {
    var key = pthread_key_t()
    #if canImport(Darwin)
      let status = pthread_key_create(&key) { Unmanaged<CauseSlot>.fromOpaque($0).release() }
    #else
      let status = pthread_key_create(&key) { slot in
        if let slot { Unmanaged<CauseSlot>.fromOpaque(slot).release() }
      }
    #endif
    precondition(status == 0, "no thread-specific key left (pthread_key_create: \(status))")
    return key
  }()

  /// Runs `body` with `cause` as the calling thread's innermost scope.
  @inlinable
  static func run<Result>(_ cause: RecordedCause?, _ body: () -> Result) -> Result {
    slot()._withUnsafeGuaranteedRef { slot in
      let previous = slot.cause
      slot.cause = cause
      slot.depth &+= 1
      defer {
        slot.cause = previous
        slot.depth &-= 1
      }
      return body()
    }
  }

  /// Runs `body`, which starts an effect's task that may run on this thread before it
  /// returns: a recorded effect (`step`, its start) inside a scope of its own step; any other
  /// inside the scope it starts in, as what it sends comes from there.
  @inlinable
  static func aroundEffect<Result>(_ step: RecordedCause?, _ body: () -> Result) -> Result {
    guard let step else { return body() }
    return run(step, body)
  }

  /// The cause in force here: the innermost scope's, else (outside every scope) the running
  /// task's.
  @usableFromInline
  static var current: RecordedCause? {
    guard let slot = pthread_getspecific(key) else { return RecordedCause.current }
    return Unmanaged<CauseSlot>.fromOpaque(slot)._withUnsafeGuaranteedRef { slot in
      slot.depth > 0 ? slot.cause : RecordedCause.current
    }
  }

  /// The calling thread's slot, made on its first scope. Not retained: the thread holds it
  /// until it ends, and only that thread uses it.
  @inlinable @inline(__always)
  static func slot() -> Unmanaged<CauseSlot> {
    if let slot = pthread_getspecific(key) { return Unmanaged.fromOpaque(slot) }
    return makeSlot()
  }

  /// Makes the calling thread's slot, which the thread holds until it ends.
  @usableFromInline @inline(never)
  static func makeSlot() -> Unmanaged<CauseSlot> {
    let slot = Unmanaged.passRetained(CauseSlot())
    let status = pthread_setspecific(key, slot.toOpaque())
    precondition(
      status == 0, "the thread's cause could not be kept (pthread_setspecific: \(status))")
    return slot
  }
}

/// One thread's innermost ``CauseScope``: its cause, and how many scopes are open. Only its
/// thread reads or writes it, so its fields skip the runtime's exclusivity checks.
@usableFromInline
final class CauseSlot {
  @exclusivity(unchecked) @usableFromInline var cause: RecordedCause?
  @exclusivity(unchecked) @usableFromInline var depth = 0

  @usableFromInline init() {}
}
