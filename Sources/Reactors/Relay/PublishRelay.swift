/// A source of outside events that reactors merge in a `transform` hook: RxRelay's
/// `PublishRelay`, which ReactorKit apps use for a shared service's events.
///
/// `accept` hands the event to every reactor that merged the relay, at once: a reactor that is
/// idle processes it before `accept` returns, so a test asserts its effect on the next line; a
/// reactor busy on another thread queues it and processes it in its turn. The closure given to
/// ``flatMap(_:)`` runs in that turn, so it reads the reactor's state as it is then. Events are
/// not replayed: a reactor sees those accepted after it started.
///
/// ```swift
/// final class TaskService: Sendable {
///   let event = PublishRelay<TaskEvent>()
///   func create(_ task: Task) { event.accept(.create(task)) }
/// }
///
/// func transform(mutation: Upstream<Mutation>) -> Upstream<Mutation> {
///   let taskEventMutation = service.event.flatMap { [weak self] taskEvent in
///     self?.mutate(taskEvent: taskEvent) ?? .none
///   }
///   return .merge(mutation, taskEventMutation)
/// }
/// ```
///
/// Thread rules: `accept` may be called from any thread; each event reaches each reactor once,
/// and the events one thread accepts reach a reactor in order. A relay holds no reference to
/// the reactors: a reactor's subscription ends when it is deallocated.
public final class PublishRelay<Element: Sendable>: Sendable {
  private let subscribers = Locked(Subscribers())

  /// Creates a relay with no subscriber.
  public init() {}

  /// Hands `element` to every reactor that merged this relay, and to every effect iterating it.
  public func accept(_ element: Element) {
    let list = subscribers.withLock { $0.list }
    for (_, deliver) in list { deliver(element) }
  }

  /// An effect of each event turned into an effect by `transform`, run in the reactor's turn:
  /// RxSwift's `flatMap`, for a `transform` hook.
  public func flatMap<T: Sendable>(
    _ transform: @escaping @Sendable (Element) -> Effect<T>
  ) -> Effect<T> {
    Effect(
      .relay(
        RelaySource { deliver in
          self.subscribe { element in deliver(.deferred { transform(element) }) }
        }))
  }

  /// An effect of each event turned into a value by `transform`.
  public func map<T: Sendable>(_ transform: @escaping @Sendable (Element) -> T) -> Effect<T> {
    flatMap { .just(transform($0)) }
  }

  /// An effect of every event.
  public var effect: Effect<Element> { flatMap { .just($0) } }

  /// The number of subscriptions: reactors that merged the relay and effects iterating it.
  package var subscriberCount: Int { subscribers.withLock { $0.list.count } }

  /// Returns once the relay has `count` subscriptions (at once, if it has them now), or once
  /// the task is cancelled: what a test awaits instead of polling ``subscriberCount`` while an
  /// effect's task subscribes or ends. Bound it with a deadline.
  package func subscriptions(reaching count: Int) async {
    let id = subscribers.withLock { state in
      state.nextID += 1
      return state.nextID
    }
    await subscribers.waitUntilWoken { state, continuation in
      guard state.list.count != count else { return true }
      state.waiters.append((id, count, continuation))
      return false
    } dequeue: { state in
      state.waiters.firstIndex { $0.id == id }.map { state.waiters.remove(at: $0).continuation }
    }
  }

  /// Calls `deliver` with every event from now on, until the token is cancelled or released.
  func subscribe(_ deliver: @escaping @Sendable (Element) -> Void) -> ObservationToken {
    let (id, reached) = subscribers.withLock { state in
      state.nextID += 1
      state.list.append((state.nextID, deliver))
      return (state.nextID, state.takeWaitersReached())
    }
    for waiter in reached { waiter.resume() }
    return ObservationToken { [weak self] in
      let reached = self?.subscribers.withLock { state in
        state.list.removeAll { $0.0 == id }
        return state.takeWaitersReached()
      }
      for waiter in reached ?? [] { waiter.resume() }
    }
  }
}

extension PublishRelay {
  /// A relay's subscriptions, and the tests waiting for their count (under the relay's lock).
  private struct Subscribers {
    var nextID: UInt64 = 0
    var list: [(UInt64, @Sendable (Element) -> Void)] = []
    /// Who awaits ``PublishRelay/subscriptions(reaching:)`` (numbered like subscriptions), and
    /// the count each awaits.
    var waiters: [(id: UInt64, count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// Removes the waiters whose count the list has now, to be resumed once the lock is
    /// released.
    mutating func takeWaitersReached() -> [CheckedContinuation<Void, Never>] {
      guard !waiters.isEmpty else { return [] }
      let count = list.count
      let reached = waiters.filter { $0.count == count }.map(\.continuation)
      waiters.removeAll { $0.count == count }
      return reached
    }
  }
}

/// What an ``Effect`` made from a ``PublishRelay`` holds: a way to subscribe to its events,
/// each already turned into the effect to run for it.
@usableFromInline
struct RelaySource<Output: Sendable>: Sendable {
  @usableFromInline let subscribe:
    @Sendable (@escaping @Sendable (Effect<Output>) -> Void) -> ObservationToken

  init(
    subscribe:
      @escaping @Sendable (@escaping @Sendable (Effect<Output>) -> Void) ->
      ObservationToken
  ) {
    self.subscribe = subscribe
  }

  /// The same events, each effect transformed.
  func map<T: Sendable>(
    _ transform: @escaping @Sendable (Effect<Output>) -> Effect<T>
  )
    -> RelaySource<T>
  {
    RelaySource<T> { deliver in subscribe { deliver(transform($0)) } }
  }
}

extension Effect {
  /// An effect of every event `relay` accepts, delivered as ``PublishRelay`` describes.
  public init(_ relay: PublishRelay<Output>) { self = relay.effect }

  /// Runs an effect of relay events in a task: each event's effect in turn, until cancelled.
  @usableFromInline
  static func runRelay(
    _ source: RelaySource<Output>, on host: some EffectHost<Output>
  )
    async throws
  {
    let (effects, continuation) = AsyncStream.makeStream(of: Effect.self)
    let token = source.subscribe { continuation.yield($0) }
    defer { token.cancel() }
    try await withTaskCancellationHandler {
      var events = effects.makeAsyncIterator()
      while true {
        host.waitingBegan()
        let next = await events.next()
        host.waitingEnded()
        guard let effect = next else { return }
        try await effect.run(on: host)
      }
    } onCancel: {
      continuation.finish()
    }
  }
}
