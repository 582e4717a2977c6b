import Reactors
import ReactorsTestSupport

/// A node of a model-check program: a reactor or a store that receives hops, hands each on as
/// its path says, and runs effects that last until cancelled.
protocol ModelNode: AnyObject, Sendable {
  /// Sends (or dispatches) a hop to it.
  func input(_ hop: Hop)
  /// Starts an effect marked `id` that runs until it is cancelled.
  func park(id: Int)
  /// Cancels the effects marked `id`.
  func cancel(id: Int)
  /// Observes how many hops it has received.
  func observeCount(_ body: @escaping @Sendable (Int) -> Void) -> ObservationToken
  /// Observes every new state.
  func observeAll(_ body: @escaping @Sendable (ModelState) -> Void) -> ObservationToken
  /// The hops it has received, in the order it reduced them.
  var received: [Hop] { get }
  /// Returns once nothing is processed or queued.
  func idle() async
  /// Its relay, merged in its `transform(action:)`: reactors only.
  var inbox: PublishRelay<Hop>? { get }
}

/// The actions of every node: a hop, or an effect to start or cancel.
enum ModelAction: Sendable {
  case deliver(Hop)
  case park(id: Int)
  case cancel(id: Int)
}

/// The state of every node: the hops received, in reduce order.
struct ModelState: Sendable {
  var received: [Hop] = []
  var count: Int { received.count }
}

/// What the nodes of one program share: the program, the nodes until they are released, and
/// counters of the effects they run.
final class ModelWorld: Sendable {
  let program: ModelProgram
  private let nodes: Locked<[(any ModelNode)?]>
  /// Effects that run until cancelled, started and ended, per node.
  let sleepersStarted: Shared<[Int]>
  let sleepersEnded: Shared<[Int]>
  /// Each end of such an effect, for a test to await.
  let sleeperEnds = AsyncStream.makeStream(of: Void.self)
  /// `.run` effects made to hand a hop on, and those that have done so.
  let forwardsStarted = Shared(0)
  let forwardsDone = Shared(0)
  /// Each such effect's end, for a test to await.
  let forwardEnds = AsyncStream.makeStream(of: Void.self)

  init(_ program: ModelProgram) {
    self.program = program
    nodes = Locked([(any ModelNode)?](repeating: nil, count: program.nodeCount))
    sleepersStarted = Shared([Int](repeating: 0, count: program.nodeCount))
    sleepersEnded = Shared([Int](repeating: 0, count: program.nodeCount))
  }

  func install(_ node: any ModelNode, at index: Int) { nodes.withLock { $0[index] = node } }

  /// The node at `index`, until it is released.
  func node(_ index: Int) -> (any ModelNode)? { nodes.withLock { $0[index] } }

  /// Drops the world's reference to the node at `index`: the last one.
  func release(_ index: Int) { nodes.withLock { $0[index] = nil } }

  /// Where `hop` goes after its node, and how; `nil` at the end of its path.
  func next(after hop: Hop) -> (node: Int, hop: Hop, via: ModelProgram.Via)? {
    let path = program.paths[hop.token]
    guard hop.index + 1 < path.nodes.count else { return nil }
    return (
      path.nodes[hop.index + 1], Hop(token: hop.token, index: hop.index + 1),
      path.vias[hop.index]
    )
  }

  /// Hands `hop` on from `mutate` (or a store's middleware): now, or in the effect returned.
  func handOn<Output: Sendable>(_ hop: Hop) -> Effect<Output> {
    guard let (target, next, via) = next(after: hop) else { return .none }
    switch via {
    case .mutate:
      node(target)?.input(next)
    case .relay:
      node(target)?.inbox?.accept(next)
    case .effect:
      forwardsStarted.increment()
      return .run { [self] _ in
        node(target)?.input(next)
        forwardsDone.increment()
        forwardEnds.continuation.yield()
      }
    case .observer:
      break  // the node's observer hands it on, once the hop is reduced
    }
    return .none
  }

