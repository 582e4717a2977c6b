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
/// - On glibc: one atomic word, taken with a compare-and-swap and released with a plain store,
///   and the owning thread in a second word, so that a nested lock by the owner is a load and
///   an increment. Once a process has a second thread (every app has), a `pthread_mutex_t`
///   costs two atomic read-modify-writes a lock and unlock, about 11 ns here, where this costs
///   one, about 4.5 ns: scenario 1 (`send`) takes the lock twice, and went from 23 to 14 ns.
///   While glibc's `__libc_single_threaded` says the process has one thread, the word is taken
///   with a plain store, as glibc takes its own locks then (scenario 1 in a process that never
///   made a thread: 7 ns with a mutex, 6 ns with this).
///
///   A thread that finds the lock taken spins, then gives up the processor, then sleeps and
///   looks again: nothing wakes it, so that releasing costs no atomic operation and no system
///   call. Each sleep asks for at most 50 µs, and Linux adds its timer slack (50 µs by
///   default), so a thread waiting behind a long `reduce` sees the lock free about 50–110 µs
///   after it is released, later when the cores are busy. Like a glibc mutex, it is not fair:
///   a thread that takes it again at once may get it first, so a thread waiting while another
///   keeps taking it waits until one of its looks finds it free. Either way, what it waits for
///   is the engine's own work and `reduce`, never `mutate`, an observer or an effect.
/// - Elsewhere (Darwin, Musl): a recursive `pthread_mutex_t`; not `os_unfair_lock` (which is not
///   recursive) nor `Synchronization` (whose `Mutex` and `Atomic` need iOS 18 / macOS 15). On
///   Darwin its policy is first-fit, as glibc's is: by default since macOS 10.14 / iOS 12 a
///   Darwin mutex is fair-share, handing the lock to the waiters in turn, so that a thread that
///   takes it again at once waits behind them. The contention design (the pause behind a backlog,
///   the hand-off after a batch) was measured with an unfair lock, where the processing thread
///   keeps the lock while it works; a fair one would trade it with every sender.
///
/// The lock lives at a stable heap address for its whole life, as atomics and POSIX mutexes
/// require.
@usableFromInline
struct PlatformLock {
  #if canImport(Glibc)
    @usableFromInline let storage: OwnedWord

    @usableFromInline
    init() { storage = OwnedWord() }

    /// A lock that reads `singleThreaded` instead of glibc's flag, spins and yields as given
    /// before it sleeps, and tells `probe` when a waiter first sleeps: for tests of each path.
    init(
      singleThreaded: UnsafePointer<UInt8>?, spins: UInt16, yields: UInt16,
      probe: LockProbe? = nil
    ) {
      storage = OwnedWord(
        singleThreaded: singleThreaded, spins: spins, yields: yields, probe: probe)
    }

    /// Nothing to free here: the word is an object, released with the lock.
    @usableFromInline
    func deallocate() {}

    @inlinable @inline(__always)
    func lock() {
      let thread = ThreadIdentity.current.id
      // Only this thread ever stores its own id: equal means it holds the lock already.
      if storage.owner.load(ordering: .relaxed) == thread {
        storage.depth &+= 1
        return
      }
      if let flag = storage.singleThreaded, flag.pointee != 0 {
        // No other thread exists, so none holds the word: no atomic instruction is needed.
        assert(storage.word.load(ordering: .relaxed) == 0, "a lock held by a thread that ended")
        storage.word.store(1, ordering: .relaxed)
      } else if !storage.word.compareExchange(
        expected: 0, desired: 1, ordering: .acquiring
      ).exchanged {
        storage.waitAndLock()
      }
      storage.owner.store(thread, ordering: .relaxed)
    }

    @inlinable @inline(__always)
    func unlock() {
      if storage.depth > 0 {
        storage.depth &-= 1
        return
      }
      storage.owner.store(0, ordering: .relaxed)
      storage.word.store(0, ordering: .releasing)
    }
  #else
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>

