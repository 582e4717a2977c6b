/// The child reactors of a parent reactor: one for each element of a collection in the
/// parent's state (a list's rows), or one for an optional part of it (a detail screen). A
/// child is made when its element appears in the parent's state and released when it goes.
///
/// **Who owns a child's state: the child.** The parent's state holds each child's *seed* (the
/// model it is made from: a row's `Todo`, a detail's `Standup`) and whatever the parent itself
/// shows; a child reactor owns the state of its screen from then on, and tells the parent what
/// happened through its ``ChildOutput``, which becomes a parent action. So each screen is a
/// plain reactor, tested alone with the tester, and a row's action reaches that row's reactor
/// only: the other rows' observers are never asked. To change a living child, send it an
/// action (`rows[id]?.send(.rename(title))`); editing its seed in the parent's state does not
/// reach it. For one state tree that every screen reads (navigation restored from a file, a
/// deep link writing three levels at once), use a ``Store`` with ``ifLet(_:state:action:)`` and
/// ``forEach(_:state:action:)`` instead.
///
/// ```swift
/// final class ListReactor: Reactor {
///   let storage = Storage()
///   let rows = ReactorChildren<Todo.ID, RowReactor>()
///   struct State { var todos: IdentifiedArray<Todo> = [] }
///   enum Action { case add(Todo), row(Todo.ID, RowReactor.Output) }
///   init() {
///     rows.follow(self, \.todos) { todo, output in RowReactor(todo: todo, output: output) }
///       output: { id, output in .row(id, output) }
///   }
/// }
/// listReactor.rows[todo.id]   // the row's reactor, for its cell
/// ```
///
/// Lifetime: the parent keeps the children (and they hold the parent weakly, through their
/// outputs). When an element goes, its child is released: unless a view still holds it, it
/// is deallocated, its effects are cancelled and its state streams end, as any reactor's.
///
/// Thread rules: read from any thread. Children are made and released on the thread that
/// processes the parent's work, right after the `reduce` that changed the ids and before
/// `send` returns when the parent was idle, with no lock held while a child is made. Call
/// `follow` and ``removeAll()`` from one thread at a time (the parent's `init`, say): a
/// delivery of an observation they replaced or ended changes nothing.
public final class ReactorChildren<ID: Hashable & Sendable, Child: Reactor>: Sendable {
  /// The children, under a lock: the view reads, the parent's thread reconciles.
  private let table = Locked(ChildTable<ID, Child>())
  /// The parent's observation of the ids, and how to read the ids in the parent's order; both
  /// end with this object.
  private let following = Locked<Following?>(nil)

  /// What ``follow(_:_:make:output:)`` keeps.
  private struct Following: Sendable {
    let token: ObservationToken
    let ids: @Sendable () -> [ID]
  }

  /// An empty set of children; ``follow(_:_:make:output:)`` ties it to the parent's state.
  public init() {}

  deinit { following.withLock { $0 }?.token.cancel() }

  /// The child for `id`, or `nil` when the parent's state has no element with that id.
  public subscript(id: ID) -> Child? { table.withLock { $0.children[id] } }

  /// The children's ids, in the parent's order.
  public var ids: [ID] { ordered.map(\.id) }

  /// The children, in the parent's order.
  public var all: [Child] { ordered.map(\.child) }

  /// The children and their ids, in the order of the parent's state.
  private var ordered: [(id: ID, child: Child)] {
    guard let ids = following.withLock({ $0?.ids }) else { return [] }
    let order = ids()
    return table.withLock { table in
      order.compactMap { id in table.children[id].map { (id, $0) } }
    }
  }

  /// How many children there are.
  public var count: Int { table.withLock { $0.children.count } }

  /// Makes and releases children as the elements at `elements` in `parent`'s state come and
  /// go: one child per element, made by `make` from the element and an output that sends
  /// `parent` the action `output` builds. Call it once, from the parent's `init`; a second
  /// call replaces the first.
  ///
  /// It observes the collection's ``IdentifiedArray/structure``, not its rows: a row changed
  /// in place costs nothing here, and a row added or removed costs O(1), whatever the count.
  public func follow<Parent: Reactor, Seed: Identifiable & Equatable & Sendable>(
    _ parent: Parent,
    _ elements: KeyPath<Parent.State, IdentifiedArray<Seed>> & Sendable,
    make: @escaping @Sendable (Seed, ChildOutput<Child.Output>) -> Child,
    output: @escaping @Sendable (ID, Child.Output) -> Parent.Action
  ) where Seed.ID == ID, Child: OutputtingReactor {
    followElements(parent, elements) { seed, id, parent in
      make(seed, .sending(to: parent) { output(id, $0) })
    }
  }

  /// Makes and releases children that tell their parent nothing (rows that only show what
  /// they were made from), as the elements at `elements` in `parent`'s state come and go. See
  /// ``follow(_:_:make:output:)``.
  public func follow<Parent: Reactor, Seed: Identifiable & Equatable & Sendable>(
    _ parent: Parent,
    _ elements: KeyPath<Parent.State, IdentifiedArray<Seed>> & Sendable,
    make: @escaping @Sendable (Seed) -> Child
  ) where Seed.ID == ID {
    followElements(parent, elements) { seed, _, _ in make(seed) }
  }

