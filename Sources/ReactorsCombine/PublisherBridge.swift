import Reactors

#if canImport(Combine)
  import Combine
#else
  import OpenCombine
#endif

/// Subscribes to a publisher on the spot and turns what it emits into an ``Effect``: the
/// values it emits while subscribing (a `Just`, an `Empty`, a publisher of a cached value) as
/// plain values, reduced before `send` returns; later ones through a task that the reactor
/// owns, which cancels the subscription when it is cancelled or the reactor goes away.
///
/// The bridge is the publisher's subscriber. It keeps what arrives under its lock and never
/// calls user code with the lock held: the upstream's `request` and `cancel` are called after
/// releasing it.
final class PublisherBridge<Output: Sendable>: Subscriber {
  typealias Input = Output
  typealias Failure = any Error

  /// What the bridge has been told, and where later values go.
  private struct Events {
    /// Values that arrived while subscribing.
    var early: [Output] = []
    /// How the publisher ended while subscribing, if it did.
    var earlyEnd: Subscribers.Completion<any Error>?
    /// Where values go once subscribing returned and the publisher goes on.
    var stream: AsyncThrowingStream<Output, any Error>.Continuation?
    var upstream: (any Subscription)?
    var isCancelled = false
    /// The effect's task has started draining the stream.
    var isRunning = false
  }

  private let events = Locked(Events())

  /// Subscribes to `publisher` and returns the effect of what it emits.
  static func effect<P: Publisher>(of publisher: P) -> Effect<Output> where P.Output == Output {
    let bridge = PublisherBridge()
    publisher.mapError { $0 as any Error }.subscribe(bridge)
    return bridge.effectAfterSubscribing()
  }

  func receive(subscription: any Subscription) {
    let isCancelled = events.withLock { events in
      if !events.isCancelled { events.upstream = subscription }
      return events.isCancelled
    }
    if isCancelled { subscription.cancel() } else { subscription.request(.unlimited) }
  }

  func receive(_ input: Output) -> Subscribers.Demand {
    let stream = events.withLock { events in
      if events.stream == nil { events.early.append(input) }
      return events.stream
    }
    stream?.yield(input)
    return .none
  }

  func receive(completion: Subscribers.Completion<any Error>) {
    let stream = events.withLock { events in
      events.upstream = nil
      if events.stream == nil { events.earlyEnd = completion }
      return events.stream
    }
    guard let stream else { return }
    switch completion {
    case .finished: stream.finish()
    case .failure(let error): stream.finish(throwing: error)
    }
  }

  /// Ends the subscription: the task was cancelled, or the reactor went away.
  func cancel() {
    let upstream = events.withLock { events in
      events.isCancelled = true
      defer { events.upstream = nil }
      return events.upstream
    }
    upstream?.cancel()
  }

  /// The values that arrived while subscribing, then the rest through a task if the publisher
  /// has not ended.
  private func effectAfterSubscribing() -> Effect<Output> {
    let (stream, continuation) = AsyncThrowingStream<Output, any Error>.makeStream()
    let (early, end) = events.withLock { events in
      if events.earlyEnd == nil { events.stream = continuation }
      return (events.early, events.earlyEnd)
    }
    var parts = early.map(Effect.just)
    switch end {
    case .finished?:
      break
    case .failure(let error)?:
      parts.append(.run { _ in throw error })
    case nil:
      // An effect dropped without running ends the subscription when its stream goes; one
      // that runs ends it on its own task, not in the cancelling thread's cancellation
      // handler, since `cancel` runs the upstream's code.
      continuation.onTermination = { [self] _ in
        if !events.withLock({ $0.isRunning }) { cancel() }
      }
      parts.append(
        .run { [self] send in
          events.withLock { $0.isRunning = true }
          defer { cancel() }
          for try await value in stream {
            // The stream hands out what it buffered even after the task was cancelled.
            if Task.isCancelled { return }
            send(value)
          }
        })
    }
    switch parts.count {
    case 0: return .none
    case 1: return parts[0]
    default: return .concat(parts)
    }
  }
}

// Audited: the subscriber's only state is `events`, reached only inside its lock; the
// upstream subscription it hands out of the lock is called only with `request` and `cancel`,
// which Combine requires every subscription to accept from any thread.
extension PublisherBridge: @unchecked Sendable {}
