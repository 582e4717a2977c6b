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

  private var nextID: UInt64 = 0
  @usableFromInline private(set) var everyState: [Entry] = []
  @usableFromInline private(set) var groups: [KeyPathGroup<State>] = []

  @usableFromInline init() {}

  /// Whether a state change has anyone to tell.
  @inlinable var isEmpty: Bool { everyState.isEmpty && groups.isEmpty }

  /// Adds an observer of every state; `finish` is called if the reactor goes away first.
  mutating func add(
    _ body: @escaping @Sendable (State) -> Void, finish: (@Sendable () -> Void)? = nil
  ) -> UInt64 {
    nextID += 1
    everyState.append(Entry(id: nextID, body: body, finish: finish))
    return nextID
  }

  /// Adds an observer of one key path; returns its id and the group's current value.
  mutating func add<Value: Equatable>(
    _ keyPath: KeyPath<State, Value>, current state: State,
    _ body: @escaping @Sendable (Value) -> Void
  ) -> (id: UInt64, current: Value) {
    nextID += 1
    if let group = groups.first(where: { $0.keyPath == keyPath }) as? ValueGroup<State, Value> {
      group.subscribers.append((nextID, body))
      return (nextID, group.last)
    }
    let group = ValueGroup(keyPath, last: state[keyPath: keyPath])
    group.subscribers.append((nextID, body))
    groups.append(group)
    return (nextID, group.last)
  }

  /// Removes an observer; a group left empty goes too.
  mutating func remove(_ id: UInt64) {
    if let index = everyState.firstIndex(where: { $0.id == id }) {
      everyState.remove(at: index)
      return
    }
    for (index, group) in groups.enumerated() where group.remove(id) {
      if group.isEmpty { groups.remove(at: index) }
      return
    }
  }

  /// Tells every observer about a new state: observers of every state first, then the
  /// key-path groups whose value changed, each in the order they were added.
  @inlinable
  func notify(_ state: UnsafePointer<State>) {
    for entry in everyState { entry.body(state.pointee) }
    for group in groups { group.deliver(state) }
  }

  /// Empties the registry and returns what to call to end the observers' streams.
  mutating func removeAll() -> [@Sendable () -> Void] {
    defer {
      everyState = []
      groups = []
    }
    return everyState.compactMap(\.finish)
  }
}

/// The observers of one key path, sharing one comparison per change.
///
/// Lives inside the engine's lock: only the processing thread calls ``deliver(_:)``.
@usableFromInline
class KeyPathGroup<State> {
  let keyPath: AnyKeyPath
  init(keyPath: AnyKeyPath) { self.keyPath = keyPath }
  @usableFromInline func deliver(_ state: UnsafePointer<State>) {}
  func remove(_ id: UInt64) -> Bool { false }
  var isEmpty: Bool { true }
}

@usableFromInline
final class ValueGroup<State, Value: Equatable>: KeyPathGroup<State> {
  let path: KeyPath<State, Value>
  /// Where the value lives inside the state, for a stored property: read directly, without
  /// the key path machinery. `nil` for a computed path.
  let offset: Int?
  fileprivate var last: Value
  fileprivate var subscribers: [(id: UInt64, body: @Sendable (Value) -> Void)] = []

  init(_ path: KeyPath<State, Value>, last: Value) {
    self.path = path
    self.offset = MemoryLayout<State>.offset(of: path)
    self.last = last
    super.init(keyPath: path)
  }

  @usableFromInline override func deliver(_ state: UnsafePointer<State>) {
    let value =
      if let offset {
        UnsafeRawPointer(state).load(fromByteOffset: offset, as: Value.self)
      } else {
        state.pointee[keyPath: path]
      }
    guard value != last else { return }
    last = value
    // A copy: a subscriber may add or remove subscribers while this loop runs.
    let current = subscribers
    current.withUnsafeBufferPointer { subscribers in
      for index in subscribers.indices { subscribers[index].body(value) }
    }
  }

  override func remove(_ id: UInt64) -> Bool {
    guard let index = subscribers.firstIndex(where: { $0.id == id }) else { return false }
    subscribers.remove(at: index)
    return true
  }

  override var isEmpty: Bool { subscribers.isEmpty }
}
