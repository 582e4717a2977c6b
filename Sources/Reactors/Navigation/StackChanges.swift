/// What a navigation controller must do to go from showing one stack of screens to another:
/// the pure part of keeping a `UINavigationController` in step with a ``StackState``, so that
/// the UIKit glue only applies it, and the decisions are tested on Linux.
///
/// ```swift
/// let changes = StackChanges.between(shownIDs, state.path.ids)
/// if changes.isNone { return }
/// if changes.replacesAll { /* setViewControllers(new screens, animated:) */ }
/// // else: keep the bottom `keptCount`, drop `popped`, push `pushed` in order
/// ```
///
/// Ids compare by `==`: the screens of the common prefix stay, and everything above it is popped
/// and pushed again, so changing a screen in the middle rebuilds the screens above it (a
/// navigation controller has no "replace in the middle" that keeps them).
public struct StackChanges<ID: Hashable>: Equatable {
  /// How many screens at the bottom of the old stack stay where they are: the length of the
  /// common prefix of the old and new ids.
  public let keptCount: Int
  /// The old screens above the common prefix, to remove, top first.
  public let popped: [ID]
  /// The new screens above the common prefix, to add, bottom first (the order to push them).
  public let pushed: [ID]

  /// The changes with `keptCount` screens kept, `popped` removed and `pushed` added.
  @inlinable
  public init(keptCount: Int, popped: [ID], pushed: [ID]) {
    self.keptCount = keptCount
    self.popped = popped
    self.pushed = pushed
  }

  /// The changes that turn the stack `old` into `new` (both bottom first).
  @inlinable
  public static func between(_ old: [ID], _ new: [ID]) -> StackChanges<ID> {
    var kept = 0
    while kept < old.count, kept < new.count, old[kept] == new[kept] { kept += 1 }
    return StackChanges(
      keptCount: kept, popped: Array(old[kept...].reversed()), pushed: Array(new[kept...]))
  }

  /// Whether nothing changes: the stacks are the same.
  @inlinable
  public var isNone: Bool { popped.isEmpty && pushed.isEmpty }

  /// Whether every old screen goes and new ones come: no common prefix, and both stacks have
  /// screens. The glue then sets the whole stack at once (`setViewControllers(_:animated:)`)
  /// rather than popping to nothing and pushing.
  @inlinable
  public var replacesAll: Bool { keptCount == 0 && !popped.isEmpty && !pushed.isEmpty }

  /// When the system's back button or an edge swipe left only the bottom `visible` screens of
  /// `old` (bottom first), the id of the first screen that went: the one to send
  /// `StackAction.popFrom(id:)` for. `nil` when nothing was popped (`visible` is `old.count`)
  /// or `visible` is not a count of screens of `old` (negative, or more than there are).
  @inlinable
  public static func userPopped(from old: [ID], toVisibleCount visible: Int) -> ID? {
    guard visible >= 0, visible < old.count else { return nil }
    return old[visible]
  }
}

extension StackChanges: Sendable where ID: Sendable {}

extension StackChanges: CustomStringConvertible {
  /// The changes in words: `keep 1, pop [c, b], push [x, c]`.
  public var description: String {
    "keep \(keptCount), pop \(popped), push \(pushed)"
  }
}
