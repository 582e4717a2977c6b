/// An alert as state: present one by setting it, dismiss it by setting `nil`, and test it by
/// comparing values, with no view involved.
///
/// ```swift
/// struct State { var alert: AlertState<AlertAction>? }
/// enum AlertAction { case confirmDeletion }
///
/// state.alert = AlertState(
///   title: "Delete this standup?",
///   message: "Its meetings are deleted too.",
///   buttons: [
///     ButtonState(title: "Delete", role: .destructive, action: .confirmDeletion),
///     ButtonState(title: "Cancel", role: .cancel),
///   ])
/// ```
///
/// A tapped button's action comes back as ``PresentationAction/presented(_:)``, a dismissal as
/// ``PresentationAction/dismiss``. An alert with no buttons shows a single "OK" that dismisses
/// (``effectiveButtons``), as SwiftUI's alerts do.
public struct AlertState<Action> {
  /// The alert's title.
  public var title: String
  /// The text under the title, if any.
  public var message: String?
  /// The buttons, in order; empty for a single "OK" (see ``effectiveButtons``).
  public var buttons: [ButtonState<Action>]

  /// An alert titled `title`, with `message` under it and `buttons` (a single "OK" when empty).
  @inlinable
  public init(title: String, message: String? = nil, buttons: [ButtonState<Action>] = []) {
    self.title = title
    self.message = message
    self.buttons = buttons
  }

  /// The buttons to show: ``buttons``, or when there are none a single "OK" with the cancel role
  /// and no action, which dismisses.
  @inlinable
  public var effectiveButtons: [ButtonState<Action>] {
    buttons.isEmpty ? [ButtonState(title: "OK", role: .cancel)] : buttons
  }

  /// The same alert with every button sending `transform(action)`: how a parent embeds a
  /// child's alert.
  @inlinable
  public func map<NewAction>(
    _ transform: (Action) throws -> NewAction
  ) rethrows -> AlertState<NewAction> {
    AlertState<NewAction>(
      title: title, message: message, buttons: try buttons.map { try $0.map(transform) })
  }
}

extension AlertState: Identifiable {
  /// What the alert shows: its title, its message (`nil` when there is none) and its buttons'
  /// titles, in that order. Alerts that read the same have the same id, so SwiftUI's
  /// `item:`-based presenters replace an alert only when its text changes.
  public var id: [String?] { [title, message] + buttons.map(\.title) }
}

extension AlertState: Equatable where Action: Equatable {}

extension AlertState: Hashable where Action: Hashable {}

extension AlertState: Sendable where Action: Sendable {}

extension AlertState: Codable where Action: Codable {}
