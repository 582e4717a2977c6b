/// Where a registry with many groups finds a key path's group, and an observer's group, without
/// walking its groups: adding and removing each of a thousand key-path observers walked them
/// all, comparing key paths to add and asking each group to remove (116 µs an observer, 116 ms
/// for a screen of a thousand bound fields).
///
/// Made by the registry once it has ``groupIndexThreshold`` groups, and kept in step with them from then
/// on. Observers of a scoped store's part are in its ``PartGroup``'s own registry (and its own
/// index): the registry finds them by asking its part groups, which are few. Guarded by the
/// engine's lock, as the registry is.
@usableFromInline
final class GroupIndex<State> {
  /// The groups, by key path and kind: a value's group and a part's may share a key path.
  @usableFromInline var byKey: [GroupKey: ObserverGroup<State>] = [:]
  /// The group of each observer of a key path of this registry's state, by the observer's id.
  @usableFromInline var byObserver: [UInt64: ObserverGroup<State>] = [:]
  /// The part groups, asked in turn for an observer that is not in ``byObserver``.
  @usableFromInline var parts: [ObserverGroup<State>] = []

  /// An index of `groups` and of the observers they hold.
  @usableFromInline
  init(_ groups: [ObserverGroup<State>]) {
    for group in groups { added(group) }
  }

  /// A group was added, with the observers it holds.
  @usableFromInline
  func added(_ group: ObserverGroup<State>) {
    byKey[GroupKey(group)] = group
    if group.isPart { parts.append(group) }
    for id in group.observerIDs { byObserver[id] = group }
  }

  /// An emptied group was removed.
  @usableFromInline
  func removed(_ group: ObserverGroup<State>) {
    byKey[GroupKey(group)] = nil
    if group.isPart { parts.removeAll { $0 === group } }
  }
}

/// The fewest groups for which a registry keeps a ``GroupIndex``: below, walking them costs
/// less than the dictionaries' memory (a reactor with one observer stays under 1 KB).
@inlinable var groupIndexThreshold: Int { 16 }

/// A group's key path and kind (its class, which names the value's or part's type).
@usableFromInline
struct GroupKey: Hashable {
  @usableFromInline let keyPath: AnyKeyPath
  @usableFromInline let kind: ObjectIdentifier

  @inlinable
  init(keyPath: AnyKeyPath, kind: Any.Type) {
    self.keyPath = keyPath
    self.kind = ObjectIdentifier(kind)
  }

  @inlinable
  init<State>(_ group: ObserverGroup<State>) {
    self.init(keyPath: group.keyPath, kind: type(of: group))
  }
}
