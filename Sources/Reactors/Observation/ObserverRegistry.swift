/// The observers of one reactor's state, kept inside the engine's lock.
///
/// Observers of a key path are grouped by key path: a change costs one read and one comparison
/// per observed key path, however many observers share it (contract 7).
///
/// A delivery (see `ReactorStorage.notifyObservers()`) walks the registry in place, without
/// copying it. An observer added while it runs starts from its group's last value, and is
/// told of the change being delivered only if its group has not been reached yet; an observer
/// removed while it runs is not called again. What removals leave behind is tidied by
/// ``compact()`` when the delivery ends.
@usableFromInline
struct ObserverRegistry<State> {
  @usableFromInline var nextID: UInt64 = 0
  /// Observers of every state, created with the first of them.
  @usableFromInline var everyState: StateObservers<State>?
  @usableFromInline var groups: [ObservedPath<State>] = []
  /// A delivery is running: removals leave stand-ins until ``compact()``.
  @usableFromInline var isNotifying = false
  /// Something was removed during the delivery.
  @usableFromInline var needsCompaction = false

  @inlinable init() {}

  /// Whether a state change has anyone to tell.
  @inlinable var isEmpty: Bool { everyState == nil && groups.isEmpty }

  /// Adds an observer of every state; `finish` is called if the reactor goes away first.
  mutating func add(
    _ body: @escaping @Sendable (State) -> Void, finish: (@Sendable () -> Void)? = nil
  ) -> UInt64 {
    let id = makeID()
    let observers = everyState ?? StateObservers()
    everyState = observers
    observers.subscribers.pointee.append(id, body)
    if let finish { observers.finishers.append((id, finish)) }
    return id
  }

  /// Adds an observer of one key path; returns its id and the value it starts from: the
  /// group's last value. During a delivery that has not reached the group yet, that is the
  /// value before the change, and the observer is then told of the change with the others.
  ///
  /// `@inlinable`, so the group's delivery is compiled for the concrete state and value types
  /// in the module that observes: no generic key-path or value-witness calls per change.
  @inlinable
  mutating func add<Value: Equatable>(
    _ keyPath: KeyPath<State, Value>, current state: State,
    _ body: @escaping @Sendable (Value) -> Void
  ) -> (id: UInt64, current: Value) {
    let id = makeID()
    if let index = groups.firstIndex(where: { $0.keyPath == keyPath }),
      let group = groups[index] as? ValueGroup<State, Value>
    {
      group.subscribers.pointee.append(id, body)
      return (id, group.last.pointee)
    }
    let group = ValueGroup(keyPath, last: state[keyPath: keyPath])
    group.subscribers.pointee.append(id, body)
    groups.append(group)
    return (id, group.last.pointee)
  }

  @usableFromInline
  mutating func makeID() -> UInt64 {
    nextID += 1
    return nextID
  }

  /// Removes an observer; a group left empty goes too (after the delivery, if one is running).
  mutating func remove(_ id: UInt64) {
    if let everyState, everyState.subscribers.pointee.remove(id, isDelivering: isNotifying) {
      everyState.finishers.removeAll { $0.id == id }
    } else if let index = groupIndex(removing: id) {
      if !isNotifying && groups[index].isEmpty { groups.remove(at: index) }
    } else {
      return
    }
    if isNotifying { needsCompaction = true } else { dropEmptyStateObservers() }
  }

  /// Removes the observer with `id` from the group that has it, and returns that group's index.
  private func groupIndex(removing id: UInt64) -> Int? {
    for index in groups.indices where groups[index].remove(id, isDelivering: isNotifying) {
      return index
    }
    return nil
  }

  /// Tidies up after a delivery during which observers were removed.
  @usableFromInline
  mutating func compact() {
    needsCompaction = false
    everyState?.subscribers.pointee.compact()
    dropEmptyStateObservers()
    for group in groups { group.compact() }
    groups.removeAll { $0.isEmpty }
  }

  private mutating func dropEmptyStateObservers() {
    if everyState?.subscribers.pointee.isEmpty == true { everyState = nil }
  }

  /// Empties the registry and returns what to call to end the observers' streams.
  mutating func removeAll() -> [@Sendable () -> Void] {
    defer {
      everyState = nil
      groups = []
    }
    return everyState?.finishers.map(\.finish) ?? []
  }
}
