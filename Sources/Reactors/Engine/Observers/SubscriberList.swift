/// One observer's callback.
///
/// A class, so that a delivery can call it through an unretained reference: the snapshot that
/// holds it keeps it alive, and calling it costs no retain and release.
@usableFromInline
final class Subscriber<Value> {
  /// The observer's id, which its token removes.
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
/// Kept behind a pointer its group owns. ``members`` is guarded by the engine's lock: any
/// thread adds and removes. ``snapshot`` belongs to the thread that processes the reactor's
/// work: it copies ``members`` there, with the lock held, when the value changes, and calls
/// the snapshot's observers after releasing the lock. So an observer added meanwhile is called
/// from the next change on (it was given the current value when added), and one removed
/// meanwhile by another thread may still be called by this delivery, as ``ObservationToken``
/// documents. One removed by the processing thread itself is skipped (see
/// ``Delivery/removedByOwner``).
@usableFromInline
struct SubscriberList<Value> {
  @usableFromInline var members: [Subscriber<Value>] = []
  /// The members when the change being delivered was captured; empty otherwise.
  @usableFromInline var snapshot: [Subscriber<Value>] = []

  @inlinable init() {}

  // No `isEmpty`: a property of the whole struct, read through the group's pointer, copies the
  // struct, and so reads ``snapshot`` while the processing thread empties it with the lock
  // released (the model check found that race). Read `pointer.pointee.members.isEmpty`: one
  // field, where it lies.

  @inlinable
  mutating func append(_ id: UInt64, _ body: @escaping @Sendable (Value) -> Void) {
    members.append(Subscriber(id: id, body: body))
  }

  /// Removes the observer with `id` and returns it, for the caller to release once the lock is
  /// released (its closure may hold what runs code when freed); `nil` when it is not here.
  mutating func remove(_ id: UInt64) -> Subscriber<Value>? {
    guard let index = members.firstIndex(where: { $0.id == id }) else { return nil }
    return members.remove(at: index)
  }

  /// Calls every observer of the snapshot, in order, with `value`, skipping those in
  /// `removed`; then lets the snapshot go, so the next change to ``members`` copies nothing.
  @inlinable
  static func deliver(
    _ value: Value, to list: UnsafeMutablePointer<SubscriberList<Value>>,
    skipping removed: UnsafePointer<[UInt64]>
  ) {
    let members = list.pointee.snapshot
    list.pointee.snapshot = []
    let end = members.count
    var index = 0
    while index < end {
      members.unretainedElement(at: index)._withUnsafeGuaranteedRef { subscriber in
        if removed.pointee.isEmpty || !removed.pointee.contains(subscriber.id) {
          subscriber.body(value)
        }
      }
      index &+= 1
    }
  }
}
