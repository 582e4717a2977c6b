#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A recursive mutual-exclusion lock that works on every platform Reactors supports.
///
/// The engine holds it only for short, pure work: taking the next item, `reduce` and
/// comparing observed values. It is recursive for one reason: a `reduce` that misuses the
/// reactor (calling `send` or reading `currentState`) runs with it held, and such a call must be
/// queued and reported rather than deadlock. So it is a recursive `pthread_mutex_t` on Linux and
/// on Darwin alike, not `os_unfair_lock` (which is not recursive) nor `Synchronization.Mutex`
/// (which needs iOS 18 / macOS 15).
///
/// The mutex lives at a stable heap address for its whole life, as POSIX requires.
@usableFromInline
struct PlatformLock {
  @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>

  @usableFromInline
  init() {
    mutex = .allocate(capacity: 1)
    var attributes = pthread_mutexattr_t()
    pthread_mutexattr_init(&attributes)
    pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
    pthread_mutex_init(mutex, &attributes)
    pthread_mutexattr_destroy(&attributes)
  }

  /// Destroys the mutex. Call once, when the owner is deinitialized.
  @usableFromInline
  func deallocate() {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  @inlinable @inline(__always)
  func lock() { pthread_mutex_lock(mutex) }

  @inlinable @inline(__always)
  func unlock() { pthread_mutex_unlock(mutex) }
}

/// Which thread is running: the engine tells the thread that processes a reactor's work from
/// the others by this.
///
/// The thread's `pthread_t` as a number: a pointer on Darwin, an integer on glibc, compared
/// with `==` either way (what `pthread_equal` does on both), and `Sendable` on both.
@usableFromInline
struct ThreadIdentity: Equatable, Sendable {
  @usableFromInline let id: UInt

  /// The calling thread.
  @inlinable
  static var current: ThreadIdentity {
    #if canImport(Glibc)
      ThreadIdentity(id: UInt(pthread_self()))  // an integer
    #else
      ThreadIdentity(id: UInt(bitPattern: pthread_self()))  // a pointer (Darwin, Musl)
    #endif
  }

  @inlinable
  init(id: UInt) { self.id = id }
}
