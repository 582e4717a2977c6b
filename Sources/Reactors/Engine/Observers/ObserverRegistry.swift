/// The observers of one reactor's state, kept under the engine's lock.
///
/// Observers of a key path are grouped by key path: a change costs one read and one comparison
/// per observed key path, however many observers share it (contract 7).
///
/// A change is delivered in two steps (`ReactorStorage.captureChanges()`, then
/// `deliverChanges()`): with the lock held, the thread processing the reactor's work compares
/// each group's value and snapshots the groups that changed into a ``Delivery``; with the lock
/// released, it calls their observers. Any
/// thread may add or remove observers meanwhile: an observer added starts from its group's
/// last value, which is already the new one, so it is never told the same change twice.
@usableFromInline
struct ObserverRegistry<State> {
  @usableFromInline var nextID: UInt64 = 0
  /// Observers of every state, created with the first of them.
  @usableFromInline var everyState: StateObservers<State>?
  /// The groups, in the order they were made. Any change to them makes ``changedBytes`` stale.
  @usableFromInline var groups: [ObserverGroup<State>] = [] {
    didSet { changedBytes?.isStale = true }
  }
  /// A copy of the state's bytes that finds what may have changed, once there are many groups.
  @usableFromInline var changedBytes: ChangedBytes?
  /// Where each group and each observer's group is found, once there are many groups.
  @usableFromInline var index: GroupIndex<State>?

  @inlinable init() {}

  /// Whether a state change has anyone to tell.
  @inlinable var isEmpty: Bool { everyState == nil && groups.isEmpty }

  /// Adds an observer of every state; `finish` is called if the reactor goes away first.
  @usableFromInline
  mutating func add(
    id: UInt64, _ body: @escaping @Sendable (State) -> Void, finish: (@Sendable () -> Void)?
  ) {
    let observers = everyState ?? StateObservers()
    everyState = observers
    observers.subscribers.pointee.append(id, body)
    if let finish { observers.finishers.append((id, finish)) }
  }

  /// Adds an observer of one key path and returns the value it starts from: its group's last
  /// value, which is the value in the newest state reduced.
  ///
  /// `@inlinable`, so the group's comparison and delivery are compiled for the concrete state
  /// and value types in the module that observes: no generic key-path or value-witness calls
  /// per change.
  @inlinable
  mutating func add<Value: Equatable>(
    id: UInt64, _ keyPath: KeyPath<State, Value>, current state: State,
    _ body: @escaping @Sendable (Value) -> Void
  ) -> Value {
    let key = GroupKey(keyPath: keyPath, kind: ValueGroup<State, Value>.self)
    if let found = group(for: key) {
      let group = unsafeDowncast(found, to: ValueGroup<State, Value>.self)
      group.subscribers.pointee.append(id, body)
      index?.byObserver[id] = group
      return group.last.pointee
    }
    let group = ValueGroup(keyPath, last: state[keyPath: keyPath])
    group.subscribers.pointee.append(id, body)
    append(group)
    return group.last.pointee
  }

  /// The group of `key`, if there is one: from the index, or by walking the few groups.
  @inlinable
  func group(for key: GroupKey) -> ObserverGroup<State>? {
    if let index { return index.byKey[key] }
    return groups.first { GroupKey($0) == key }
  }

  /// Adds a new group (and its observers) to the groups and the index, making the index once
  /// there are enough groups.
  @inlinable
  mutating func append(_ group: ObserverGroup<State>) {
    groups.append(group)
    if let index {
      index.added(group)
    } else if groups.count >= groupIndexThreshold {
      index = GroupIndex(groups)
    }
  }

  /// What adds an observer of `keyPath` (for `ReactorStorage.addObserver`): it joins its
  /// group, and its first call is made with the value it starts from.
  @inlinable
  static func observer<Value: Equatable>(
    of keyPath: KeyPath<State, Value>, _ body: @escaping @Sendable (Value) -> Void
  ) -> (inout ObserverRegistry, UInt64, State) -> () -> Void {
    { registry, id, state in
      let current = registry.add(id: id, keyPath, current: state, body)
      return { body(current) }
    }
  }

