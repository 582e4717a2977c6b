#if canImport(Glibc)
  import Glibc
  import Synchronization
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
/// queued and reported rather than deadlock.
///
/// - On glibc: a plain `pthread_mutex_t` and the owning thread in an atomic word, so that a
///   nested lock by the owner is a load and an increment. A recursive glibc mutex costs about
///   70 instructions a lock and unlock, this about 40: scenario 1 (`send`) takes the lock twice.
/// - Elsewhere (Darwin, Musl): a recursive `pthread_mutex_t`; not `os_unfair_lock` (which is not
///   recursive) nor `Synchronization` (whose `Mutex` and `Atomic` need iOS 18 / macOS 15).
///
/// The mutex lives at a stable heap address for its whole life, as POSIX requires.
@usableFromInline
struct PlatformLock {
  #if canImport(Glibc)
    @usableFromInline let storage: UnsafeMutablePointer<OwnedMutex>

    @usableFromInline
    init() {
      storage = .allocate(capacity: 1)
      storage.initialize(to: OwnedMutex())
      pthread_mutex_init(&storage.pointee.mutex, nil)
    }

    /// Destroys the mutex. Call once, when the owner is deinitialized.
    @usableFromInline
    func deallocate() {
      pthread_mutex_destroy(&storage.pointee.mutex)
      storage.deinitialize(count: 1)
      storage.deallocate()
    }

    @inlinable @inline(__always)
    func lock() {
      let thread = ThreadIdentity.current.id
      // Only this thread ever stores its own id: equal means it holds the lock already.
      if storage.pointee.owner.load(ordering: .relaxed) == thread {
        storage.pointee.depth &+= 1
        return
      }
      pthread_mutex_lock(&storage.pointee.mutex)
      storage.pointee.owner.store(thread, ordering: .relaxed)
    }

    @inlinable @inline(__always)
    func unlock() {
      if storage.pointee.depth > 0 {
        storage.pointee.depth &-= 1
        return
      }
      storage.pointee.owner.store(0, ordering: .relaxed)
      pthread_mutex_unlock(&storage.pointee.mutex)
    }
  #else
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
  #endif
}

#if canImport(Glibc)
  /// A mutex with its owner and how deeply the owner nested it (see ``PlatformLock``).
  @usableFromInline
  struct OwnedMutex: ~Copyable {
    @usableFromInline var mutex = pthread_mutex_t()
    /// The id of the thread holding the mutex; 0 when none. Written by the holder only.
    @usableFromInline let owner = Atomic<UInt>(0)
    /// Nested locks by the owner not yet unlocked. Touched by the holder only.
    @usableFromInline var depth = 0

    @usableFromInline init() {}
  }
#endif

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
