/// The role of a button in an alert or a confirmation dialog: how the system draws it and where
/// it puts it. `nil` is a plain button.
///
/// The same roles as SwiftUI's `ButtonStateRole`, as a plain value that builds on Linux; in a file
/// that imports both SwiftUI and Reactors, write the leading-dot form (`role: .cancel`) or
/// `Reactors.ButtonStateRole`.
public enum ButtonStateRole: Sendable, Hashable, Codable {
  /// Dismisses without doing anything else; shown apart from the others.
  case cancel
  /// Deletes or discards something; shown in red.
  case destructive
}
