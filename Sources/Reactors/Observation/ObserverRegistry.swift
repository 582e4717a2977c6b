/// The observers of one reactor's state, kept inside the engine's lock.
///
/// Observers of a key path are grouped by key path: a change costs one read and one comparison
/// per observed key path, however many observers share it (contract 7).
@usableFromInline
struct ObserverRegistry<State> {
  @usableFromInline
  struct Entry {
    let id: UInt64
    @usableFromInline let body: @Sendable (State) -> Void
    let finish: (@Sendable () -> Void)?
  }

  @usableFromInline var nextID: UInt64 = 0
  @usableFromInline private(set) var everyState: [Entry] = []
  @usableFromInline var groups: [KeyPathGroup<State>] = []

  @inlinable init() {}

  /// Whether a state change has anyone to tell.
  @inlinable var isEmpty: Bool { everyState.isEmpty && groups.isEmpty }

  /// Adds an observer of every state; `finish` is called if the reactor goes away first.
  mutating func add(
    _ body: @escaping @Sendable (State) -> Void, finish: (@Sendable () -> Void)? = nil
  ) -> UInt64 {
    let id = makeID()
    everyState.append(Entry(id: id, body: body, finish: finish))
    return id
  }

  /// Adds an observer of one key path; returns its id and the group's current value.
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
      let group = groups[index].storage as? ValueGroup<State, Value>
    {
      group.slots.pointee.subscribers.append((id, body))
      return (id, group.slots.pointee.last)
    }
    let group = ValueGroup(keyPath, last: state[keyPath: keyPath])
    group.slots.pointee.subscribers.append((id, body))
    groups.append(KeyPathGroup(keyPath: keyPath, storage: group, deliver: group.deliver))
    return (id, group.slots.pointee.last)
  }

  @usableFromInline
  mutating func makeID() -> UInt64 {
    nextID += 1
    return nextID
  }

  /// Removes an observer; a group left empty goes too.
  mutating func remove(_ id: UInt64) {
    if let index = everyState.firstIndex(where: { $0.id == id }) {
      everyState.remove(at: index)
      return
    }
    for (index, group) in groups.enumerated() where group.storage.remove(id) {
      if group.storage.isEmpty { groups.remove(at: index) }
      return
    }
  }

  /// Tells every observer about a new state: observers of every state first, then the
  /// key-path groups whose value changed, each in the order they were added.
  @inlinable
  func notify(_ state: UnsafePointer<State>) {
    for entry in everyState { entry.body(state.pointee) }
    groups.withUnsafeBufferPointer { groups in
      for index in groups.indices { groups[index].deliver(state) }
    }
  }

  /// Empties the registry and returns what to call to end the observers' streams.
  mutating func removeAll() -> [@Sendable () -> Void] {
    defer {
      everyState = []
      groups = []
    }
    return everyState.compactMap { $0.finish }
  }
}

/// One observed key path: its delivery, compiled for the concrete types, and its storage.
@usableFromInline
struct KeyPathGroup<State> {
  @usableFromInline let keyPath: AnyKeyPath
  @usableFromInline let storage: AnyValueGroup
  @usableFromInline let deliver: (UnsafePointer<State>) -> Void

  @inlinable
  init(
    keyPath: AnyKeyPath, storage: AnyValueGroup,
    deliver: @escaping (UnsafePointer<State>) -> Void
  ) {
    self.keyPath = keyPath
    self.storage = storage
    self.deliver = deliver
  }
}

/// The subscribers of one key path, seen without its types (to remove one).
@usableFromInline
class AnyValueGroup {
  @usableFromInline init() {}
  func remove(_ id: UInt64) -> Bool { false }
  var isEmpty: Bool { true }
}

/// The subscribers of one key path and its last value, sharing one comparison per change.
///
/// Lives inside the engine's lock: only the processing thread delivers. The last value and
/// the subscribers live behind pointers the group owns, so reading them costs no dynamic
/// exclusivity check.
@usableFromInline
final class ValueGroup<State, Value: Equatable>: AnyValueGroup {
  @usableFromInline typealias Subscriber = (id: UInt64, body: @Sendable (Value) -> Void)

  @usableFromInline let path: KeyPath<State, Value>
  /// Where the value lives inside the state, for a stored property: read directly, without
  /// the key path machinery. `nil` for a computed path.
  @usableFromInline let offset: Int?
  /// The last value seen and the subscribers, in one allocation the group owns.
  @usableFromInline let slots: UnsafeMutablePointer<(last: Value, subscribers: [Subscriber])>

  @inlinable
  init(_ path: KeyPath<State, Value>, last: Value) {
    self.path = path
    self.offset = MemoryLayout<State>.offset(of: path)
    self.slots = .allocate(capacity: 1)
    self.slots.initialize(to: (last, []))
  }

  deinit {
    slots.deinitialize(count: 1)
    slots.deallocate()
  }

  /// Reads the value; when it changed, calls every subscriber in order.
  @inlinable
  func deliver(_ state: UnsafePointer<State>) {
    let value =
      if let offset {
        UnsafeRawPointer(state).load(fromByteOffset: offset, as: Value.self)
      } else {
        state.pointee[keyPath: path]
      }
    guard value != slots.pointee.last else { return }
    slots.pointee.last = value
    // A copy: a subscriber may add or remove subscribers while this loop runs.
    let current = slots.pointee.subscribers
    current.withUnsafeBufferPointer { subscribers in
      for index in subscribers.indices { subscribers[index].body(value) }
    }
  }

  override func remove(_ id: UInt64) -> Bool {
    guard let index = slots.pointee.subscribers.firstIndex(where: { $0.id == id }) else {
      return false
    }
    slots.pointee.subscribers.remove(at: index)
    return true
  }

  override var isEmpty: Bool { slots.pointee.subscribers.isEmpty }
}