  /// ``observer(of:_:)`` without its first call: `body` is called with changes only.
  @inlinable
  static func observer<Value: Equatable>(
    of keyPath: KeyPath<State, Value>, afterItsStart body: @escaping @Sendable (Value) -> Void
  ) -> (inout ObserverRegistry, UInt64, State) -> () -> Void {
    { registry, id, state in
      _ = registry.add(id: id, keyPath, current: state, body)
      return {}
    }
  }

  /// A new observer id.
  @usableFromInline
  mutating func makeID() -> UInt64 {
    nextID += 1
    return nextID
  }

  /// The group of the observers of the part at `path` (a scoped store's), made by `make` if
  /// there is none yet. Lock held.
  @inlinable
  mutating func part<Part>(
    _ path: KeyPath<State, Part>, make: () -> PartGroup<State, Part>
  ) -> PartGroup<State, Part> {
    if let found = group(for: GroupKey(keyPath: path, kind: PartGroup<State, Part>.self)) {
      return unsafeDowncast(found, to: PartGroup<State, Part>.self)
    }
    let part = make()
    append(part)
    return part
  }

  /// Removes an observer, and its group if it was the last; `nil` when it is not here.
  ///
  /// Returns what was removed (the observer, its stream's finisher, an emptied group) for the
  /// caller to release once the engine's lock is released: an observer's closure may hold the
  /// last reference to something whose `deinit` runs user code (a view cancelling its other
  /// bindings, another reactor), which must never run under the lock.
  mutating func remove(_ id: UInt64) -> [Any]? {
    if let everyState, let removed = everyState.subscribers.pointee.remove(id) {
      var released: [Any] = [removed]
      if let index = everyState.finishers.firstIndex(where: { $0.id == id }) {
        released.append(everyState.finishers.remove(at: index).finish)
      }
      if everyState.subscribers.pointee.members.isEmpty {
        released.append(everyState)
        self.everyState = nil
      }
      return released
    }
    if let index, let group = index.byObserver.removeValue(forKey: id) {
      return remove(id, from: group)
    }
    // Without an index every group is asked; with one, only the parts' groups, whose own
    // registries hold their observers.
    for group in index?.parts ?? groups {
      if let released = remove(id, from: group) { return released }
    }
    return nil
  }

  /// Removes the observer `id` from `group`, and the group once it is empty; `nil` when the
  /// observer is not in it.
  mutating func remove(_ id: UInt64, from group: ObserverGroup<State>) -> [Any]? {
    guard var released = group.remove(id) else { return nil }
    guard group.isEmpty, let position = groups.firstIndex(where: { $0 === group }) else {
      return released
    }
    released.append(groups.remove(at: position))
    index?.removed(group)
    if groups.count < ChangedBytes.threshold, let changedBytes {
      released.append(changedBytes)
      self.changedBytes = nil
    }
    return released
  }

  /// Compares the new state with what each group saw last and snapshots what changed into
  /// `delivery`. Lock held, by the processing thread. Returns whether anything is to be
  /// delivered. Mutating only so that it reads the registry in place: called on a copy, it
  /// would retain and release what the registry holds on every change.
  @inlinable
  mutating func capture(
    _ state: UnsafePointer<State>, into delivery: inout Delivery<State>
  )
    -> Bool
  {
    if let everyState {
      everyState.capture(state)
      delivery.everyState = everyState
    }
    let end = groups.count
    guard end >= ChangedBytes.threshold else {
      // Few groups: asking each costs less than comparing bytes.
      var index = 0
      while index < end {
        let changed = groups.unretainedElement(at: index)._withUnsafeGuaranteedRef {
          $0.capture($0, state, false)
        }
        if changed { delivery.append(groups[index]) }
        index &+= 1
      }
      return delivery.everyState != nil || delivery.first != nil
    }
    if let changedBytes, !changedBytes.isStale {
      changedBytes.capture(state, groups: groups, into: &delivery)
    } else {
      captureEachAndCopy(state, into: &delivery)
    }
    return delivery.everyState != nil || delivery.first != nil
  }

