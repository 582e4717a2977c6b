import Reactors

#if canImport(Combine)
  import Combine
#else
  import OpenCombine
#endif

/// A publisher of what an observer of a reactor or a store is told: the current value when
/// subscribed, then each change, in order, newest last. It never fails or finishes.
///
/// Made by ``Reactors/Reactor/statePublisher``, ``Reactors/Reactor/publisher(for:)`` and their
/// store forms; or from any observation:
///
/// ```swift
/// let titles = ObservationPublisher { reactor.observe(\.title, $0) }
/// titles.sink { label.text = $0 }.store(in: &cancellables)
/// ```
///
/// Each subscription starts its own observer and cancels it when cancelled. Values arrive on
/// the thread that processed the change, or on the thread whose `request` let a waiting value
/// through (add `receive(on:)` for a scheduler); calls to the subscriber never overlap. When the
/// subscriber has no demand left, the newest value waits for its next request, as with
/// `CurrentValueSubject`; older ones are dropped.
public struct ObservationPublisher<Output: Sendable>: Publisher, Sendable {
  /// It never fails.
  public typealias Failure = Never

  private let observe: @Sendable (@escaping @Sendable (Output) -> Void) -> ObservationToken

  /// A publisher whose subscriptions each call `observe` with the observer to start; the token
  /// it returns is cancelled with the subscription.
  public init(
    _ observe:
      @escaping @Sendable (_ observer: @escaping @Sendable (Output) -> Void) ->
      ObservationToken
  ) {
    self.observe = observe
  }

  /// Starts an observation for `subscriber`.
  public func receive<S: Subscriber>(subscriber: S)
  where S.Input == Output, S.Failure == Never {
    let subscription = ObservationSubscription(subscriber)
    subscriber.receive(subscription: subscription)
    subscription.start(observe)
  }
}

/// One subscriber's observation: hands the observer's values to the subscriber in order, as
/// far as its demand goes, one call at a time.
///
/// A thread that has a value to hand over takes the turn to deliver; a thread that finds the
/// turn taken leaves its value for the deliverer and returns, so no thread waits for a
/// subscriber running on another thread, and no lock is held while the subscriber runs.
///
/// Sendable unchecked, audited: everything mutable (the delivery state, the subscriber, the
/// token) is reached only inside `guarded`'s lock; the subscriber is called outside the lock,
/// but only from the thread that holds the delivery turn (``DeliveryState``), so calls to it
/// never overlap, as Combine requires.
final class ObservationSubscription<S: Subscriber>: ObservedValues, Subscription,
  @unchecked Sendable
where S.Input: Sendable, S.Failure == Never {
  private struct Guarded {
    var state = DeliveryState<S.Input>()
    /// Released when cancelled, which breaks the cycle with a subscriber holding this.
    var subscriber: S?
    var token: ObservationToken?
  }

  private let guarded: Locked<Guarded>

  init(_ subscriber: S) { guarded = Locked(Guarded(subscriber: subscriber)) }

  /// Starts the observation; its first value is the current one.
  func start(
    _ observe: @Sendable (@escaping @Sendable (S.Input) -> Void) -> ObservationToken
  ) {
    // Through the protocol, so that the observer does not capture `S`'s metatype, which is
    // not `Sendable`.
    let values: any ObservedValues<S.Input> = self
    let token = observe { value in values.received(value) }
    let wasCancelled = guarded.withLock { guarded in
      if !guarded.state.isCancelled { guarded.token = token }
      return guarded.state.isCancelled
    }
    if wasCancelled { token.cancel() }
  }

  /// The observer was told `value`.
  func received(_ value: S.Input) {
    if guarded.withLock({ $0.state.received(value) }) { deliver() }
  }

  func request(_ demand: Subscribers.Demand) {
    if guarded.withLock({ $0.state.requested(demand) }) { deliver() }
  }

  func cancel() {
    let (token, subscriber) = guarded.withLock { guarded in
      guarded.state.cancelled()
      defer {
        guarded.token = nil
        guarded.subscriber = nil
      }
      return (guarded.token, guarded.subscriber)
    }
    token?.cancel()
    withExtendedLifetime(subscriber) {}  // released here, with no lock held
  }

  /// Hands values to the subscriber while it has demand; called by the thread with the turn.
  private func deliver() {
    while true {
      let next = guarded.withLock { guarded -> (S, S.Input)? in
        guard let value = guarded.state.nextToDeliver() else { return nil }
        guard let subscriber = guarded.subscriber else {
          guarded.state.cancelled()
          return nil
        }
        return (subscriber, value)
      }
      guard let (subscriber, value) = next else { return }
      let more = subscriber.receive(value)
      guarded.withLock { $0.state.delivered(moreDemand: more) }
    }
  }
}

/// What the observer of a subscription calls: the subscription without its subscriber's type.
protocol ObservedValues<Value>: AnyObject, Sendable {
  associatedtype Value: Sendable
  /// The observer was told `value`.
  func received(_ value: Value)
}

/// The pure state of one subscription's deliveries; its methods are named after events and
/// say whether the caller is to deliver.
struct DeliveryState<Value> {
  private var demand = Subscribers.Demand.none
  /// Values waiting for demand or for the deliverer; at most the newest while there is no
  /// demand.
  private var pending: [Value] = []
  /// A thread is handing values to the subscriber.
  private var isDelivering = false
  private(set) var isCancelled = false

  /// The observer was called: returns whether the caller takes the turn to deliver.
  mutating func received(_ value: Value) -> Bool {
    guard !isCancelled else { return false }
    if demand == .none { pending.removeAll(keepingCapacity: true) }
    pending.append(value)
    return takeTurn()
  }

  /// The subscriber asked for more: returns whether the caller takes the turn to deliver.
  mutating func requested(_ more: Subscribers.Demand) -> Bool {
    guard !isCancelled else { return false }
    demand += more
    return takeTurn()
  }

  /// The next value for the deliverer, or `nil` when it is to stop (and gives up the turn).
  mutating func nextToDeliver() -> Value? {
    guard !isCancelled, demand > .none, !pending.isEmpty else {
      if demand == .none, pending.count > 1 { pending.removeFirst(pending.count - 1) }
      isDelivering = false
      return nil
    }
    demand -= 1
    return pending.removeFirst()
  }

  /// The subscriber took a value and asked for `moreDemand` more.
  mutating func delivered(moreDemand: Subscribers.Demand) { demand += moreDemand }

  /// The subscription was cancelled: nothing more is delivered.
  mutating func cancelled() {
    isCancelled = true
    pending.removeAll()
  }

  private mutating func takeTurn() -> Bool {
    guard !isDelivering, demand > .none, !pending.isEmpty else { return false }
    isDelivering = true
    return true
  }
}
