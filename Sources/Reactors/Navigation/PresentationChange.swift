/// What a presenter must do to go from showing one presented screen (a sheet, a cover, a
/// popover) to another: the pure part of keeping `present`/`dismiss` in step with optional
/// state, so that the UIKit glue only applies it.
///
/// ```swift
/// switch PresentationChange.between(shownID, state.destination?.id) {
/// case .none: break
/// case .present(let id): /* present(screen(for: id)) */
/// case .dismiss: /* dismiss(animated:) */
/// case .replace(_, let id): /* dismiss, then present(screen(for: id)) */
/// }
/// ```
public enum PresentationChange<ID: Hashable>: Equatable {
  /// Nothing changes: nothing was shown and nothing is, or the same screen stays.
  case none
  /// Nothing was shown; the screen `ID` is presented.
  case present(ID)
  /// The screen `ID` was shown; it is dismissed and nothing replaces it.
  case dismiss(ID)
  /// The screen `dismiss` was shown; it is dismissed and `present` presented in its place.
  case replace(dismiss: ID, present: ID)

  /// The change from showing `old` to showing `new` (`nil` for nothing).
  @inlinable
  public static func between(_ old: ID?, _ new: ID?) -> PresentationChange<ID> {
    switch (old, new) {
    case (nil, nil): return .none
    case (nil, let new?): return .present(new)
    case (let old?, nil): return .dismiss(old)
    case (let old?, let new?): return old == new ? .none : .replace(dismiss: old, present: new)
    }
  }
}

extension PresentationChange: Sendable where ID: Sendable {}
