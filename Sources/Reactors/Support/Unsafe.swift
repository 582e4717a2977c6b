// Two unsafe helpers the engine shares, each kept because a benchmark row shows what it buys
// (see the threads article's table): a field read where it lies (`FieldAccess`) and an array's
// element called without a retain (`unretainedElement(at:)`). They are not the only unsafe code;
// the rest stays beside what it serves, each with its reason where it is written:
// - `ReactorStorage.core`, the engine's state behind a pointer the storage allocates and frees,
//   and `withPublishedState`, which hands observers' comparisons the state where it lies;
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