  /// Hands on, from a node's observer of every state, the hops received since the state it saw
  /// before (`seen` of them), where their paths say so. A store's observer sees a state after
  /// every action, changed or not, so it counts what is new.
  func handOnFromObserver(_ state: ModelState, seen: Shared<Int>) {
    let new = seen.withLock { seen in
      defer { seen = max(seen, state.count) }
      return state.received[min(seen, state.count)...]
    }
    for hop in new {
      guard let (target, next, via) = next(after: hop), via == .observer else { continue }
      node(target)?.input(next)
    }
  }

  /// An effect of node `index` that runs until it is cancelled, counted.
  func sleeper<Output: Sendable>(of index: Int) -> Effect<Output> {
    .run { [self] _ in
      sleepersStarted.withLock { $0[index] += 1 }
      defer {
        sleepersEnded.withLock { $0[index] += 1 }
        sleeperEnds.continuation.yield()
      }
      for await _ in AsyncStream<Never>(Never.self, { _ in }) {}
    }
  }
}

/// A node that is a reactor.
final class ModelReactor: Reactor, ModelNode {
  typealias Action = ModelAction
  enum Mutation: Sendable { case received(Hop) }

  let storage = Storage()
  let initialState = ModelState()
  let world: ModelWorld
  let index: Int
  let relay = PublishRelay<Hop>()
  var inbox: PublishRelay<Hop>? { relay }

  init(world: ModelWorld, index: Int) {
    self.world = world
    self.index = index
  }

  func transform(action: Upstream<Action>) -> Upstream<Action> {
    .merge(action, relay.map { .deliver($0) })
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .deliver(let hop): .concat(.just(.received(hop)), world.handOn(hop))
    case .park(let id): world.sleeper(of: index).cancellable(id: id)
    case .cancel(let id): .cancel(id: id)
    }
  }

  func reduce(state: inout ModelState, mutation: Mutation) {
    switch mutation {
    case .received(let hop): state.received.append(hop)
    }
  }

  func input(_ hop: Hop) { send(.deliver(hop)) }
  func park(id: Int) { send(.park(id: id)) }
  func cancel(id: Int) { send(.cancel(id: id)) }
  func observeCount(_ body: @escaping @Sendable (Int) -> Void) -> ObservationToken {
    observe(\.count, body)
  }
  func observeAll(_ body: @escaping @Sendable (ModelState) -> Void) -> ObservationToken {
    observe(body)
  }
  var received: [Hop] { currentState.received }
  func idle() async { await storage.idle() }
}

/// A node that is a store: its reducer records hops, its middleware hands them on.
final class ModelStore: ModelNode {
  let store: Store<ModelState, ModelAction>
  var inbox: PublishRelay<Hop>? { nil }

  init(world: ModelWorld, index: Int) {
    store = Store(
      initial: ModelState(),
      reducer: { state, action in
        if case .deliver(let hop) = action { state.received.append(hop) }
      },
      middlewares: [
        { [world] _, action in
          switch action {
          case .deliver(let hop): world.handOn(hop)
          case .park(let id): world.sleeper(of: index).cancellable(id: id)
          case .cancel(let id): .cancel(id: id)
          }
        }
      ])
  }

  func input(_ hop: Hop) { store.dispatch(.deliver(hop)) }
  func park(id: Int) { store.dispatch(.park(id: id)) }
  func cancel(id: Int) { store.dispatch(.cancel(id: id)) }
  func observeCount(_ body: @escaping @Sendable (Int) -> Void) -> ObservationToken {
    store.observe(\.count, body)
  }
  func observeAll(_ body: @escaping @Sendable (ModelState) -> Void) -> ObservationToken {
    store.observe(body)
  }
  var received: [Hop] { store.state.received }
  func idle() async { await store.engine.storage.idle() }
}
