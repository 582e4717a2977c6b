#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Marks the calling thread while a main-actor view model sends an action (an
/// ``ObservedReactor``'s `send`), so that what that send delivers on this thread, synchronously,
/// knows it runs on the main actor without asking Dispatch: asking (`isOnMainQueue()`) cost
/// about 45 ns an invalidation in scenario 8 of the benchmarks, reading the mark about 2 ns.
///
/// The mark is a thread-local value (a POSIX thread-specific key), set only for the duration of
/// a main-actor function's synchronous call, and restored after it (sends nest). Work the send
/// leaves to other threads never sees it; they ask Dispatch.
@usableFromInline
enum MainActorSend {
  /// The thread-specific key, made once.
  @usableFromInline static let key: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key, nil)
    precondition(status == 0, "no thread-specific key left (pthread_key_create: \(status))")
    return key
  }()

  /// Any address that is not `nil`: the mark.
  @inlinable static var mark: UnsafeRawPointer { UnsafeRawPointer(bitPattern: 1)! }

  /// Runs `body` with the calling thread marked as running on the main actor.
  @MainActor @inlinable
  static func run(_ body: () -> Void) {
    // A caller that is not checked for isolation (Swift 5 mode, Objective-C) would make the
    // mark lie: caught in debug builds.
    MainActor.assertIsolated("a main-actor view model sent an action off the main actor")
    let previous = pthread_getspecific(key)
    pthread_setspecific(key, mark)
    body()
    pthread_setspecific(key, previous)
  }

  /// Whether the calling thread is inside ``run(_:)``: then it runs on the main actor.
  @inlinable
  static var isRunning: Bool { pthread_getspecific(key) != nil }
}
