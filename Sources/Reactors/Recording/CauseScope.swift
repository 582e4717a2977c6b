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
/// A scope lives on the stack of the thread that entered it, for the duration of a synchronous
/// call (nothing in it suspends), and the thread-specific key points to the innermost one.
/// Only one kind of code runs inside a scope on its thread and is not part of it: an effect's
/// task starting there (`Task.immediate`), which runs until its first suspension with its own
/// task-local cause. The engine starts those tasks inside a barrier (``barrier(_:)``), a scope
/// that sends the reader to the task-local value. So a task-local value is read only outside
/// every scope, or behind a barrier.
@usableFromInline
struct CauseScope {
  @usableFromInline let cause: RecordedCause?
  /// Whether the scope hides those around it (see ``barrier(_:)``).
  @usableFromInline let isBarrier: Bool

  /// The thread-specific key, made once.
  @usableFromInline static let key: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key, nil)
    precondition(status == 0, "no thread-specific key left (pthread_key_create: \(status))")
    return key
  }()

  /// Runs `body` with `cause` as the calling thread's innermost scope.
  @inlinable
  static func run<Result>(_ cause: RecordedCause?, _ body: () -> Result) -> Result {
    enter(CauseScope(cause: cause, isBarrier: false), body)
  }

  /// Runs `body`, which starts a task that may run on this thread before it returns, with
  /// the scopes around it hidden from that task: what it sends names its own cause.
  @inlinable
  static func barrier<Result>(_ body: () -> Result) -> Result {
    guard pthread_getspecific(key) != nil else { return body() }
    return enter(CauseScope(cause: nil, isBarrier: true), body)
  }

  @inlinable
  static func enter<Result>(_ scope: CauseScope, _ body: () -> Result) -> Result {
    var scope = scope
    let previous = pthread_getspecific(key)
    return withUnsafeMutablePointer(to: &scope) { scope in
      pthread_setspecific(key, scope)
      defer { pthread_setspecific(key, previous) }
      return body()
    }
  }

  /// The cause in force here: the innermost scope's, else (outside every scope, or behind a
  /// barrier) the running task's.
  @usableFromInline
  static var current: RecordedCause? {
    if let pointer = pthread_getspecific(key) {
      let scope = pointer.assumingMemoryBound(to: CauseScope.self)
      if !scope.pointee.isBarrier { return scope.pointee.cause }
    }
    return RecordedCause.current
  }

  @inlinable
  init(cause: RecordedCause?, isBarrier: Bool) {
    self.cause = cause
    self.isBarrier = isBarrier
  }
}
