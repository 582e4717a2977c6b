extension Reactor {
  /// Calls `body` with the current state now, then with every new state, in order.
  ///
  /// `body` runs on the thread that processes the change, with the reactor's lock released,
  /// one delivery at a time: it may send to any reactor (its own sends are queued and run
  /// next), read any state, and add or cancel observers. The observation lasts while the
  /// returned token is kept.
  public func observe(_ body: @escaping @Sendable (State) -> Void) -> ObservationToken {
    storage.observe(from: self, body)
  }

  /// Calls `body` with the value at `keyPath` now, then each time it changes: repeats are
  /// skipped, and a change to another field does not call it (contract 7).
  ///
  /// Observers may observe or cancel from inside an observer. One cancelled by the thread
  /// delivering a change (from an observer) is not called again, even for that change; one
  /// cancelled from another thread may still be called once by a delivery already running
  /// there. One added starts from the value in the newest state and is told of later changes
  /// only: it never sees a change twice, nor a change older than its first value.
  ///
  /// ```swift
  /// reactor.observe(\.isLoading) { isLoading in spinner.isAnimating = isLoading }
  ///   .store(in: bag)
  /// ```
  @inlinable
  public func observe<Value: Equatable>(
    _ keyPath: KeyPath<State, Value>, _ body: @escaping @Sendable (Value) -> Void
  ) -> ObservationToken {
    storage.observe(keyPath, from: self, body)
  }

  /// Calls `body` with the value of a ``Pulse`` each time it is assigned, even an equal value,
  /// and not when other state changes. The value held when observing starts is not replayed.
  ///
  /// ```swift
  /// reactor.pulse(\.$alertMessage) { message in showAlert(message) }.store(in: bag)
  /// ```
  public func pulse<Value>(
    _ keyPath: KeyPath<State, Pulse<Value>>, _ body: @escaping @Sendable (Value) -> Void
  ) -> ObservationToken {
    let assignments = keyPath.appending(path: \.assignment)
    return storage.addObserver(from: self) { registry, id, state in
      _ = registry.add(id: id, assignments, current: state) { body($0.value) }
      return {}  // the value held when observing starts is not replayed
    }
  }

  /// The values of a ``Pulse`` as an `AsyncSequence`: one element for each assignment made
  /// after the call, even an equal value, in order (for SwiftUI's `.task { }`, say). The pulse
  /// is observed until the task iterating the sequence is cancelled, or the reactor goes away;
  /// a sequence dropped without being iterated observes until then too.
  ///
  /// ```swift
  /// .task { for await message in reactor.pulses(\.$alertMessage) { alert = message } }
  /// ```
  public func pulses<Value: Sendable>(
    _ keyPath: KeyPath<State, Pulse<Value>>
  ) -> AsyncStream<Value> {
    let (values, continuation) = AsyncStream.makeStream(of: Value.self)
    let observation = pulse(keyPath) { continuation.yield($0) }
    continuation.onTermination = { _ in observation.cancel() }
    return values
  }

  /// The states of the reactor as an `AsyncSequence` (ReactorKit's `reactor.state`
  /// observable): it starts with the current state and delivers every later one, in order, to
  /// each iterator. See ``StateSequence``.
  @inlinable
  public var states: StateSequence<State> {
    StateSequence(storage: storage, reactor: self)
  }
}

extension Reactor where State: Equatable {
  /// Calls `body` with the current state now, then with every new state that differs from the
  /// last one: repeats are skipped, as a scoped store's `observe` skips them.
  ///
  /// The engine keeps the last state to compare with, so a `reduce` that appends to an array
  /// in the state copies that array while this observer exists: observe the key paths a view
  /// renders instead when the state holds large collections, or pass `skippingRepeats: false`.
  public func observe(_ body: @escaping @Sendable (State) -> Void) -> ObservationToken {
    storage.observe(\.self, from: self, body)
  }

  /// Calls `body` with the current state now, then with every new state: with
  /// `skippingRepeats: false`, also with states equal to the last one, and without keeping a
  /// copy of the last state (so reducing in place never copies a collection for it).
  public func observe(
    skippingRepeats: Bool, _ body: @escaping @Sendable (State) -> Void
  ) -> ObservationToken {
    skippingRepeats ? storage.observe(\.self, from: self, body) : storage.observe(from: self, body)
  }
}
