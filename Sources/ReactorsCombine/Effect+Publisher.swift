import Reactors

#if canImport(Combine)
  import Combine
#else
  import OpenCombine
#endif

extension Effect {
  /// An effect that subscribes to the publisher `make` returns when the effect starts, and
  /// emits what it emits: ReactorKit's `Observable` returned from `mutate`, and TCA's
  /// `Effect.publisher`.
  ///
  /// Values the publisher emits while it is subscribed to (a `Just`, a cached value) are
  /// reduced before `send` returns, as `.just` would be; later values arrive from a task the
  /// reactor owns. A failure goes to the nearest `Effect.catch(_:)` (or to the reactor's
  /// `report`). Cancelling the effect, or the reactor going away, cancels the subscription.
  ///
  /// ```swift
  /// case .refresh:
  ///   return .publisher { api.user(id).map(Mutation.setUser) }
  ///     .catch { _ in .just(.setError("Could not load")) }
  /// ```
  public static func publisher<P: Publisher & SendableMetatype>(
    _ make: @escaping @Sendable () -> P
  ) -> Effect where P.Output == Output {
    .deferred { PublisherBridge.effect(of: make()) }
  }
}

extension Publisher where Output: Sendable {
  /// Subscribes to the publisher now and returns the effect of what it emits: see
  /// ``Reactors/Effect/publisher(_:)``, which subscribes when the effect starts instead. Made
  /// for a middleware or a `mutate`, which the engine calls when the effect is to start; the
  /// effect is to be run once (a second run would replay the early values and find the rest
  /// taken).
  ///
  /// ```swift
  /// return api.login(id, password).map(AppAction.loggedIn).eraseToEffect()
  /// ```
  public func eraseToEffect() -> Effect<Output> { PublisherBridge.effect(of: self) }

  /// The publisher as an `Effect`, where an `Effect` is expected: lets a middleware written
  /// for Combine, returning `….eraseToAnyPublisher()`, compile unchanged against Reactors'
  /// `Middleware` (and a `mutate` too). Elsewhere Combine's `eraseToAnyPublisher()` is chosen,
  /// as before. Same as ``eraseToEffect()``.
  ///
  /// ```swift
  /// let appMiddleware: Middleware<AppState, AppAction> = { state, action in
  ///   switch action { ... }
  ///   return Empty().eraseToAnyPublisher()
  /// }
  /// ```
  @_disfavoredOverload
  public func eraseToAnyPublisher() -> Effect<Output> where Failure == Never {
    eraseToEffect()
  }
}
