/// One unit of work for a reactor's engine, processed one at a time, in arrival order, by the
/// thread that owns processing (see ``Processing``).
@usableFromInline
enum Work<R: Reactor> {
  /// An action; `staged` when it has already been through `transform(action:)`.
  case action(R.Action, staged: Bool)
  /// A mutation; `staged` when it has already been through `transform(mutation:)`.
  case mutation(R.Mutation, staged: Bool)
  /// A state set from outside the reactor's logic (the stub).
  case state(R.State)
  /// The effect of an outside event merged in `transform(action:)` (a ``PublishRelay``'s),
  /// started in its turn; its actions have been through the hook already.
  case actions(Effect<R.Action>)
  /// The effect of an outside event merged in `transform(mutation:)`, started in its turn;
  /// its mutations have been through the hook already.
  case mutations(Effect<R.Mutation>)
  /// Work that a cancellable effect sent: processed only if none of its ids has been cancelled
  /// since it started, so a value that was queued before a cancellation is dropped with it.
  indirect case marked([EffectMark], Work)
  /// An observer added while another thread was processing: registered, and told the current
  /// value, in its turn, so that it never sees a change before the value it starts from.
  case register(ObserverRegistration<R.State>)
  /// What drives the engine itself, in the work's order (see ``EngineControl``).
  case control(EngineControl<R>)
}

extension Work {
  /// Whether the reactor holds this work while it shows a past state: everything that would
  /// change the state or tell a hook of a step, and a hook's start and stop, which keep their
  /// place among those. An observer's registration and time travel go on (a new observer
  /// starts from the state shown).
  @inlinable
  var isHeldWhileTraveling: Bool {
    switch self {
    case .register, .control(.showPast), .control(.showLive): false
    case .marked(_, let work): work.isHeldWhileTraveling
    default: true
    }
  }
}

/// What drives a reactor's engine rather than its logic, processed in the work's order like
/// the rest: the hook it tells of its steps, and time travel.
@usableFromInline
enum EngineControl<R: Reactor> {
  /// Starts telling `hook` of the steps, or stops with `nil` (see ``StepHook``).
  case hook(StepHook<R.Action, R.Mutation, R.State>?)
  /// Shows the observers `state`, a past one, and holds the work that follows (see
  /// `travel(to:from:)`).
  case showPast(R.State)
  /// Shows the observers the live state again, then processes the work held meanwhile.
  case showLive
}

/// An observer waiting for its turn to be registered (see ``Work/register(_:)``).
@usableFromInline
struct ObserverRegistration<State> {
  /// The id its ``ObservationToken`` token removes.
  @usableFromInline let id: UInt64
  /// Adds the observer to the registry (lock held) and returns its first call, made with the
  /// lock released.
  @usableFromInline let add: (inout ObserverRegistry<State>, State) -> () -> Void

  @usableFromInline
  init(id: UInt64, add: @escaping (inout ObserverRegistry<State>, State) -> () -> Void) {
    self.id = id
    self.add = add
  }
}

/// A first-in, first-out queue that keeps its buffer between uses: no allocation per item
/// once warm. Items are moved out, not copied: a taken slot is left empty, so emptying the
/// buffer destroys nothing twice.
@usableFromInline
struct WorkQueue<Element> {
  @usableFromInline var items: [Element?] = []
  @usableFromInline var head = 0

  @inlinable init() {}

  @inlinable var isEmpty: Bool { head == items.count }

  /// How many items are queued.
  @inlinable var count: Int { items.count - head }

  @inlinable mutating func append(_ item: consuming Element) { items.append(item) }

  @inlinable mutating func popFirst() -> Element? {
    guard head < items.count else { return nil }
    let item = items[head].take()
    head += 1
    if head == items.count {
      items.removeAll(keepingCapacity: true)
      head = 0
    } else if head >= 1024 && head * 2 >= items.count {
      // A queue that other threads keep filling may never empty: its taken slots are dropped
      // once they are half the buffer, so it holds what is queued, not all that ever was.
      // Amortized, each item is moved at most once more.
      items.removeFirst(head)
      head = 0
    }
    return item
  }
}

/// A cancellable effect's id and the number of cancellations of that id when it started: what
/// it sends is stale once the id has been cancelled again.
@usableFromInline
struct EffectMark: Sendable {
  @usableFromInline let id: EffectID
  @usableFromInline let epoch: UInt64

  @inlinable init(id: EffectID, epoch: UInt64) {
    self.id = id
    self.epoch = epoch
  }
}