  /// Makes the one child while the optional part at `element` of `parent`'s state exists, and
  /// releases it when the part goes or becomes another element (another id). See
  /// ``follow(_:_:make:output:)``; ``child`` reads it.
  public func follow<Parent: Reactor, Seed: Identifiable & Equatable & Sendable>(
    _ parent: Parent,
    optional element: KeyPath<Parent.State, Seed?> & Sendable,
    make: @escaping @Sendable (Seed, ChildOutput<Child.Output>) -> Child,
    output: @escaping @Sendable (ID, Child.Output) -> Parent.Action
  ) where Seed.ID == ID, Child: OutputtingReactor {
    followOptional(parent, element) { seed, id, parent in
      make(seed, .sending(to: parent) { output(id, $0) })
    }
  }

  /// Makes the one child, which tells its parent nothing, while the optional part at `element`
  /// of `parent`'s state exists. See ``follow(_:optional:make:output:)``.
  public func follow<Parent: Reactor, Seed: Identifiable & Equatable & Sendable>(
    _ parent: Parent,
    optional element: KeyPath<Parent.State, Seed?> & Sendable,
    make: @escaping @Sendable (Seed) -> Child
  ) where Seed.ID == ID {
    followOptional(parent, element) { seed, _, _ in make(seed) }
  }

  /// Follows the collection at `elements`: observes its structure, and reconciles the children
  /// with the changes since the last one (or with every id, when they cannot be told).
  private func followElements<Parent: Reactor, Seed: Identifiable & Equatable & Sendable>(
    _ parent: Parent,
    _ elements: KeyPath<Parent.State, IdentifiedArray<Seed>> & Sendable,
    make: @escaping @Sendable (Seed, ID, Parent) -> Child
  ) where Seed.ID == ID {
    let generation = table.withLock { $0.followed() }
    let seen = Locked<IdentifiedArray<Seed>.Structure?>(nil)
    let structure: KeyPath<IdentifiedArray<Seed>, IdentifiedArray<Seed>.Structure> & Sendable =
      \.structure
    let token = parent.observe(elements.appending(path: structure)) {
      [weak self, weak parent] structure in
      guard let self, let parent else { return }
      let seeds = parent.currentState[keyPath: elements]
      let earlier = seen.withLock { last in
        defer { last = structure }
        return last
      }
      let changes = earlier.flatMap { structure.changes(since: $0) }
      self.reconcile(
        changes.map { changes in { $0.changed(by: changes, in: generation) } } ?? {
          $0.idsChanged(to: seeds.ids, in: generation)
        }, generation: generation, seed: { seeds[id: $0] }
      ) { seed, id in make(seed, id, parent) }
    }
    start(
      Following(token: token) { [weak parent] in parent?.currentState[keyPath: elements].ids ?? [] }
    )
  }

  /// Follows the optional part at `element`: one child while it exists, per id.
  private func followOptional<Parent: Reactor, Seed: Identifiable & Equatable & Sendable>(
    _ parent: Parent,
    _ element: KeyPath<Parent.State, Seed?> & Sendable,
    make: @escaping @Sendable (Seed, ID, Parent) -> Child
  ) where Seed.ID == ID {
    let generation = table.withLock { $0.followed() }
    let token = parent.observe(element) { [weak self, weak parent] seed in
      guard let self, let parent else { return }
      let ids = seed.map { [$0.id] } ?? []
      self.reconcile({ $0.idsChanged(to: ids, in: generation) }, generation: generation) {
        _ in
        seed
      } make: { seed, id in
        make(seed, id, parent)
      }
    }
    start(
      Following(token: token) { [weak parent] in
        (parent?.currentState[keyPath: element]).map { [$0.id] } ?? []
      })
  }

  /// Ends following the parent and releases every child; a later `follow` makes them again.
  public func removeAll() {
    following.withLock { following in
      defer { following = nil }
      return following
    }?.token.cancel()
    let released = table.withLock { $0.end() }
    withExtendedLifetime(released) {}
  }

  /// Keeps an observation, ending the one before.
  private func start(_ new: Following) {
    let previous = following.withLock { current in
      defer { current = new }
      return current
    }
    previous?.token.cancel()
  }

  /// Applies what the parent's ids did (`decide`, under the lock): releases the children whose
  /// ids went, and makes the new ones, outside the lock.
  private func reconcile<Seed>(
    _ decide: (inout ChildTable<ID, Child>) -> ChildTable<ID, Child>.Reconciled,
    generation: Int, seed: (ID) -> Seed?, make: (Seed, ID) -> Child
  ) {
    let reconciled = table.withLock { decide(&$0) }
    var unwanted: [Child] = []
    for id in reconciled.toMake {
      guard let seed = seed(id) else { continue }
      let child = make(seed, id)
      if let extra = table.withLock({ $0.made(child, id, in: generation) }) {
        unwanted.append(extra)
      }
    }
    // Released here, with no lock held: a child's deinit may run user code.
    withExtendedLifetime((reconciled.released, unwanted)) {}
  }
}

extension ReactorChildren {
  /// The one child of a follower of an optional part (``follow(_:optional:make:output:)``), or
  /// the first child of a collection; `nil` when there is none.
  public var child: Child? { all.first }
}

/// A reactor that tells its parent what happened through a ``ChildOutput``: a child feature
/// that ``ReactorChildren`` can make. A reactor that tells nothing declares `Output = Never`.
public protocol OutputtingReactor: Reactor {
  /// What the child tells its parent ("saved", "deleted").
  associatedtype Output: Sendable
}
