// The unsafe helpers the engine shares, each kept because a benchmark row shows what it buys
// (see the threads article's table): a field read where it lies (`FieldAccess`), an array's
// element called without a retain (`unretainedElement(at:)`), a stored field's address without
// a key path (`address(of:)`), and the engine's one allocation for its core, the processing
// thread's parts and its state (`EngineAllocation`). They are not the only unsafe code; the
// rest stays beside what it serves, each with its reason where it is written:
// - `ReactorStorage.core`, `parts` and `stateSlot`, behind pointers the storage allocates (here)
//   and frees, and `withPublishedState`, which hands observers' comparisons the state where it
//   lies;
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

/// The address of a stored field of a value behind an unsafe pointer, written
/// `address(of: &pointer.pointee.field)`, for a value only one thread touches at a time (what
/// belongs to the processing thread, ``ProcessingThreadParts``): the thread sanitizer takes the
/// `inout` access for an access to the whole value.
///
/// Bought by every unoptimized build (an app's debug build, the sanitizer's): the same address
/// through `pointer(to: \.field)` instantiates the key path at run time on each call, for a
/// generic value, with the runtime's demangler: each delivery of a change paid for it. An
/// optimized build makes the same address arithmetic either way.
///
/// Sound because `pointee` is an addressor: the `inout` argument is the field where it lies, not
/// a temporary copy, so the address stays valid after the call for as long as the pointer's
/// memory does. Only for a stored field (a computed one would hand over a temporary's address).
@inlinable @inline(__always)
func address<Field>(of field: inout Field) -> UnsafeMutablePointer<Field> {
  withUnsafeMutablePointer(to: &field) { $0 }
}

/// The one allocation of a reactor's engine: its core, then what belongs to the processing
/// thread, then its state, each at the next offset its alignment allows. One allocation, not
/// three, keeps a child reactor's cost at one (benchmark scenario 11); each value has a slot of
/// its own type, so nothing depends on where a struct or an optional keeps a field.
@usableFromInline
enum EngineAllocation {
  /// The offset of the processing thread's parts from the core's start.
  @inlinable @inline(__always)
  static func partsOffset<Core, Parts>(_ core: Core.Type, _ parts: Parts.Type) -> Int {
    aligned(MemoryLayout<Core>.size, for: Parts.self)
  }

  /// The state's offset from the core's start.
  @inlinable @inline(__always)
  static func stateOffset<Core, Parts, State>(
    _ core: Core.Type, _ parts: Parts.Type, _ state: State.Type
  ) -> Int {
    aligned(partsOffset(core, parts) + MemoryLayout<Parts>.size, for: State.self)
  }

  /// `offset` rounded up to `type`'s alignment: where a value of `type` may start after
  /// `offset` bytes of the same allocation (the engine's state, an observed value's last and
  /// previous values).
  @inlinable
  static func aligned<T>(_ offset: Int, for type: T.Type) -> Int {
    let alignment = MemoryLayout<T>.alignment
    return (offset + alignment - 1) / alignment * alignment
  }

  /// Allocates room for a core, the processing thread's parts and a state, all uninitialized;
  /// each one's memory is bound to its type, at ``parts(after:_:)`` and ``state(after:_:_:)``.
  @inlinable
  static func allocate<Core, Parts, State>(
    _ core: Core.Type, _ parts: Parts.Type, _ state: State.Type
  ) -> UnsafeMutablePointer<Core> {
    let offset = stateOffset(core, parts, state)
    let raw = UnsafeMutableRawPointer.allocate(
      byteCount: max(offset + MemoryLayout<State>.size, 1),
      alignment: max(
        MemoryLayout<Core>.alignment, MemoryLayout<Parts>.alignment,
        MemoryLayout<State>.alignment))
    (raw + partsOffset(core, parts)).bindMemory(to: Parts.self, capacity: 1)
    (raw + offset).bindMemory(to: State.self, capacity: 1)
    return raw.bindMemory(to: Core.self, capacity: 1)
  }

  /// The processing thread's parts in the allocation `core` starts.
  @inlinable @inline(__always)
  static func parts<Core, Parts>(
    after core: UnsafeMutablePointer<Core>, _ parts: Parts.Type
  ) -> UnsafeMutablePointer<Parts> {
    (UnsafeMutableRawPointer(core) + partsOffset(Core.self, Parts.self)).assumingMemoryBound(
      to: Parts.self)
  }

  /// The state's slot in the allocation `core` starts.
  @inlinable @inline(__always)
  static func state<Core, Parts, State>(
    after core: UnsafeMutablePointer<Core>, _ parts: Parts.Type, _ state: State.Type
  ) -> UnsafeMutablePointer<State> {
    (UnsafeMutableRawPointer(core) + stateOffset(Core.self, Parts.self, State.self))
      .assumingMemoryBound(to: State.self)
  }

  /// Frees what ``allocate(_:_:_:)`` allocated, once its three values are deinitialized.
  @inlinable
  static func deallocate<Core>(_ core: UnsafeMutablePointer<Core>) {
    UnsafeMutableRawPointer(core).deallocate()
  }
}
