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
/// call (nothing in it suspends), and the thread-specific key points to the innermost one. It
/// remembers the task-local cause in force when it was entered: a task started inside it on the
/// same thread (an effect starting with `Task.immediate`) sets its own, and then reads that.
@usableFromInline
struct CauseScope {
  @usableFromInline let cause: RecordedCause?
  /// The task-local cause when the scope was entered.
  @usableFromInline let enclosing: RecordedCause?

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
    var scope = CauseScope(cause: cause, enclosing: RecordedCause.current)
    let previous = pthread_getspecific(key)
    return withUnsafeMutablePointer(to: &scope) { scope in
      pthread_setspecific(key, scope)
      defer { pthread_setspecific(key, previous) }
      return body()
    }
  }

  /// The cause in force here: the innermost scope's, unless a task-local cause was set since
  /// it was entered.
  @usableFromInline
  static var current: RecordedCause? {
    let local = RecordedCause.current
    guard let pointer = pthread_getspecific(key) else { return local }
    let scope = pointer.assumingMemoryBound(to: CauseScope.self).pointee
    return scope.enclosing == local ? scope.cause : local
  }

  @inlinable
  init(cause: RecordedCause?, enclosing: RecordedCause?) {
    self.cause = cause
    self.enclosing = enclosing
  }
}
