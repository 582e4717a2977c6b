/// A group of observers that share one comparison per change, as the registry sees them:
/// those of one key path of the state (a `ValueGroup`), of a part of it (a `PartGroup`), without
/// the value's type. The base class of every group.
///
/// `capture` and `deliver` are compiled for the concrete state and value types where
/// `observe` was called (``ObserverRegistry/add(id:_:current:_:)`` is inlinable). A
/// `ValueGroup`'s capture nothing: they take the group as their argument, so the engine calls
/// them through an unretained reference.
@usableFromInline
class ObserverGroup<State> {
  @usableFromInline let keyPath: AnyKeyPath
  /// Where the value lies in the state's bytes, for a value stored inline; `nil` otherwise.
  /// The registry compares these bytes first (see ``ChangedBytes``).
  @usableFromInline let bytes: Range<Int>?
  /// Compares the value in the new state with the last one; when it changed, keeps it as the
  /// last value and snapshots the observers to call. Lock held. When the third argument is
  /// `true` (the registry compares bytes first), a value equal to the last one but not
  /// byte for byte is kept as the last one too, so that the last value's bytes are the state's.
  /// Returns whether the group is to be delivered, which every replaced value needs: the
  /// delivery releases it, with the lock released.
  @usableFromInline let capture: (ObserverGroup<State>, UnsafePointer<State>, Bool) -> Bool
  /// Calls the snapshot's observers with the last value, skipping the ids given. Lock
  /// released; the processing thread only.
  @usableFromInline let deliver: (ObserverGroup<State>, UnsafePointer<[UInt64]>) -> Void

  @inlinable
  init(
    keyPath: AnyKeyPath, bytes: Range<Int>? = nil,
    capture: @escaping (ObserverGroup<State>, UnsafePointer<State>, Bool) -> Bool,
    deliver: @escaping (ObserverGroup<State>, UnsafePointer<[UInt64]>) -> Void
  ) {
    self.keyPath = keyPath
    self.bytes = bytes
    self.capture = capture
    self.deliver = deliver
  }

  /// Removes the observer with `id` and returns what the caller is to release once the lock is
  /// released; `nil` when it is not in this group.
  func remove(_ id: UInt64) -> [Any]? { nil }
  /// Whether no observer is left.
  var isEmpty: Bool { true }
  /// The ids of the observers in this group itself (not in a part's own registry).
  var observerIDs: [UInt64] { [] }
  /// Whether this is a scoped part's group, whose observers are in a registry of its own.
  var isPart: Bool { false }
}

/// The observers of one key path and its last value, sharing one comparison per change.
///
/// The last value is written only by the thread processing the reactor's work, with the lock
/// held, and read by it after releasing the lock to deliver; other threads read it with the
/// lock held when they add an observer. The last value and the observers live behind a
/// pointer the group owns, so reading them costs no dynamic exclusivity check.
///
/// The value a change replaces is not released with the lock held: it may be the last
/// reference to an object whose `deinit` runs user code. It waits in ``previous`` and is
/// released by the delivery, with the lock released.
@usableFromInline
final class ValueGroup<State, Value: Equatable>: ObserverGroup<State> {
  /// Where the value lives inside the state.
  @usableFromInline let field: FieldAccess<State, Value>
  /// The observers; `last` and `previous` share its allocation.
  @usableFromInline let subscribers: UnsafeMutablePointer<SubscriberList<Value>>
  /// The last value seen.
  @usableFromInline let last: UnsafeMutablePointer<Value>
  /// Whether releasing a value runs no code (an `Int`, a struct of them): then the value a
  /// change replaces is dropped at once, and the group has no ``previous``.
  @inlinable static var isTrivial: Bool { _isPOD(Value.self) }

  /// The value the last capture replaced, until the delivery releases it (lock released);
  /// `nil` otherwise. Belongs to the processing thread, like the delivery. It lies after
  /// ``last``, in the same allocation, for values that are not trivial only.
  @inlinable var previous: UnsafeMutablePointer<Value?> {
    let offset = Self.aligned(MemoryLayout<Value>.size, for: Value?.self)
    return (UnsafeMutableRawPointer(last) + offset).assumingMemoryBound(to: Value?.self)
  }

