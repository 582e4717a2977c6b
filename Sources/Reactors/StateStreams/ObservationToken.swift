/// A running observation of a reactor's or store's state. It ends when ``cancel()`` is called
/// or when the token is released, so keep it (in a ``CancelBag``, or a property) for as long
/// as you want to observe.
///
/// A token held only in a local constant may be released right after its last use, before the
/// end of the scope, in optimized builds: `_ = token` does not keep it. Store it, or wrap the
/// code that needs it in `withExtendedLifetime(token) { ... }`.
///
/// Thread rules: `cancel()` may be called from any thread, any number of times. After it
/// returns, the observer is not called again, except by a delivery already running on another
/// thread.
public final class ObservationToken: Sendable, Hashable {
  private let onCancel: Locked<(@Sendable () -> Void)?>

  /// Creates a token that runs `onCancel` once, when cancelled or released.
  public init(_ onCancel: @escaping @Sendable () -> Void) {
    self.onCancel = Locked(onCancel)
  }

  deinit { cancel() }

  /// Ends the observation.
  public func cancel() {
    let action = onCancel.withLock { action in
      defer { action = nil }
      return action
    }
    action?()
  }

  /// Keeps the observation alive for as long as `bag` holds it.
  public func store(in bag: CancelBag) { bag.insert(self) }

  /// Tokens are equal when they are the same object.
  public static func == (lhs: ObservationToken, rhs: ObservationToken) -> Bool { lhs === rhs }

  /// Hashes the token's identity.
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// Owns observations and ends them together: the seeds' `disposeBag`. A view's bindings live in
/// its bag and end when the view releases it or when ``cancelAll()`` is called.
///
/// Named `CancelBag` rather than `DisposeBag` so that it does not clash with RxSwift's in a
/// file that imports both during a migration.
public final class CancelBag: Sendable {
  private let observations = Locked<[ObservationToken]>([])

  /// Creates an empty bag.
  public init() {}

  /// Adds an observation to the bag.
  public func insert(_ observation: ObservationToken) {
    observations.withLock { $0.append(observation) }
  }

  /// Ends every observation in the bag and empties it.
  public func cancelAll() {
    let ended = observations.withLock { list in
      defer { list = [] }
      return list
    }
    for observation in ended { observation.cancel() }
  }

  /// The number of observations the bag holds.
  package var count: Int { observations.withLock { $0.count } }
}
