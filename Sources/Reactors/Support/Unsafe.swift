// The unsafe helpers the engine shares, each kept because a benchmark row shows what it buys
// (see the threads article's table): a field read where it lies (`FieldAccess`), an array's
// element called without a retain (`unretainedElement(at:)`), an optional reference read
// without a retain (`unretained()`), and the engine's one allocation for its core and its state
// (`EngineAllocation`). They are not the only unsafe code; the rest stays beside what it serves,
// each with its reason where it is written:
// - `ReactorStorage.core` and `stateSlot`, behind pointers the storage allocates (here) and
//   frees, and `withPublishedState`, which hands observers' comparisons the state where it lies;
// - `ChangedBytes`, which compares observed values byte by byte (scenario 8);
// - the calls through `unretainedElement(at:)` with `_withUnsafeGuaranteedRef` in
//   `ObserverRegistry`, `ChangedBytes` and `SubscriberList` (scenarios 2 and 7);
// - `ObserverGroup`'s pointer to the last value it saw;
// - ReactorsCombine's `DistinctStates`, whose `unsafeBitCast` turns a value back into `State`
//   from the same type found `Equatable` at run time.

/// Reads a value inside a state where it lies, for a stored property: no copy, so no retain of
/// what it holds, and no key-path machinery. A computed key path is read through the key path.
///
/// Bought by scenario 2, "100 observers of an unchanged field": a comparison of an unchanged
/// `String` field costs about 95 instructions in place against 130 through a copy.
@usableFromInline
struct FieldAccess<Root, Value> {
  /// The value's offset in `Root`, for a stored property; `nil` for a computed path.
  @usableFromInline let offset: Int?
  @usableFromInline let path: KeyPath<Root, Value>

  @inlinable
  init(_ path: KeyPath<Root, Value>) {
    self.offset = MemoryLayout<Root>.offset(of: path)
    self.path = path
  }

  /// Access through `path`, whose offset in `Root` (`MemoryLayout.offset(of:)`) is known.
  @inlinable
  init(_ path: KeyPath<Root, Value>, offset: Int?) {
    self.offset = offset
    self.path = path
  }

  /// Calls `body` with the value inside `root`, valid for the call only.
  @inlinable @inline(__always)
  func withValue<Result>(
    in root: UnsafePointer<Root>, _ body: (UnsafePointer<Value>) -> Result
  ) -> Result {
    if let offset {
      // `offset(of:)` answered, so the value is stored inline at that offset.
      return body((UnsafeRawPointer(root) + offset).assumingMemoryBound(to: Value.self))
    }
    return withUnsafePointer(to: root.pointee[keyPath: path], body)
  }
}

extension Array where Element: AnyObject {
  /// The element at `index` without retaining it: valid while the array holds it.
  ///
  /// Bought by scenario 2, "100 observers of the changing field": calling each observer
  /// through its list's reference, without a retain and a release per call.
  @inlinable @inline(__always)
  func unretainedElement(at index: Int) -> Unmanaged<Element> {
    precondition(index >= 0 && index < count, "Index out of range")
    return withUnsafeBufferPointer { buffer in
      UnsafeRawPointer(buffer.baseAddress.unsafelyUnwrapped).load(
        fromByteOffset: index &* MemoryLayout<Element>.stride, as: Unmanaged<Element>.self)
    }
  }
}

extension UnsafeMutablePointer {
  /// The object this optional reference points to, without a retain: for a reference the
  /// caller knows stays alive while it uses it (see the callers).
  ///
  /// Bought by the recorded `send` and a store's dispatch: reading the engine's extras and its
  /// recording without an atomic retain and release each time. It reads the reference as a
  /// nullable pointer, which is how Swift's ABI stores an optional class reference (`nil` is the
  /// null pointer, the one extra inhabitant of a class reference); the size is checked below.
  @inlinable @inline(__always)
  func unretained<Object: AnyObject>() -> Unmanaged<Object>? where Pointee == Object? {
    assert(MemoryLayout<Object?>.size == MemoryLayout<UnsafeRawPointer?>.size)
    return UnsafeRawPointer(self).load(as: UnsafeRawPointer?.self).map(Unmanaged.fromOpaque)
  }
}

/// The one allocation of a reactor's engine: its core, then its state at the next offset the
/// state's alignment allows. One allocation, not two, keeps a child reactor's cost at one
/// (benchmark scenario 11); the state has a slot of its own type, so nothing depends on where
/// an optional keeps its payload.
@usableFromInline
enum EngineAllocation {
  /// The state's offset from the core's start.
  @inlinable
  static func stateOffset<Core, State>(_ core: Core.Type, _ state: State.Type) -> Int {
    aligned(MemoryLayout<Core>.size, for: State.self)
  }

  /// `offset` rounded up to `type`'s alignment: where a value of `type` may start after
  /// `offset` bytes of the same allocation (the engine's state, an observed value's last and
  /// previous values).
  @inlinable
  static func aligned<T>(_ offset: Int, for type: T.Type) -> Int {
    let alignment = MemoryLayout<T>.alignment
    return (offset + alignment - 1) / alignment * alignment
  }

  /// Allocates room for a core and a state, both uninitialized; the state's memory is bound to
  /// its type, at ``state(after:_:)``.
  @inlinable
  static func allocate<Core, State>(
    _ core: Core.Type, _ state: State.Type
  ) -> UnsafeMutablePointer<Core> {
    let offset = stateOffset(core, state)
    let raw = UnsafeMutableRawPointer.allocate(
      byteCount: max(offset + MemoryLayout<State>.size, 1),
      alignment: max(MemoryLayout<Core>.alignment, MemoryLayout<State>.alignment))
    (raw + offset).bindMemory(to: State.self, capacity: 1)
    return raw.bindMemory(to: Core.self, capacity: 1)
  }

  /// The state's slot in the allocation `core` starts.
  @inlinable @inline(__always)
  static func state<Core, State>(
    after core: UnsafeMutablePointer<Core>, _ state: State.Type
  ) -> UnsafeMutablePointer<State> {
    (UnsafeMutableRawPointer(core) + stateOffset(Core.self, State.self)).assumingMemoryBound(
      to: State.self)
  }

  /// Frees what ``allocate(_:_:)`` allocated, once both values are deinitialized.
  @inlinable
  static func deallocate<Core>(_ core: UnsafeMutablePointer<Core>) {
    UnsafeMutableRawPointer(core).deallocate()
  }
}