    @usableFromInline
    init() {
      mutex = .allocate(capacity: 1)
      var attributes = pthread_mutexattr_t()
      pthread_mutexattr_init(&attributes)
      pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
      #if canImport(Darwin)
        // Unfair, as on glibc (see above); the macro has been in Darwin's headers since 10.7.
        pthread_mutexattr_setpolicy_np(&attributes, PTHREAD_MUTEX_POLICY_FIRSTFIT_NP)
      #endif
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
  /// The address of glibc's `__libc_single_threaded` (glibc 2.32 and later), or 0 without it.
  /// Its header is not part of the `Glibc` module, so it is looked up once, by name.
  @usableFromInline let singleThreadedFlag = UInt(
    bitPattern: dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__libc_single_threaded"))

  /// The lock word of ``PlatformLock`` on glibc, with its owner and how deeply the owner
  /// nested it.
  ///
  /// An object, so that each field is reached through its own address: the holder's writes to
  /// ``depth`` are not accesses to the words other threads are taking meanwhile.
  @usableFromInline
  final class OwnedWord {
    /// 1 while a thread holds the lock, 0 when it is free.
    @usableFromInline let word = Atomic<UInt32>(0)
    /// Tries spent spinning, then giving up the processor, before sleeping. Next to the word,
    /// in what would be padding.
    @usableFromInline let spins: UInt16
    @usableFromInline let yields: UInt16
    /// The id of the thread holding the lock; 0 when none. Written by the holder only.
    @usableFromInline let owner = Atomic<UInt>(0)
    /// Nested locks by the owner not yet unlocked. Touched by the holder only, so it needs no
    /// exclusivity check.
    @exclusivity(unchecked) @usableFromInline var depth = 0
    /// glibc's `__libc_single_threaded`: non-zero when the process has one thread. glibc
    /// documents it for this use (skipping atomic instructions) and sets it to 0 in
    /// `pthread_create`, on the only thread, before the new thread runs; while it reads
    /// non-zero, no other thread exists to hold the word.
    @usableFromInline let singleThreaded: UnsafePointer<UInt8>?
    /// Told when a waiter first sleeps; `nil` but in tests. One reference: the object stays in
    /// the same 64-byte allocation (heap per reactor, scenario 9).
    let probe: LockProbe?

    @usableFromInline
    init(
      singleThreaded: UnsafePointer<UInt8>? = UnsafePointer(bitPattern: singleThreadedFlag),
      spins: UInt16 = 100, yields: UInt16 = 50, probe: LockProbe? = nil
    ) {
      self.singleThreaded = singleThreaded
      self.spins = spins
      self.yields = yields
      self.probe = probe
    }

    /// Takes the word once it is free, after a failed first try: spins while the holder is
    /// likely to be done within a few hundred nanoseconds (the engine's own work), then gives
    /// up the processor, then sleeps in steps of at most 50 µs (a long `reduce`).
    @usableFromInline @inline(never)
    func waitAndLock() {
      var attempts: UInt32 = 0
      while true {
        // Read before trying, so that waiting threads share the line instead of taking it.
        if word.load(ordering: .relaxed) == 0,
          word.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged
        {
          return
        }
        attempts &+= 1
        if attempts < UInt32(spins) {
          continue
        } else if attempts < UInt32(spins) + UInt32(yields) {
          sched_yield()
        } else {
          if attempts == max(UInt32(spins) + UInt32(yields), 1) { probe?.firstSleep() }
          usleep(min(attempts - UInt32(spins) - UInt32(yields) + 1, 50))
        }
      }
    }
  }

  /// What a test of ``PlatformLock`` learns from its waiters: called on a waiter's thread when
  /// it goes to sleep for the first time in one wait, so that a test can hold the lock until
  /// its waiters really sleep.
  @usableFromInline
  package final class LockProbe: Sendable {
    let firstSleep: @Sendable () -> Void

    /// A probe that calls `firstSleep` on each waiter's first sleep.
    package init(firstSleep: @escaping @Sendable () -> Void) { self.firstSleep = firstSleep }
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
