extension IdentifiedArray {
  /// Which ids an identified collection holds, and how they came to be: what a follower of the
  /// collection's rows (``ReactorChildren``) observes instead of the whole collection.
  ///
  /// Two structures are equal when no row was added, removed or moved between them: changing a
  /// row in place leaves it as it was. Comparing two costs one pointer comparison, and holding
  /// one keeps none of the rows alive, so a parent that appends to a list it is observed by
  /// appends in place. A follower that saw an earlier structure asks ``changes(since:)`` what
  /// was added and removed since, in O(changes), instead of comparing every id.
  public struct Structure: Equatable {
    /// The newest change (`nil` for a collection that has never held an element).
    @usableFromInline let log: StructureLog<Element.ID>?

    @inlinable
    init(log: StructureLog<Element.ID>?) { self.log = log }

    /// Whether both are the same structure: no row added, removed or moved between them.
    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.log?.anchor === rhs.log?.anchor }

    /// The ids appended, removed and changed in place since `earlier`, oldest first; `nil` when
    /// that cannot be told in a few steps (rows were moved or inserted, or `earlier` is too
    /// old): then compare the ids.
    public func changes(since earlier: Structure) -> [StructureChange<Element.ID>]? {
      guard let log else { return earlier.log == nil ? [] : nil }
      return log.changes(since: earlier.log)
    }
  }

  /// Which ids the collection holds now, and how they came to be.
  @inlinable
  public var structure: Structure { Structure(log: log) }

  /// Records a change to the ids, or to the element with an id.
  @inlinable
  mutating func logged(_ change: StructureChange<Element.ID>) {
    log = StructureLog(change, after: log)
  }
}

extension StructureLog {
  /// The changes from `earlier` (an entry of this chain, or `nil` for the empty start) to this
  /// one, oldest first; `nil` when they cannot be told (a reorder, a cut, another history).
  @inlinable
  func changes(since earlier: StructureLog?) -> [StructureChange<ID>]? {
    var changes: [StructureChange<ID>] = []
    var current: StructureLog? = self
    while let entry = current, entry !== earlier {
      guard entry.change != .reordered else { return nil }
      changes.append(entry.change)
      if let cut = entry.cutFrom {
        // The entries before were dropped; the one just before is known while it lives,
        // which it does when it is `earlier`'s (the follower holds it).
        guard let earlier, cut.log === earlier else { return nil }
        return changes.reversed()
      }
      current = entry.previous
    }
    // The chain ended before reaching `earlier`: it was cut, or `earlier` is another history.
    guard current === earlier else { return nil }
    return changes.reversed()
  }
}

extension IdentifiedArray.Structure: Sendable where Element.ID: Sendable {}

/// A change to which ids an ``IdentifiedArray`` holds.
public enum StructureChange<ID: Hashable>: Hashable {
  /// An element with this id was added at the end.
  case appended(ID)
  /// The element with this id was removed.
  case removed(ID)
  /// Elements were inserted, moved, sorted or removed in bulk: compare the ids.
  case reordered
  /// The element with this id was changed in place (its id and position kept).
  case updated(ID)
}

extension StructureChange: Sendable where ID: Sendable {}

/// One change to an identified collection's ids, linked to the change before it. The chain is
/// cut every 256 changes, so a collection keeps at most that many entries alive; a
/// follower further behind compares the ids once.
@usableFromInline
final class StructureLog<ID: Hashable> {
  /// How long a chain grows before it is cut.
  @usableFromInline static var limit: Int { 256 }

  @usableFromInline let change: StructureChange<ID>
  @usableFromInline let previous: StructureLog?
  @usableFromInline let depth: Int
  /// When the entries before this one were dropped: the one just before, held weakly.
  @usableFromInline let cutFrom: WeakStructureLog<ID>?
  /// For an element's change in place: the newest change to the ids before it (`nil` for a
  /// change to the ids, which is its own).
  @usableFromInline let structural: StructureLog?

  /// The newest change to the ids, as of this entry: what ``IdentifiedArray/Structure``
  /// compares, so that a row changed in place leaves the structure equal.
  @inlinable var anchor: StructureLog { structural ?? self }

  @inlinable
  init(_ change: StructureChange<ID>, after previous: StructureLog?) {
    self.change = change
    if case .updated = change { structural = previous?.anchor } else { structural = nil }
    if let previous, previous.depth < Self.limit {
      self.previous = previous
      depth = previous.depth + 1
      cutFrom = nil
    } else {
      self.previous = nil
      depth = 0
      cutFrom = previous.map { WeakStructureLog(log: $0) }
    }
  }
}

extension StructureLog: Sendable where ID: Sendable {}

/// A weak reference to a ``StructureLog``: a cut chain's link to the entry before it.
@usableFromInline
struct WeakStructureLog<ID: Hashable> {
  @usableFromInline weak var log: StructureLog<ID>?

  @inlinable
  init(log: StructureLog<ID>) { self.log = log }
}

extension WeakStructureLog: Sendable where ID: Sendable {}
