/// What keeps a `UINavigationController` in step with a ``StackState``, as a pure value: the ids
/// it shows, what to do when the state's ids change (``StackChanges``), and what the user's back
/// button or swipe means (a pop to send). The UIKit glue holds one and only applies what it
/// says, so the decisions are tested on every platform.
///
/// ```swift
/// var sync = NavigationControllerSync()
/// let changes = sync.update(to: state.path.ids)     // push, pop or set the controllers
/// // the delegate's navigationController(_:didShow:animated:), with the root not counted:
/// if let id = sync.didShow(visibleCount: controller.viewControllers.count - 1) {
///   store.dispatch(.path(.popFrom(id: id)))          // the user went back
/// }
/// ```
///
/// The ids shown are taken to be the state's as soon as ``update(to:)`` returns, and the ones
/// the user left as soon as ``didShow(visibleCount:)`` returns, so that the pop the state then
/// makes changes nothing on screen; a reducer that refuses the pop leaves ids in the state that
/// the next ``update(to:)`` pushes again: the state wins.
///
/// Thread rules: a value; the UIKit glue keeps it on the main actor.
public struct NavigationControllerSync: Sendable, Equatable {
  /// The ids of the screens the navigation controller shows above its root, bottom first.
  public private(set) var shownIDs: [StackElementID]

  /// A navigation controller showing the screens `shownIDs` above its root (none, by default).
  public init(shownIDs: [StackElementID] = []) { self.shownIDs = shownIDs }

  /// The state's stack now has the ids `ids`: returns what to do to the navigation controller
  /// (``StackChanges/between(_:_:)`` from the ids shown), and takes `ids` as shown.
  public mutating func update(to ids: [StackElementID]) -> StackChanges<StackElementID> {
    let changes = StackChanges.between(shownIDs, ids)
    shownIDs = ids
    return changes
  }

  /// The navigation controller finished showing a screen, with `visibleCount` screens above its
  /// root: when that is fewer than shown, the user went back (the back button, an edge swipe,
  /// a long press on back), and this returns the first id that went, to send
  /// `StackAction.popFrom(id:)` with; the ids left are taken as shown. `nil` after a push, a
  /// pop the state made, or a swipe the user cancelled.
  public mutating func didShow(visibleCount: Int) -> StackElementID? {
    guard let id = StackChanges.userPopped(from: shownIDs, toVisibleCount: visibleCount) else {
      return nil
    }
    shownIDs.removeSubrange(visibleCount...)
    return id
  }
}

/// What keeps a presented controller (a sheet, a cover, a popover) in step with optional
/// state, as a pure value: what it shows, what to do when the state changes
/// (``PresentationChange``), and what the user's swipe down means (a dismissal to send). The
/// UIKit glue holds one and only applies what it says.
///
/// ```swift
/// var sync = PresentationSync<Editor.ID>()
/// switch sync.update(to: state.editor?.id) { ... }   // present, dismiss, or both
/// // presentationControllerDidDismiss(_:):
/// if sync.userDismissed() != nil { store.dispatch(.editor(.dismiss)) }
/// ```
///
/// Thread rules: a value; the UIKit glue keeps it on the main actor.
public struct PresentationSync<ID: Hashable>: Equatable {
  /// The id of the child presented, or `nil`.
  public private(set) var shownID: ID?

  /// A presenter showing the child `shownID` (nothing, by default).
  public init(shownID: ID? = nil) { self.shownID = shownID }

  /// The state now presents the child `id` (`nil` for none): returns what to do
  /// (``PresentationChange/between(_:_:)`` from what is shown), and takes `id` as shown.
  public mutating func update(to id: ID?) -> PresentationChange<ID> {
    let change = PresentationChange.between(shownID, id)
    shownID = id
    return change
  }

  /// The user dismissed the presented child (a swipe down): returns its id, to send the
  /// dismiss action, and takes nothing as shown; `nil` when nothing was shown (the dismissal
  /// was reported already).
  public mutating func userDismissed() -> ID? {
    defer { shownID = nil }
    return shownID
  }
}

extension PresentationSync: Sendable where ID: Sendable {}
