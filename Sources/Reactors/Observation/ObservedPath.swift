/// The observers of one key path of the state, as the registry sees them: without the value's
/// type.
///
/// `deliver` is compiled for the concrete state and value types where `observe` was called
/// (``ObserverRegistry/add(_:current:isNotifying:_:)`` is inlinable) and captures nothing: it
/// takes the group as its argument, so a delivery calls it through an unretained reference.
@usableFromInline
class ObservedPath<State> {
  @usableFromInline let keyPath: AnyKeyPath
  @usableFromInline let deliver: (ObservedPath<State>, UnsafePointer<State>) -> Void

  @inlinable
  init(keyPath: AnyKeyPath, deliver: @escaping (ObservedPath<State>, UnsafePointer<State>) -> Void)
  {
    self.keyPath = keyPath
    self.deliver = deliver
  }

  /// Removes the observer with `id`; `false` when it is not in this group.
  func remove(_ id: UInt64, isDelivering: Bool) -> Bool { false }
  /// Whether no observer is left.
  var isEmpty: Bool { true }
  /// Drops what was removed during a delivery.
  func compact() {}
}

/// The observers of one key path and its last value, sharing one comparison per change.
///
/// Lives inside the engine's lock: only the processing thread delivers. The last value and
/// the observers live behind a pointer the group owns, so reading them costs no dynamic
/// exclusivity check, and a delivery reads them afresh while observers add or remove others.
@usableFromInline
final class ValueGroup<State, Value: Equatable>: ObservedPath<State> {
  /// Where the value lives inside the state, for a stored property: read directly, without
  /// the key path machinery. `nil` for a computed path.
  @usableFromInline let offset: Int?
  /// The observers; `last` shares its allocation.
  @usableFromInline let subscribers: UnsafeMutablePointer<SubscriberList<Value>>
  /// The last value seen.
  @usableFromInline let last: UnsafeMutablePointer<Value>

  @inlinable
  init(_ path: KeyPath<State, Value>, last: Value) {
    self.offset = MemoryLayout<State>.offset(of: path)
    let list = MemoryLayout<SubscriberList<Value>>.self
    let lastOffset =
      (list.size + MemoryLayout<Value>.alignment - 1) / MemoryLayout<Value>.alignment
      * MemoryLayout<Value>.alignment
    let memory = UnsafeMutableRawPointer.allocate(
      byteCount: lastOffset + MemoryLayout<Value>.size,
      alignment: max(list.alignment, MemoryLayout<Value>.alignment))
    self.subscribers = memory.initializeMemory(as: SubscriberList<Value>.self, to: SubscriberList())
    self.last = (memory + lastOffset).initializeMemory(as: Value.self, to: last)
    super.init(keyPath: path) { group, state in
      unsafeDowncast(group, to: ValueGroup.self).deliverIfChanged(state)
    }
  }

  deinit {
    last.deinitialize(count: 1)
    subscribers.deinitialize(count: 1)
    UnsafeMutableRawPointer(subscribers).deallocate()
  }

  /// Reads the value; when it changed, calls every observer in order.
  @inlinable
  func deliverIfChanged(_ state: UnsafePointer<State>) {
    if let offset {
      // A stored property is compared where it lies: no copy, so no retain of what it holds.
      let field = (UnsafeRawPointer(state) + offset).assumingMemoryBound(to: Value.self)
      guard field.pointee != last.pointee else { return }
      last.pointee = field.pointee
    } else {
      let value = state.pointee[keyPath: unsafeDowncast(keyPath, to: KeyPath<State, Value>.self)]
      guard value != last.pointee else { return }
      last.pointee = value
    }
    SubscriberList.deliver(last.pointee, to: subscribers)
  }

  override func remove(_ id: UInt64, isDelivering: Bool) -> Bool {
    subscribers.pointee.remove(id, isDelivering: isDelivering)
  }

  override var isEmpty: Bool { subscribers.pointee.isEmpty }

  override func compact() { subscribers.pointee.compact() }
}

/// The observers of every state, with what ends each one's stream if the reactor goes first.
@usableFromInline
final class StateObservers<State> {
  @usableFromInline let subscribers: UnsafeMutablePointer<SubscriberList<State>>
  var finishers: [(id: UInt64, finish: @Sendable () -> Void)] = []

  init() {
    subscribers = .allocate(capacity: 1)
    subscribers.initialize(to: SubscriberList())
  }

  deinit {
    subscribers.deinitialize(count: 1)
    subscribers.deallocate()
  }
}
