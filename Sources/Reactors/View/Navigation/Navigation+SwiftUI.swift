// Built on Apple platforms only (SwiftUI): a thin layer over StackPathBinding,
// PresentationBinding, AlertBinding and ConfirmationDialogBinding, which hold the logic and are
// built and tested on Linux. Type-checked on Linux against the stand-ins in .ci/AppleStandIns.
#if canImport(SwiftUI)
  import SwiftUI

  extension StackPathBinding {
    /// The binding for `NavigationStack(path:)`: it reads the stack's ids, and a path SwiftUI
    /// writes (the user went back) goes through ``write(_:)``.
    public var binding: Binding<[StackElementID]> {
      Binding(get: { ids }, set: { _ = write($0) })
    }
  }

  extension NavigationStack where Data == [StackElementID] {
    /// A navigation stack whose path is the ids of a ``StackState``: each pushed screen is
    /// drawn by the `navigationDestination(for: StackElementID.self)` inside `root`, and a back
    /// swipe pops the state (see ``StackPathBinding``).
    ///
    /// ```swift
    /// NavigationStack(path: model.pathBinding(\.path, action: AppAction.path)) {
    ///   StandupsList(model: model)
    ///     .navigationDestination(for: StackElementID.self) { id in
    ///       ScreenView(model: model, id: id)
    ///     }
    /// }
    /// ```
    public init<Element>(path: StackPathBinding<Element>, @ViewBuilder root: () -> Root) {
      self.init(path: path.binding, root: root)
    }
  }

  extension PresentationBinding {
    /// The binding for `sheet(item:)`, `fullScreenCover(item:)` or `popover(item:)`: it reads
    /// the presented child, and SwiftUI's write of `nil` (the user dismissed it) goes through
    /// ``write(_:)``.
    public var binding: Binding<Item?> {
      Binding(get: { item }, set: { _ = write($0) })
    }
  }

  extension View {
    /// Presents a sheet while the state holds a child, drawn by `content`; the user's
    /// dismissal (a swipe down, a tap outside) sends the dismiss action. See
    /// ``PresentationBinding``.
    ///
    /// ```swift
    /// .sheet(model.presentationBinding(\.editor, action: AppAction.editor)) { editor in
    ///   EditorView(editor: editor)
    /// }
    /// ```
    public func sheet<Item: Identifiable, Content: View>(
      _ presentation: PresentationBinding<Item>, @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View {
      sheet(item: presentation.binding, content: content)
    }

    /// Presents the alert the state holds, with a button for each of its
    /// ``AlertBinding/effectiveButtons`` (its role as the button's `ButtonRole`); a tap sends
    /// the button's action, and the alert's dismissal sends the dismiss action once. See
    /// ``AlertBinding``.
    ///
    /// ```swift
    /// .alert(model.alertBinding(\.alert, action: AppAction.alert))
    /// ```
    public func alert<Action>(_ alert: AlertBinding<Action>) -> some View {
      let state = alert.state
      return self.alert(
        state?.title ?? "", isPresented: alert.isPresentedBinding,
        actions: { PresentedButtonsView(buttons: alert.effectiveButtons, tap: alert.tap) },
        message: { state?.message.map { Text(verbatim: $0) } })
    }

    /// Presents the confirmation dialog the state holds, with a button for each of its
    /// ``ConfirmationDialogBinding/effectiveButtons``; a tap sends the button's action, and
    /// the dialog's dismissal sends the dismiss action once. See
    /// ``ConfirmationDialogBinding``.
    ///
    /// ```swift
    /// .confirmationDialog(model.dialogBinding(\.share, action: AppAction.share))
    /// ```
    public func confirmationDialog<Action>(
      _ dialog: ConfirmationDialogBinding<Action>
    ) -> some View {
      let state = dialog.state
      return confirmationDialog(
        state?.title ?? "", isPresented: dialog.isPresentedBinding,
        titleVisibility: state?.titleVisibility == true ? .visible : .automatic,
        actions: { PresentedButtonsView(buttons: dialog.effectiveButtons, tap: dialog.tap) },
        message: { state?.message.map { Text(verbatim: $0) } })
    }
  }

  extension AlertBinding {
    /// The binding for an alert's `isPresented`: whether the state holds the alert; SwiftUI's
    /// write of `false` goes through ``setPresented(_:)``.
    public var isPresentedBinding: Binding<Bool> {
      Binding(get: { isPresented }, set: { _ = setPresented($0) })
    }
  }

  extension ConfirmationDialogBinding {
    /// The binding for a dialog's `isPresented`: whether the state holds the dialog; SwiftUI's
    /// write of `false` goes through ``setPresented(_:)``.
    public var isPresentedBinding: Binding<Bool> {
      Binding(get: { isPresented }, set: { _ = setPresented($0) })
    }
  }

  extension ButtonRole {
    /// The SwiftUI role of a button drawn from a ``ButtonState``: `.cancel` or `.destructive`.
    public init(_ role: ButtonStateRole) {
      switch role {
      case .cancel: self = .cancel
      case .destructive: self = .destructive
      }
    }
  }

  /// The buttons of an alert or a dialog, in order, each calling `tap` with its state.
  struct PresentedButtonsView<Action>: View {
    /// The buttons to draw.
    let buttons: [ButtonState<Action>]
    /// What a tap calls.
    let tap: @Sendable (ButtonState<Action>) -> Void

    var body: some View {
      ForEach(buttons.indices, id: \.self) { index in
        Button(
          role: buttons[index].role.map(ButtonRole.init),
          action: { [button = buttons[index]] in tap(button) },
          label: { Text(verbatim: buttons[index].title) })
      }
    }
  }
#endif
