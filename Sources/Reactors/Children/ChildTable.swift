/// Which child reactors exist, in order: the pure part of ``ReactorChildren``, with no lock and
/// no user code. Its methods are named after events and return what the caller does next,
/// outside the lock: which children to make, and which to release.
struct ChildTable<ID: Hashable, Child> {
  /// The children, by id.
  private(set) var children: [ID: Child] = [:]
  /// The ids, in the parent's order.
  private(set) var order: [ID] = []
  /// The same ids, to ask whether one is wanted in O(1).
  private var wanted: Set<ID> = []

  /// What the caller does after the parent's ids changed.
  struct Reconciled {
    /// Ids that need a child, in order: the caller makes each, then calls ``made(_:_:)``.
    var toMake: [ID] = []
    /// Children whose state is gone: the caller drops them after releasing the lock, since a
    /// child's `deinit` may run user code.
    var released: [Child] = []
  }

  /// The parent's state now lists `ids`: children whose id went are removed and returned for
  /// release; ids without a child are returned to be made.
  mutating func idsChanged(to ids: [ID]) -> Reconciled {
    var result = Reconciled()
    wanted = Set(ids)
    for (id, child) in children where !wanted.contains(id) {
      result.released.append(child)
      children[id] = nil
    }
    order = ids
    result.toMake = ids.filter { children[$0] == nil }
    return result
  }

  /// A child for `id` was made outside the lock. Kept when the id is still wanted and has no
  /// child yet (another thread may have reconciled meanwhile); otherwise returned to drop.
  mutating func made(_ child: Child, _ id: ID) -> Child? {
    guard children[id] == nil, wanted.contains(id) else { return child }
    children[id] = child
    return nil
  }

  /// Every child is released, in order (the parent is ending the children).
  mutating func removeAll() -> [Child] {
    let released = order.compactMap { children[$0] }
    children = [:]
    order = []
    wanted = []
    return released
  }
}

extension ChildTable: Sendable where ID: Sendable, Child: Sendable {}
