/// The observers of one part of the state, as a scoped store sees it: a registry of its own,
/// over the part's type, nested in the registry of the state that holds the part.
///
/// A change to the whole state is compared part by part: this group reads the part where it
/// lies (for a stored property) and lets its own registry compare the key paths observed in
/// it, so a scoped store's observers cost what a root store's do, plus one step per level.
/// Made where the scope is created (`scope` is inlinable), so both steps run compiled for the
/// concrete types. Its registry is guarded by the engine's lock; its delivery belongs to the
/// thread processing the reactor's work, as ``Delivery`` does.
@usableFromInline
final class PartGroup<State, Part>: ObserverGroup<State> {
  /// The part's observers.
  @usableFromInline let registry: UnsafeMutablePointer<ObserverRegistry<Part>>
  /// What changed in the part, captured for delivery.
  @usableFromInline let delivery: UnsafeMutablePointer<Delivery<Part>>

  @inlinable
  init(_ path: KeyPath<State, Part>) {
    let registry = UnsafeMutablePointer<ObserverRegistry<Part>>.allocate(capacity: 1)
    registry.initialize(to: ObserverRegistry())
    let delivery = UnsafeMutablePointer<Delivery<Part>>.allocate(capacity: 1)
    delivery.initialize(to: Delivery())
    self.registry = registry
    self.delivery = delivery
    let field = FieldAccess(path)
    // The closures capture the pointers, not the group, which owns both them and the pointers.
    super.init(
      keyPath: path,
      capture: { _, state, _ in
        field.withValue(in: state) { registry.pointee.capture($0, into: &delivery.pointee) }
      },
      deliver: { _, removed in Delivery.deliver(delivery, skipping: removed) })
  }

  deinit {
    registry.deinitialize(count: 1)
    registry.deallocate()
    delivery.deinitialize(count: 1)
    delivery.deallocate()
  }

  override func remove(_ id: UInt64) -> [Any]? { registry.pointee.remove(id) }

  override var isPart: Bool { true }

  // Field by field, where they lie: a property of the whole registry would copy it (see
  // `SubscriberList`).
  override var isEmpty: Bool {
    registry.pointee.everyState == nil && registry.pointee.groups.isEmpty
  }
}
