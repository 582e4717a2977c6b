/// What happened to a presented feature (a sheet, an alert, a dialog): an action of the
/// presented feature, or its dismissal.
///
/// ```swift
/// enum Action {
///   case alert(PresentationAction<AlertAction>)
/// }
/// // reduce: case .alert(.presented(.confirmDeletion)): ... ; case .alert(.dismiss): ...
/// ```
public enum PresentationAction<Action> {
  /// An action of the presented feature, such as the action of an alert's tapped button.
  case presented(Action)
  /// The presented feature was dismissed (a button with no action, a swipe, a tap outside), or
  /// is asked to be: the presenting state sets it to `nil`.
  case dismiss
}

extension PresentationAction: Sendable where Action: Sendable {}

extension PresentationAction: Equatable where Action: Equatable {}

extension PresentationAction: Hashable where Action: Hashable {}

extension PresentationAction: Codable where Action: Codable {}
