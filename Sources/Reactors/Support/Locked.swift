#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value guarded by a lock: the small building block for state shared across threads.
///
/// Thread rules: every read and write of the value happens inside ``withLock(_:)``, which must
/// not be called again on the same `Locked` from inside its body (the lock is not recursive;
/// the engine's own lock, ``PlatformLock``, is). Copies share one value and one lock.
///
/// The value and the mutex live in one heap object, at addresses that never move: one
/// allocation, and no dynamic exclusivity check on each access (the lock already excludes).
/// Shared with the package's other targets (`package`), not with users.
@usableFromInline
package struct Locked<Value> {
  @usableFromInline let storage: LockedStorage<Value>

  /// Creates a lock around `value`.
  @inlinable
  package init(_ value: Value) { storage = LockedStorage.make(value) }

  /// Runs `body` with exclusive access to the value.
  @inlinable
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try storage.withUnsafeMutablePointers { value, mutex in
      pthread_mutex_lock(mutex)
      defer { pthread_mutex_unlock(mutex) }
      return try body(&value.pointee)
    }
  }
}

// Audited: the value is only reached inside `withLock`, which holds the mutex for the whole
// access; both live in `storage`, which every copy keeps alive. Sendable only when the value
// is: a lock makes sharing safe, not handing a non-Sendable value to another thread.
extension Locked: @unchecked Sendable where Value: Sendable {}

/// The heap object behind ``Locked``: the value as the header, one mutex as the element.
@usableFromInline
final class LockedStorage<Value>: ManagedBuffer<Value, pthread_mutex_t> {
  /// A storage holding `value`, with its mutex initialized.
  @inlinable
  static func make(_ value: Value) -> LockedStorage {
    let storage = unsafeDowncast(create(minimumCapacity: 1) { _ in value }, to: LockedStorage.self)
    storage.withUnsafeMutablePointerToElements { _ = pthread_mutex_init($0, nil) }
    return storage
  }

  // ManagedBuffer destroys the header (the value) itself; the mutex needs destroying.
  deinit { withUnsafeMutablePointerToElements { _ = pthread_mutex_destroy($0) } }
}

extension Locked {
  /// Takes the value out, leaving `nil`: whoever calls first gets it, once, to use with the
  /// lock released (a closure that must run once: a recording's stop, its finish).
  @inlinable
  func takeOnce<Wrapped>() -> Wrapped? where Value == Wrapped? {
    withLock { value in
      defer { value = nil }
      return value
    }
  }
}