  /// With many groups, when ``changedBytes`` is missing or stale: asks every group whether its
  /// value changed, keeping its bytes in step with the state's (see ``ChangedBytes``), then
  /// makes ``changedBytes`` from the state. Lock held.
  @inlinable @inline(never)
  mutating func captureEachAndCopy(
    _ state: UnsafePointer<State>, into delivery: inout Delivery<State>
  ) {
    for index in groups.indices {
      let changed = groups.unretainedElement(at: index)._withUnsafeGuaranteedRef {
        $0.capture($0, state, true)
      }
      if changed { delivery.append(groups[index]) }
    }
    let changedBytes = changedBytes ?? ChangedBytes(count: MemoryLayout<State>.size)
    self.changedBytes = changedBytes
    changedBytes.rebuild(for: groups, copying: state)
  }

  /// Empties the registry and returns what to call to end the observers' streams.
  mutating func removeAll() -> [@Sendable () -> Void] {
    defer {
      everyState = nil
      groups = []
      changedBytes = nil
      index = nil
    }
    return everyState?.finishers.map(\.finish) ?? []
  }
}

/// A change captured for delivery: the groups whose value changed, in the order they were
/// made, after the observers of every state.
///
/// Belongs to the thread that processes the reactor's work: it fills it with the lock held
/// and empties it after releasing the lock. Other threads never touch it.
@usableFromInline
struct Delivery<State> {
  @usableFromInline var everyState: StateObservers<State>?
  /// The first group that changed: most changes change one, and then no array is touched.
  @usableFromInline var first: ObserverGroup<State>?
  /// The groups that changed after ``first``, in order.
  @usableFromInline var groups: [ObserverGroup<State>] = []
  /// Observers the processing thread removed while it delivered (an observer cancelling itself
  /// or a later one): not called again, even for this change.
  @usableFromInline var removedByOwner: [UInt64] = []
  /// The processing thread is calling observers.
  @usableFromInline var isDelivering = false

  @inlinable init() {}

  /// Adds a group that changed. Lock held.
  @inlinable
  mutating func append(_ group: ObserverGroup<State>) {
    if first == nil { first = group } else { groups.append(group) }
  }

  /// Calls the captured observers, then empties the delivery. Lock released.
  @inlinable
  static func deliver(_ delivery: UnsafeMutablePointer<Delivery<State>>) {
    delivery.pointee.isDelivering = true
    // Read afresh at each observer: the observers called may add to it.
    deliver(delivery, skipping: address(of: &delivery.pointee.removedByOwner))
    delivery.pointee.isDelivering = false
    if !delivery.pointee.removedByOwner.isEmpty {
      delivery.pointee.removedByOwner.removeAll(keepingCapacity: true)
    }
  }

  /// Calls the captured observers but those in `removed` (the reactor's), then empties the
  /// delivery. Lock released.
  @inlinable
  static func deliver(
    _ delivery: UnsafeMutablePointer<Delivery<State>>, skipping removed: UnsafePointer<[UInt64]>
  ) {
    if let everyState = delivery.pointee.everyState {
      delivery.pointee.everyState = nil
      everyState.deliver(skipping: removed)
    }
    guard let first = delivery.pointee.first else { return }
    delivery.pointee.first = nil
    // Called through an unretained reference, which `first` keeps alive: read from a strong
    // local, the closure's context would be retained and released around the call (two
    // atomic operations, per level of a scoped store's nesting).
    Unmanaged.passUnretained(first)._withUnsafeGuaranteedRef { $0.deliver($0, removed) }
    withExtendedLifetime(first) {}
    guard !delivery.pointee.groups.isEmpty else { return }
    let end = delivery.pointee.groups.count
    var index = 0
    while index < end {
      delivery.pointee.groups.unretainedElement(at: index)._withUnsafeGuaranteedRef {
        $0.deliver($0, removed)
      }
      index &+= 1
    }
    delivery.pointee.groups.removeAll(keepingCapacity: true)
  }
}
