/// One observer's callback.
///
/// A class, so that a delivery can call it through an unretained reference: the list that owns
/// it keeps it alive, and calling it costs no retain and release.
@usableFromInline
final class Subscriber<Value> {
  /// The observer's id; `0` for the inert stand-in of one removed during a delivery.
  @usableFromInline let id: UInt64
  @usableFromInline let body: @Sendable (Value) -> Void

  @inlinable
  init(id: UInt64, body: @escaping @Sendable (Value) -> Void) {
    self.id = id
    self.body = body
  }
}

/// The observers that share one delivery, called in the order they were added.
///
/// Guarded by the engine's lock, and kept behind a pointer its group owns, so that a delivery
/// reads it afresh at each step while an observer it calls adds or removes observers:
/// - one added while this list is being delivered is called from the next change on (it was
///   given the current value when added);
/// - one removed during a delivery is not called again: its place holds an inert stand-in,
///   and it stays alive (it may be the one running) until ``compact()``, after the delivery.
@usableFromInline
struct SubscriberList<Value> {
  @usableFromInline var members: [Subscriber<Value>] = []
  /// Removed during a delivery and kept alive until it ends.
  @usableFromInline var removed: [Subscriber<Value>] = []

  @inlinable init() {}

  /// Whether no observer is left (inert stand-ins do not count).
  var isEmpty: Bool { members.count == removed.count }

  @inlinable
  mutating func append(_ id: UInt64, _ body: @escaping @Sendable (Value) -> Void) {
    members.append(Subscriber(id: id, body: body))
  }

  /// Removes the observer with `id`, if it is here. While `isDelivering`, its place keeps an
  /// inert stand-in until ``compact()``, so that the running delivery's positions stay valid.
  mutating func remove(_ id: UInt64, isDelivering: Bool) -> Bool {
    guard let index = members.firstIndex(where: { $0.id == id }) else { return false }
    if isDelivering {
      removed.append(members[index])
      members[index] = Subscriber(id: 0) { _ in }
    } else {
      members.remove(at: index)
    }
    return true
  }

  /// Drops the stand-ins of observers removed during a delivery, and the observers themselves.
  mutating func compact() {
    guard !removed.isEmpty else { return }
    members.removeAll { $0.id == 0 }
    removed = []
  }

  /// Calls every observer present when the delivery starts, in order, with `value`.
  ///
  /// Each step reads the list afresh through `list`, and calls the observer through an
  /// unretained reference: the list holds it, and a removal during the delivery keeps it
  /// alive until ``compact()``.
  @inlinable
  static func deliver(_ value: Value, to list: UnsafeMutablePointer<SubscriberList<Value>>) {
    let end = list.pointee.members.count
    var index = 0
    while index < end {
      list.pointee.members.unretainedElement(at: index)._withUnsafeGuaranteedRef {
        $0.body(value)
      }
      index &+= 1
    }
  }
}

extension Array where Element: AnyObject {
  /// The element at `index` without retaining it: valid while the array holds it.
  @inlinable @inline(__always)
  func unretainedElement(at index: Int) -> Unmanaged<Element> {
    precondition(index >= 0 && index < count, "Index out of range")
    return withUnsafeBufferPointer { buffer in
      UnsafeRawPointer(buffer.baseAddress.unsafelyUnwrapped).load(
        fromByteOffset: index &* MemoryLayout<Element>.stride, as: Unmanaged<Element>.self)
    }
  }
}
