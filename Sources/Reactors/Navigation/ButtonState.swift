/// A button of an alert or a confirmation dialog, as state: its title, its role, and the action
/// it sends. A value with no identity: two buttons with the same title, role and action are the
/// same button.
///
/// ```swift
/// ButtonState(title: "Delete", role: .destructive, action: .confirmDeletion)
/// ButtonState<Action>(title: "Cancel", role: .cancel)   // just dismisses
/// ```
public struct ButtonState<Action> {
  /// The text on the button.
  public var title: String
  /// How the button is drawn and placed; `nil` for a plain button.
  public var role: ButtonStateRole?
  /// The action the button sends when tapped; `nil` when it only dismisses.
  public var action: Action?

  /// A button titled `title`, with `role`, that sends `action` (nothing but a dismissal when
  /// `nil`).
  @inlinable
  public init(title: String, role: ButtonStateRole? = nil, action: Action? = nil) {
    self.title = title
    self.role = role
    self.action = action
  }

  /// The same button sending `transform(action)`: how a parent embeds a child's alert.
  @inlinable
  public func map<NewAction>(
    _ transform: (Action) throws -> NewAction
  ) rethrows -> ButtonState<NewAction> {
    ButtonState<NewAction>(title: title, role: role, action: try action.map(transform))
  }
}

extension ButtonState: Equatable where Action: Equatable {}

extension ButtonState: Hashable where Action: Hashable {}

extension ButtonState: Sendable where Action: Sendable {}

extension ButtonState: Codable where Action: Codable {}
