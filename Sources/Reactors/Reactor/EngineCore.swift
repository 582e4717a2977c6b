/// One unit of work for a reactor's engine, processed one at a time in arrival order.
@usableFromInline
enum Work<R: Reactor> {
  /// An action; `staged` when it has already been through `transform(action:)`.
  case action(R.Action, staged: Bool)
  /// A mutation; `staged` when it has already been through `transform(mutation:)`.
  case mutation(R.Mutation, staged: Bool)
  /// A state set from outside the reactor's logic (the stub).
  case state(R.State)
}

/// A first-in, first-out queue that keeps its buffer between uses: no allocation per item
/// once warm.
@usableFromInline
struct WorkQueue<Element> {
  @usableFromInline var items: [Element] = []
  @usableFromInline var head = 0

  @inlinable init() {}

  @inlinable var isEmpty: Bool { head == items.count }

  @inlinable mutating func append(_ item: Element) { items.append(item) }

  @inlinable mutating func popFirst() -> Element? {
    guard head < items.count else { return nil }
    let item = items[head]
    head += 1
    if head == items.count {
      items.removeAll(keepingCapacity: true)
      head = 0
    }
    return item
  }
}

/// Everything a reactor's engine knows, guarded by the storage's lock.
@usableFromInline
struct EngineCore<R: Reactor> {
  @usableFromInline
  enum Phase { case idle, processing, reducing }

  /// The reduced state; `nil` until the reactor is first used.
  @usableFromInline var state: R.State?
  /// The state after `transform(state:)`, kept only when that hook has a stage.
  @usableFromInline var published: R.State?
  @usableFromInline var phase = Phase.idle
  @usableFromInline var queue = WorkQueue<Work<R>>()
  @usableFromInline var actionStage: (@Sendable (R.Action) -> R.Action?)?
  @usableFromInline var mutationStage: (@Sendable (R.Mutation) -> R.Mutation?)?
  @usableFromInline var stateStage: (@Sendable (R.State) -> R.State?)?
  /// Follow-up actions to start after each reduce (a store's middleware); `nil` for a reactor.
  @usableFromInline var afterReduce: (@Sendable (R.State, R.Mutation) -> Effect<R.Action>)?
  @usableFromInline var observers = ObserverRegistry<R.State>()
  /// What every effect's host shares (a weak reference, the tasks); made with the first
  /// effect.
  @usableFromInline var link: ReactorLink<R>?
  /// Effects to start once the lock is released, in the order they were scheduled (see
  /// ``ReactorStorage/startPendingEffects()``). Closures rather than values: copying one is a
  /// retain, where copying a generic enum goes through the runtime's value witnesses.
  @usableFromInline var pendingStarts = WorkQueue<@Sendable () -> Void>()
  /// Whether ``pendingStarts`` holds any: the one byte that releasing the lock tests.
  @usableFromInline var startsPending = false
  /// The threads in ``ReactorStorage/startPendingEffects()`` now. What an effect one of them
  /// starts sends is processed on that thread, and the effects it schedules are left to that
  /// thread's loop rather than started inside the first one's.
  @usableFromInline var startingThreads: [ThreadIdentity] = []
  @usableFromInline var stubIsEnabled = false
  @usableFromInline var stubActions: [R.Action] = []

  /// Inlinable, so a reactor's storage is built with its concrete types' layout known.
  @inlinable init() {}

  /// The state the outside sees: transformed when `transform(state:)` has a stage.
  @inlinable var currentState: R.State { stateStage == nil ? state! : published! }
}
