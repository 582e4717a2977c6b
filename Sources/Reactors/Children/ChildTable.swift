/// Which child reactors exist: the pure part of ``ReactorChildren``, with no lock and no user
/// code. Its methods are named after events and return what the caller does next, outside the
/// lock: which children to make, and which to release.
struct ChildTable<ID: Hashable, Child> {
  /// The children, by id.
  private(set) var children: [ID: Child] = [:]
  /// Whether the parent ended its children: nothing is made any more, until it follows again.
  private(set) var isEnded = false
  /// Counts the parent's follows and ends: what an observation that reconciles says it
  /// belongs to, so that a delivery still running for one that was replaced or ended (an
  /// observation's cancellation lets a delivery on another thread finish) changes nothing.
  private(set) var generation = 0

  /// What the caller does after the parent's ids changed.
  struct Reconciled {
    /// Ids that need a child, in order: the caller makes each, then calls
    /// ``made(_:_:in:)``.
    var toMake: [ID] = []
    /// Children whose state is gone: the caller drops them after releasing the lock, since a
    /// child's `deinit` may run user code.
    var released: [Child] = []
  }

  /// The parent's state now lists `ids`: children whose id went are removed and returned for
  /// release; ids without a child are returned to be made. O(ids).
  mutating func idsChanged(to ids: [ID], in generation: Int) -> Reconciled {
    var result = Reconciled()
    guard !isEnded, generation == self.generation else { return result }
    let wanted = Set(ids)
    for (id, child) in children where !wanted.contains(id) {
      result.released.append(child)
      children[id] = nil
    }
    result.toMake = ids.filter { children[$0] == nil }
    return result
  }

  /// The parent's ids changed by `changes` (appends and removals, oldest first). O(changes).
  mutating func changed<Changes: Sequence>(by changes: Changes, in generation: Int) -> Reconciled
  where Changes.Element == StructureChange<ID> {
    var result = Reconciled()
    guard !isEnded, generation == self.generation else { return result }
    var toMake: [ID] = []
    for change in changes {
      switch change {
      case .appended(let id): toMake.append(id)
      case .removed(let id):
        if let child = children.removeValue(forKey: id) { result.released.append(child) }
        toMake.removeAll { $0 == id }
      case .reordered, .updated: continue
      }
    }
    result.toMake = toMake.filter { children[$0] == nil }
    return result
  }

  /// A child for `id` was made outside the lock, for the observation of `generation`: kept,
  /// unless one was made meanwhile, the parent ended its children, or followed again since
  /// (`generation` is out of date), in which case it is returned to drop.
  mutating func made(_ child: Child, _ id: ID, in generation: Int) -> Child? {
    guard !isEnded, generation == self.generation, children[id] == nil else { return child }
    children[id] = child
    return nil
  }

  /// The parent follows its state (again, after it ended its children: children are made
  /// again). Returns the generation its observation reconciles in.
  mutating func followed() -> Int {
    isEnded = false
    generation += 1
    return generation
  }

  /// Every child is released (the parent is ending them).
  mutating func end() -> [Child] {
    isEnded = true
    generation += 1
    defer { children = [:] }
    return Array(children.values)
  }
}

extension ChildTable: Sendable where ID: Sendable, Child: Sendable {}
