/// The states of a reactor as an `AsyncSequence`.
///
/// Each iterator starts with the state current when it was made, then receives every later
/// state in order. By default every state is kept until the iterator takes it; with
/// ``newest``, an iterator that falls behind keeps only the newest state, so a slow consumer
/// never piles up memory.
///
/// The sequence ends when the reactor is deallocated, or when the iterating task is cancelled.
/// Iterating a sequence whose reactor is already gone ends at once.
///
/// ```swift
/// for await state in reactor.state.newest {
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

  private let subscribe: @Sendable (StateChannel<State>) -> Observation?
  /// How this sequence's iterators buffer.
  public let buffering: Buffering

  init(
    buffering: Buffering = .all,
    subscribe: @escaping @Sendable (StateChannel<State>) -> Observation?
  ) {
    self.buffering = buffering
    self.subscribe = subscribe
  }

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
  public func makeAsyncIterator() -> Iterator {
    let channel = StateChannel<State>(keepsNewestOnly: buffering == .newest)
    channel.attach(subscribe(channel))
    return Iterator(channel: channel)
  }

  /// Takes the states of one subscription, in order.
  public struct Iterator: AsyncIteratorProtocol, Sendable {
    let channel: StateChannel<State>

    /// The next state, or `nil` when the reactor is gone or the task is cancelled.
    public mutating func next() async -> State? {
      await channel.next()
    }
  }
}

/// The buffer between a reactor's processing thread and one iterating task.
final class StateChannel<State: Sendable>: Sendable {
  private struct Buffer {
    var values: [State] = []
    var head = 0
    var waiter: CheckedContinuation<State?, Never>?
    var isFinished = false
    var observation: Observation?
  }

  private let buffer = Locked(Buffer())
  private let keepsNewestOnly: Bool

  init(keepsNewestOnly: Bool) { self.keepsNewestOnly = keepsNewestOnly }

  /// Keeps the subscription alive for as long as the channel; `nil` means there is none.
  func attach(_ observation: Observation?) {
    guard let observation else { return finish() }
    buffer.withLock { $0.observation = observation }
  }

  func push(_ state: State) {
    let waiter = buffer.withLock { buffer -> CheckedContinuation<State?, Never>? in
      if buffer.isFinished { return nil }
      if let waiter = buffer.waiter {
        buffer.waiter = nil
        return waiter
      }
      if keepsNewestOnly {
        buffer.values = [state]
        buffer.head = 0
      } else {
        buffer.values.append(state)
      }
      return nil
    }
    waiter?.resume(returning: state)
  }

  func finish() {
    let (waiter, observation) = buffer.withLock { buffer in
      buffer.isFinished = true
      defer {
        buffer.waiter = nil
        buffer.observation = nil
      }
      return (buffer.waiter, buffer.observation)
    }
    waiter?.resume(returning: nil)
    observation?.cancel()
  }

  func next() async -> State? {
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let value = buffer.withLock { buffer -> State?? in
          if buffer.head < buffer.values.count {
            let value = buffer.values[buffer.head]
            buffer.head += 1
            if buffer.head == buffer.values.count {
              buffer.values.removeAll(keepingCapacity: true)
              buffer.head = 0
            }
            return .some(value)
          }
          if buffer.isFinished { return .some(nil) }
          buffer.waiter = continuation
          return nil
        }
        if let value { continuation.resume(returning: value) }
      }
    } onCancel: {
      finish()
    }
  }
}
