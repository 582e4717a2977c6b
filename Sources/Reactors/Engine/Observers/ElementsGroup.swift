/// The observers of the elements of an identified collection, as element scopes see them
/// (`scope(element:in:action:)`): one registry per observed element, all in one group of the
/// collection's registry.
///
/// A change to the collection asks only the elements its ``IdentifiedArray`` log names as
/// appended, removed or changed in place since the last change (every element, when the log
/// cannot tell: a reorder, a cut chain), finding each by id in O(1). So a row's action costs the
/// same with one observed row or a thousand, and the other rows' observers are not asked.
///
/// Guarded by the engine's lock, as the registry is; ``touched`` and ``replacedLog`` belong to
/// the thread processing the reactor's work, as a ``Delivery`` does.
@usableFromInline
final class ElementsGroup<Element: Identifiable>: ObserverGroup<IdentifiedArray<Element>> {
  /// One observed element's observers and what a change to it captured.
  @usableFromInline
  final class Part {
    @usableFromInline let registry: UnsafeMutablePointer<ObserverRegistry<Element?>>
    @usableFromInline let delivery: UnsafeMutablePointer<Delivery<Element?>>

    @inlinable
    init() {
      registry = .allocate(capacity: 1)
      registry.initialize(to: ObserverRegistry())
      delivery = .allocate(capacity: 1)
      delivery.initialize(to: Delivery())
    }

    deinit {
      registry.deinitialize(count: 1)
      registry.deallocate()
      delivery.deinitialize(count: 1)
      delivery.deallocate()
    }
  }

  /// The observed elements' parts, by id.
  @usableFromInline var parts: [Element.ID: Part] = [:]
  /// The element each observer watches.
  @usableFromInline var elementOfObserver: [UInt64: Element.ID] = [:]
  /// The collection's log as of the last change seen.
  @usableFromInline var seen: StructureLog<Element.ID>?
  /// The log the last change replaced, released by the delivery (lock released).
  @usableFromInline var replacedLog: StructureLog<Element.ID>?
  /// The parts a change captured, delivered in order (lock released).
  @usableFromInline var touched: [Part] = []

  @inlinable
  init(seeing log: StructureLog<Element.ID>?) {
    seen = log
    super.init(
      keyPath: \IdentifiedArray<Element>.self,
      capture: { group, state, _ in
        unsafeDowncast(group, to: ElementsGroup.self).capture(state)
      },
      deliver: { group, removed in
        unsafeDowncast(group, to: ElementsGroup.self).deliver(skipping: removed)
      })
  }

  /// The part of the element with `id`, made if there is none, for the observer `observer`.
  @inlinable
  func part(for id: Element.ID, observer: UInt64) -> Part {
    elementOfObserver[observer] = id
    if let part = parts[id] { return part }
    let part = Part()
    parts[id] = part
    return part
  }

  /// Asks the parts of the elements changed since the last change. Lock held.
  @inlinable
  func capture(_ state: UnsafePointer<IdentifiedArray<Element>>) -> Bool {
    let log = state.pointee.log
    guard log !== seen else { return false }
    let changes = log?.changes(since: seen)
    replacedLog = seen
    seen = log
    if let changes {
      // An id named twice is asked once; a lone change needs no set (an empty one allocates
      // nothing).
      var asked = Set<Element.ID>()
      for change in changes {
        switch change {
        case .appended(let id), .removed(let id), .updated(let id):
          if changes.count == 1 || asked.insert(id).inserted { capture(id, in: state) }
        case .reordered: break
        }
      }
    } else {
      for id in parts.keys { capture(id, in: state) }
    }
    return !touched.isEmpty || replacedLog != nil
  }

  /// Asks the part of the element with `id`, if it is observed.
  @inlinable
  func capture(_ id: Element.ID, in state: UnsafePointer<IdentifiedArray<Element>>) {
    guard let part = parts[id] else { return }
    let element = state.pointee[id: id]
    let changed = withUnsafePointer(to: element) {
      part.registry.pointee.capture($0, into: &part.delivery.pointee)
    }
    if changed { touched.append(part) }
  }

  /// Calls the observers the last change captured. Lock released; the processing thread.
  @inlinable
  func deliver(skipping removed: UnsafePointer<[UInt64]>) {
    for part in touched { Delivery.deliver(part.delivery, skipping: removed) }
    touched.removeAll(keepingCapacity: true)
    replacedLog = nil
  }

  override func remove(_ id: UInt64) -> [Any]? {
    guard let elementID = elementOfObserver[id], let part = parts[elementID],
      var released = part.registry.pointee.remove(id)
    else { return nil }
    elementOfObserver[id] = nil
    if part.registry.pointee.isEmpty {
      parts[elementID] = nil
      released.append(part)
    }
    return released
  }

  override var isEmpty: Bool { parts.isEmpty }

  override var isPart: Bool { true }
}

extension ObserverRegistry {
  /// The group of the observers of `State`'s elements (an identified collection's), made if
  /// there is none yet. Lock held.
  @inlinable
  mutating func elements<Element>(
    make: () -> ElementsGroup<Element>
  ) -> ElementsGroup<Element> where State == IdentifiedArray<Element> {
    let key = GroupKey(keyPath: \IdentifiedArray<Element>.self, kind: ElementsGroup<Element>.self)
    if let found = group(for: key) { return unsafeDowncast(found, to: ElementsGroup<Element>.self) }
    let group = make()
    append(group)
    return group
  }
}

/// The element with one id of an identified collection part, for an element scope's observers:
/// they are added to the element's registry in the collection's ``ElementsGroup``.
@usableFromInline
struct ElementOfPart<Element: Identifiable & Sendable>: PartObserving where Element.ID: Sendable {
  @usableFromInline let parent: any PartObserving<IdentifiedArray<Element>>
  @usableFromInline let id: Element.ID
  /// Makes the collection's group: made where the scope is, so that the group's capture and
  /// delivery are compiled for the concrete types (as ``NestedPart``'s).
  @usableFromInline let makeGroup: @Sendable (StructureLog<Element.ID>?) -> ElementsGroup<Element>

  @inlinable
  init(parent: any PartObserving<IdentifiedArray<Element>>, id: Element.ID) {
    self.parent = parent
    self.id = id
    self.makeGroup = { ElementsGroup(seeing: $0) }
  }

  @usableFromInline
  func addObserver(
    _ add: @escaping (inout ObserverRegistry<Element?>, UInt64, Element?) -> () -> Void
  ) -> ObservationToken {
    let id = id
    let makeGroup = makeGroup
    return parent.addObserver { registry, observer, elements in
      let group = registry.elements { makeGroup(elements.log) }
      let part = group.part(for: id, observer: observer)
      return add(&part.registry.pointee, observer, elements[id: id])
    }
  }
}
