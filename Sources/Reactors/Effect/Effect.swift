/// What `mutate(action:)` and middleware return: a description of mutations (or actions) to
/// produce now or later, which the engine runs as a child of its reactor.
///
/// An `Effect` is a value: building one does nothing. The engine runs it when `mutate` returns
/// it. Parts that need no waiting (`.just`, `.concat` of `.just`s, `.deferred`) run before
/// `send` returns; parts that wait (`.run`, `.delay`, sequences) run in a task that the reactor
/// owns and cancels when it goes away (contract 4). **That task starts on the thread that
/// processes the action, in its turn, and runs there until its first suspension**, so what it
/// emits before it suspends is reduced before `send` returns (contract 2); so does a
/// `.cancellable` part inside a `.concat` or `.merge`. On Apple systems before 26, which lack
/// `Task.immediate`, it starts on the global executor instead, and its values arrive later.
///
/// ```swift
/// func mutate(action: Action) -> Effect<Mutation> {
///   switch action {
///   case .increase:
///     return .concat([
///       .just(.setLoading(true)),
///       .just(.increaseValue).delay(for: .seconds(1), clock: clock),
///       .just(.setLoading(false)),
///     ])
///   }
/// }
/// ```
///
/// Each output is reduced as soon as it is emitted, before the next part of a `.concat`
/// starts. A thrown error goes to the nearest ``catch(_:)`` or, with none, to the reactor's
/// ``Reactor/report(_:)``: it never ends the reactor (contract 3).
public struct Effect<Output: Sendable>: Sendable {
  @usableFromInline let operation: Operation

  @usableFromInline
  init(_ operation: Operation) { self.operation = operation }

  /// Suspends for a duration on an injected clock.
  @usableFromInline typealias Sleep = @Sendable (Duration) async throws -> Void

  @usableFromInline
  enum Operation: Sendable {
    case none
    case just(Output)
    case concat([Effect])
    case merge([Effect])
    // Cases whose payloads hold resilient standard-library types (TaskPriority, Task,
    // AnyHashable) are indirect: boxed, they keep the enum's layout fixed, so building and
    // matching `.just` compiles to plain code instead of runtime enum calls.
    /// The priority is kept as its raw value: `TaskPriority` is resilient, and holding it
    /// here would make every effect that starts a task copy this payload through value
    /// witnesses and metadata looked up at run time. With a fixed layout, the case needs no
    /// box: building a `.run` allocates only its closure's context.
    case run(UInt8?, @Sendable (Send<Output>) async throws -> Void)
    case deferred(@Sendable () -> Effect)
    indirect case delay(Effect, Duration, Sleep)
    indirect case catching(Effect, @Sendable (any Error) -> Effect)
    indirect case cancellable(Effect, id: EffectID, cancelInFlight: Bool)
    indirect case cancel(id: EffectID)
    /// A cancellable part already launched under its id; running this awaits it.
    indirect case join(Task<Void, any Error>)
    /// The events of a ``PublishRelay``, each turned into an effect.
    case relay(RelaySource<Output>)
  }
}

extension Effect {
  /// The priority a `.run` asked for; `nil` (inherit the caller's) for every other case.
  @inlinable
  var requestedPriority: TaskPriority? {
    requestedRawPriority.map { TaskPriority(rawValue: $0) }
  }

  /// ``requestedPriority`` as its raw value, which is cheaper to test for `nil`.
  @inlinable
  var requestedRawPriority: UInt8? {
    if case .run(let priority?, _) = operation { return priority }
    return nil
  }

  /// An effect that does nothing.
  @inlinable
  public static var none: Effect { Effect(.none) }

  /// An effect that emits one value at once, synchronously.
  @inlinable
  public static func just(_ value: Output) -> Effect { Effect(.just(value)) }

  /// Runs the effects one after another: each starts when the previous one has finished.
  @inlinable
  public static func concat(_ effects: [Effect]) -> Effect { Effect(.concat(effects)) }

  /// Runs the effects one after another (variadic form of ``concat(_:)-swift.type.method``).
  @inlinable
  public static func concat(_ effects: Effect...) -> Effect { Effect(.concat(effects)) }

  /// Runs the effects at the same time. Their synchronous parts run in the order given.
  @inlinable
  public static func merge(_ effects: [Effect]) -> Effect { Effect(.merge(effects)) }

  /// Runs the effects at the same time (variadic form of ``merge(_:)-swift.type.method``).
  @inlinable
  public static func merge(_ effects: Effect...) -> Effect { Effect(.merge(effects)) }

  /// Runs async work in a task the reactor owns; `send` emits values and may be called from
  /// any task, any number of times.
  ///
  /// The task starts on the thread that processes the action, with no lock held, and runs there
  /// until its first suspension, as an RxSwift `Observable` runs when ReactorKit subscribes to
  /// it: values sent before then are reduced before `send` returns. Do slow synchronous work
  /// (decoding a large file, say) after an `await`, or it delays the sender, which may be the
  /// main thread, and the reactor's other work: until it suspends, the reactor processes
  /// nothing else. (On Apple systems before 26 the task starts on the global executor.)
  ///
  /// The work may throw: the error goes to the nearest ``catch(_:)`` or to the reactor's
  /// ``Reactor/report(_:)``. When the reactor goes away, or the effect is cancelled by id, the
  /// task is cancelled; values sent after that are not delivered and are reported.
  ///
  /// ```swift
  /// case .refresh:
  ///   return .run { send in
  ///     let isFollowing = try await api.isFollowing(userID)
  ///     send(.setFollowing(isFollowing))
  ///   }
  /// ```
  @inlinable
  public static func run(
    priority: TaskPriority? = nil,
    _ operation: @escaping @Sendable (_ send: Send<Output>) async throws -> Void
  ) -> Effect {
    Effect(.run(priority?.rawValue, operation))
  }

  /// Builds the effect when it starts rather than when it is declared, so it reads the state
  /// left by the mutations emitted before it in a `.concat`.
  @inlinable
  public static func deferred(_ make: @escaping @Sendable () -> Effect) -> Effect {
    Effect(.deferred(make))
  }

  /// Cancels the running effects marked with `id` by ``cancellable(id:cancelInFlight:)``.
  @inlinable
  public static func cancel(id: some Hashable & Sendable) -> Effect {
    Effect(.cancel(id: EffectID(id)))
  }

  /// An effect that emits every element of an async sequence, in order.
  public init<S: AsyncSequence & Sendable>(_ sequence: S) where S.Element == Output {
    self.init(
      .run(nil) { send in
        for try await element in sequence { send(element) }
      })
  }
}
