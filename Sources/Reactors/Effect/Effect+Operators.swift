extension Effect {
  /// Waits `duration` on `clock`, then runs this effect. Tests pass a test clock (contract 5).
  public func delay(for duration: Duration, clock: any Clock<Duration>) -> Effect {
    Effect(.delay(self, duration, { try await clock.sleep(for: $0) }))
  }

  /// Replaces a thrown error with the effect `handler` returns, like RxSwift's
  /// `catch` / `catchErrorJustReturn`:
  ///
  /// ```swift
  /// return .run { send in try await api.follow(); send(.setFollowing(true)) }
  ///   .catch { _ in .just(.setFollowing(false)) }
  /// ```
  ///
  /// Cancellation is not an error and never reaches `handler`.
  public func `catch`(_ handler: @escaping @Sendable (any Error) -> Effect) -> Effect {
    Effect(.catching(self, handler))
  }

  /// Replaces a thrown error with one value: RxSwift's `catchErrorJustReturn`.
  public func catchAndReturn(_ value: Output) -> Effect {
    Effect(.catching(self, { _ in .just(value) }))
  }

  /// Marks this effect with `id`, so ``cancel(id:)`` can stop it; with `cancelInFlight`, starting
  /// it first cancels the running effects with the same id, so only the newest runs.
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Effect {
    Effect(.cancellable(self, id: EffectID(id), cancelInFlight: cancelInFlight))
  }

  /// Runs this effect after `duration` of quiet: each new start with the same `id` cancels the
  /// one still waiting, so only the last of a burst runs (a search field's debounce).
  public func debounce(
    id: some Hashable & Sendable, for duration: Duration, clock: any Clock<Duration>
  ) -> Effect {
    delay(for: duration, clock: clock).cancellable(id: id, cancelInFlight: true)
  }

  /// Transforms every value this effect emits.
  public func map<T: Sendable>(_ transform: @escaping @Sendable (Output) -> T) -> Effect<T> {
    compactMap(transform)
  }

  /// Keeps only the values for which `isIncluded` is true.
  public func filter(_ isIncluded: @escaping @Sendable (Output) -> Bool) -> Effect {
    compactMap { isIncluded($0) ? $0 : nil }
  }

  /// Transforms every value and drops those that become `nil`.
  public func compactMap<T: Sendable>(_ transform: @escaping @Sendable (Output) -> T?) -> Effect<T>
  {
    switch operation {
    case .none: return .none
    case .just(let value): return transform(value).map { .just($0) } ?? .none
    case .concat(let effects): return .concat(effects.map { $0.compactMap(transform) })
    case .merge(let effects): return .merge(effects.map { $0.compactMap(transform) })
    case .run(let priority, let operation):
      return Effect<T>(
        .run(priority) { send in
          try await operation(Send { value in if let mapped = transform(value) { send(mapped) } })
        })
    case .deferred(let make): return .deferred { make().compactMap(transform) }
    case .delay(let effect, let duration, let sleep):
      return Effect<T>(.delay(effect.compactMap(transform), duration, sleep))
    case .catching(let effect, let handler):
      return Effect<T>(
        .catching(effect.compactMap(transform), { handler($0).compactMap(transform) }))
    case .cancellable(let effect, let id, let cancelInFlight):
      return Effect<T>(
        .cancellable(effect.compactMap(transform), id: id, cancelInFlight: cancelInFlight))
    case .cancel(let id): return Effect<T>(.cancel(id: id))
    case .join(let task): return Effect<T>(.join(task))
    case .relay(let source): return Effect<T>(.relay(source.map { $0.compactMap(transform) }))
    }
  }

  /// Runs `other` at the same time as this effect.
  public func merge(with other: Effect) -> Effect { .merge([self, other]) }

  /// Emits `values` first, then this effect's values (RxSwift's `startWith`).
  public func prepend(_ values: Output...) -> Effect {
    .concat(values.map { .just($0) } + [self])
  }
}
