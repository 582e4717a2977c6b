/// A confirmation dialog (an action sheet) as state: present one by setting it, dismiss it by
/// setting `nil`, and test it by comparing values, with no view involved.
///
/// ```swift
/// state.dialog = ConfirmationDialogState(
///   title: "Share this meeting",
///   buttons: [
///     ButtonState(title: "Copy transcript", action: .copyTranscript),
///     ButtonState(title: "Cancel", role: .cancel),
///   ])
/// ```
///
/// The same shape as ``AlertState``, plus ``titleVisibility``. A dialog with no buttons shows a
/// single "Cancel" that dismisses (``effectiveButtons``), as the system adds one.
public struct ConfirmationDialogState<Action> {
  /// The dialog's title.
  public var title: String
  /// Whether the title is shown; `false` leaves it to the system, which hides it on iPhone.
  public var titleVisibility: Bool
  /// The text under the title, if any.
  public var message: String?
  /// The buttons, in order; empty for a single "Cancel" (see ``effectiveButtons``).
  public var buttons: [ButtonState<Action>]

  /// A dialog titled `title` (shown when `titleVisibility` is `true`), with `message` and
  /// `buttons` (a single "Cancel" when empty).
  @inlinable
  public init(
    title: String, titleVisibility: Bool = false, message: String? = nil,
    buttons: [ButtonState<Action>] = []
  ) {
    self.title = title
    self.titleVisibility = titleVisibility
    self.message = message
    self.buttons = buttons
  }

  /// The buttons to show: ``buttons``, or when there are none a single "Cancel" with the cancel
  /// role and no action, which dismisses.
  @inlinable
  public var effectiveButtons: [ButtonState<Action>] {
    buttons.isEmpty ? [ButtonState(title: "Cancel", role: .cancel)] : buttons
  }

  /// The same dialog with every button sending `transform(action)`: how a parent embeds a
  /// child's dialog.
  @inlinable
  public func map<NewAction>(
    _ transform: (Action) throws -> NewAction
  ) rethrows -> ConfirmationDialogState<NewAction> {
    ConfirmationDialogState<NewAction>(
      title: title, titleVisibility: titleVisibility, message: message,
      buttons: try buttons.map { try $0.map(transform) })
  }
}

extension ConfirmationDialogState: Identifiable {
  /// What the dialog shows: its title, its message (`nil` when there is none) and its buttons'
  /// titles, in that order. Dialogs that read the same have the same id.
  public var id: [String?] { [title, message] + buttons.map(\.title) }
}

extension ConfirmationDialogState: Equatable where Action: Equatable {}

extension ConfirmationDialogState: Hashable where Action: Hashable {}

extension ConfirmationDialogState: Sendable where Action: Sendable {}

extension ConfirmationDialogState: Codable where Action: Codable {}
