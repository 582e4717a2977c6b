/// The states of a reactor as an `AsyncSequence`.
///
/// Each iterator starts with the state current when it registers — when it is made, or, if
/// another thread is processing the reactor's work then, in its turn — then receives every
/// later state in order. By default every state is kept until the iterator takes it; with
/// ``newest``, an iterator that falls behind keeps only the newest state, so a slow consumer
/// never piles up memory.
///
/// The sequence ends when the reactor is deallocated, or when the iterating task is cancelled.
/// Iterating a sequence whose reactor is already gone ends at once.
///
/// ```swift
/// for await state in reactor.states.newest {
///   render(state)
/// }
/// ```
public struct StateSequence<State: Sendable>: AsyncSequence, Sendable {
  /// How an iterator that falls behind keeps the states it has not taken yet.
  public enum Buffering: Sendable {
    /// Keep every state, in order.
    case all
    /// Keep only the newest state.
    case newest
  }

  @usableFromInline let subscribe: @Sendable (StateChannel<State>) -> ObservationToken?
  /// How this sequence's iterators buffer.
  public let buffering: Buffering

  @inlinable
  init(
    buffering: Buffering = .all,
    subscribe: @escaping @Sendable (StateChannel<State>) -> ObservationToken?
  ) {
    self.buffering = buffering
    self.subscribe = subscribe
  }

  /// Inlinable, so that the observer that feeds each iterator is compiled for the concrete
  /// state type where the sequence is used.
  @inlinable
  init<R: Reactor>(storage: ReactorStorage<R>, reactor: R) where R.State == State {
    self.init { [weak reactor] channel in
      guard let reactor else { return nil }
      return reactor.storage.observe(
        from: reactor, { [weak channel] in channel?.push($0) },
        finish: { [weak channel] in channel?.finish() })
    }
  }

  /// The same states, keeping only the newest for an iterator that falls behind.
  public var newest: StateSequence {
    StateSequence(buffering: .newest, subscribe: subscribe)
  }

  /// Starts receiving states.
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    let channel = StateChannel<State>(keepsNewestOnly: buffering == .newest)
    channel.attach(subscribe(channel))
    return Iterator(channel: channel)
  }

  /// Takes the states of one subscription, in order.
  public struct Iterator: AsyncIteratorProtocol, Sendable {
    @usableFromInline let channel: StateChannel<State>

    @inlinable init(channel: StateChannel<State>) { self.channel = channel }

    /// The next state, or `nil` when the reactor is gone or the task is cancelled.
    @inlinable
    public mutating func next() async -> State? {
      await channel.next()
    }
  }
}
