import Reactors

#if canImport(Combine)
  import Combine
#else
  import OpenCombine
#endif

extension Reactor {
  /// The reactor's state as a publisher: the current state when subscribed, then every new
  /// state, repeats skipped when the state is `Equatable` (ReactorKit's `reactor.state`). See
  /// ``ObservationPublisher``.
  public var statePublisher: ObservationPublisher<State> {
    ObservationPublisher { [self] observer in observeDistinctIfEquatable(observer) }
  }

  /// The value at `keyPath` as a publisher: the current value when subscribed, then each
  /// change, repeats skipped (ReactorKit's `reactor.state.map(\.x).distinctUntilChanged()`).
  ///
  /// ```swift
  /// reactor.publisher(for: \.isLoading)
  ///   .receive(on: DispatchQueue.main)
  ///   .sink { spinner.isHidden = !$0 }
  ///   .store(in: &cancellables)
  /// ```
  public func publisher<Value: Equatable & Sendable>(
    for keyPath: KeyPath<State, Value> & Sendable
  ) -> ObservationPublisher<Value> {
    ObservationPublisher { [self] observer in observe(keyPath, observer) }
  }
}

extension Store {
  /// The store's state as a publisher: the current state when subscribed, then every new
  /// state (repeats skipped when the state is `Equatable`). See ``ObservationPublisher``.
  public var statePublisher: ObservationPublisher<State> { engine.statePublisher }

  /// The value at `keyPath` as a publisher: the current value when subscribed, then each
  /// change, repeats skipped (ReSwift's `select` with `skipRepeats`).
  public func publisher<Value: Equatable & Sendable>(
    for keyPath: KeyPath<State, Value> & Sendable
  ) -> ObservationPublisher<Value> {
    engine.publisher(for: keyPath)
  }
}
