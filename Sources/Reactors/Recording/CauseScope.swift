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
/// call (nothing in it suspends), and the thread-specific key points to the innermost one; a
/// task-local value is read only outside every scope. The one code that runs inside a scope
/// on its thread without being part of it is an effect's task starting there
/// (`Task.immediate`): the engine starts a recorded effect's task inside a scope of the
/// effect's own step (``aroundEffect(_:_:)``), which is what its task-local value says once it
/// runs elsewhere.
@usableFromInline
struct CauseScope {
  @usableFromInline let cause: RecordedCause?

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
    var scope = CauseScope(cause: cause)
    let previous = pthread_getspecific(key)
    return withUnsafeMutablePointer(to: &scope) { scope in
      pthread_setspecific(key, scope)
      defer { pthread_setspecific(key, previous) }
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
    guard let pointer = pthread_getspecific(key) else { return RecordedCause.current }
    return pointer.assumingMemoryBound(to: CauseScope.self).pointee.cause
  }

  @inlinable
  init(cause: RecordedCause?) {
    self.cause = cause
  }
}