  @inlinable
  init(_ path: KeyPath<State, Value>, last: Value) {
    self.field = FieldAccess(path)
    let lastOffset = Self.aligned(MemoryLayout<SubscriberList<Value>>.size, for: Value.self)
    let previousSize =
      Self.isTrivial
      ? 0 : Self.aligned(MemoryLayout<Value>.size, for: Value?.self) + MemoryLayout<Value?>.size
    let memory = UnsafeMutableRawPointer.allocate(
      byteCount: lastOffset + max(MemoryLayout<Value>.size, previousSize),
      alignment: max(MemoryLayout<SubscriberList<Value>>.alignment, MemoryLayout<Value?>.alignment))
    self.subscribers = memory.initializeMemory(as: SubscriberList<Value>.self, to: SubscriberList())
    self.last = (memory + lastOffset).initializeMemory(as: Value.self, to: last)
    if !Self.isTrivial {
      let previousOffset = lastOffset + Self.aligned(MemoryLayout<Value>.size, for: Value?.self)
      (memory + previousOffset).initializeMemory(as: Value?.self, to: nil)
    }
    var bytes: Range<Int>?
    if let offset = field.offset, MemoryLayout<Value>.size > 0 {
      bytes = offset..<offset + MemoryLayout<Value>.size
    }
    super.init(
      keyPath: path, bytes: bytes,
      capture: { group, state, syncing in
        unsafeDowncast(group, to: ValueGroup.self).captureIfChanged(state, syncing: syncing)
      },
      deliver: { group, removed in
        let group = unsafeDowncast(group, to: ValueGroup.self)
        // After an equal value replaced the last one, the snapshot is empty: nobody is called.
        SubscriberList.deliver(group.last.pointee, to: group.subscribers, skipping: removed)
        if !ValueGroup.isTrivial { group.previous.pointee = nil }
      })
  }

  /// `offset` rounded up to `type`'s alignment (see ``EngineAllocation/aligned(_:for:)``).
  @inlinable
  static func aligned<T>(_ offset: Int, for type: T.Type) -> Int {
    EngineAllocation.aligned(offset, for: type)
  }

  deinit {
    if !Self.isTrivial { previous.deinitialize(count: 1) }
    last.deinitialize(count: 1)
    subscribers.deinitialize(count: 1)
    UnsafeMutableRawPointer(subscribers).deallocate()
  }

  /// Reads the value; when it changed, keeps it and snapshots the observers. Lock held.
  /// `syncing`: an equal value whose bytes differ is kept too (see ``ObserverGroup/capture``).
  ///
  /// Returns whether the group is to be delivered: when the value changed, and when an equal
  /// value replaced the last one (then only to release the one replaced).
  @inlinable
  func captureIfChanged(_ state: UnsafePointer<State>, syncing: Bool) -> Bool {
    let changed = field.withValue(in: state) { value -> Bool? in
      guard value.pointee != last.pointee else {
        // Only a stored value's bytes are compared: a computed one's need no syncing.
        guard syncing, field.offset != nil,
          bytesDiffer(value, last, count: MemoryLayout<Value>.size)
        else {
          return nil
        }
        replaceLast(with: value)
        return false
      }
      replaceLast(with: value)
      return true
    }
    guard let changed else { return false }
    // Only a change snapshots the observers; an equal value is delivered to nobody.
    if changed { subscribers.pointee.snapshot = subscribers.pointee.members }
    return true
  }

  /// Makes `value` the last value, moving the one it replaces to ``previous``, for the
  /// delivery to release. Lock held. Every capture that replaces is followed by a delivery,
  /// which empties ``previous``, so nothing is released here.
  @inlinable
  func replaceLast(with value: UnsafePointer<Value>) {
    guard !Self.isTrivial else { return last.pointee = value.pointee }
    previous.pointee = last.move()
    last.initialize(to: value.pointee)
  }

  override func remove(_ id: UInt64) -> [Any]? { subscribers.pointee.remove(id).map { [$0] } }

  override var isEmpty: Bool { subscribers.pointee.members.isEmpty }

  override var observerIDs: [UInt64] { subscribers.pointee.members.map(\.id) }
}

/// The observers of every state, with what ends each one's stream if the reactor goes first.
@usableFromInline
final class StateObservers<State> {
  @usableFromInline let subscribers: UnsafeMutablePointer<SubscriberList<State>>
  /// The state being delivered: set with the lock held by the processing thread, read and
  /// cleared by it after releasing the lock.
  @usableFromInline let captured: UnsafeMutablePointer<State?>
  var finishers: [(id: UInt64, finish: @Sendable () -> Void)] = []

  init() {
    subscribers = .allocate(capacity: 1)
    subscribers.initialize(to: SubscriberList())
    captured = .allocate(capacity: 1)
    captured.initialize(to: nil)
  }

  deinit {
    subscribers.deinitialize(count: 1)
    subscribers.deallocate()
    captured.deinitialize(count: 1)
    captured.deallocate()
  }

  /// Keeps a copy of `state` and snapshots the observers. Lock held.
  @usableFromInline
  func capture(_ state: UnsafePointer<State>) {
    captured.pointee = state.pointee
    subscribers.pointee.snapshot = subscribers.pointee.members
  }

  /// Calls the snapshot's observers with the captured state, then lets both go. Lock released.
  @usableFromInline
  func deliver(skipping removed: UnsafePointer<[UInt64]>) {
    guard let state = captured.pointee else { return }
    captured.pointee = nil
    SubscriberList.deliver(state, to: subscribers, skipping: removed)
  }
}
