import Reactors
import Testing

/// The suites of the navigation bindings' logic (what the SwiftUI and UIKit glue wraps), nested
/// so that `swift test --filter NavigationGlueTests` runs them all.
@Suite enum NavigationGlueTests {}

/// An app with a stack of screens, a sheet, an alert and a dialog, for the glue's tests.
struct GlueApp: Equatable, Sendable {
  enum Screen: Equatable, Sendable { case detail(Int), settings }
  enum ScreenAction: Equatable, Sendable { case rename }
  struct Editor: Equatable, Sendable, Identifiable {
    var id: Int
    var text = ""
  }
  enum EditorAction: Equatable, Sendable { case type(String) }
  enum AlertAction: Equatable, Sendable { case confirmDelete, askAgain, deleteQuietly }

  var path = StackState<Screen>()
  var editor: Editor?
  var alert: AlertState<AlertAction>?
  var dialog: ConfirmationDialogState<AlertAction>?
  var title = ""
  var deleted = 0
  var alertDismissals = 0
  var dialogDismissals = 0
  var editorDismissals = 0
}

enum GlueAction: Equatable, Sendable {
  case path(StackAction<GlueApp.Screen, GlueApp.ScreenAction>)
  case editor(PresentationAction<GlueApp.EditorAction>)
  case alert(PresentationAction<GlueApp.AlertAction>)
  case dialog(PresentationAction<GlueApp.AlertAction>)
  case setTitle(String)
  case push(GlueApp.Screen)
  case presentEditor(Int)
  case askToDelete
  case offerSharing
}

/// The alert the app asks with: one button per way a reducer can answer, and Cancel.
let deleteAlert = AlertState<GlueApp.AlertAction>(
  title: "Delete?",
  buttons: [
    ButtonState(title: "Delete", role: .destructive, action: .confirmDelete),
    ButtonState(title: "Ask again", action: .askAgain),
    ButtonState(title: "Delete quietly", action: .deleteQuietly),
    ButtonState(title: "Cancel", role: .cancel),
  ])

/// The app's reducer: the stack, the sheet, the alert and the dialog through `forEach` and
/// `ifLet`; `.confirmDelete` leaves the alert to the dismiss that follows, `.deleteQuietly`
/// clears it itself, `.askAgain` replaces it with another.
let glueReducer: MutatingReducer<GlueApp, GlueAction> = combineReducers(
  forEach(
    { (screen: inout GlueApp.Screen, _: GlueApp.ScreenAction) in
      if case .detail(let number) = screen { screen = .detail(number + 1) }
    }, stack: \GlueApp.path,
    action: { if case .path(let action) = $0 { action } else { nil } }),
  ifLet(
    { (editor: inout GlueApp.Editor, action: GlueApp.EditorAction) in
      if case .type(let text) = action { editor.text = text }
    }, presented: \GlueApp.editor,
    action: { if case .editor(let action) = $0 { action } else { nil } }),
  ifLet(
    { (_: inout AlertState<GlueApp.AlertAction>, _: GlueApp.AlertAction) in },
    presented: \GlueApp.alert,
    action: { if case .alert(let action) = $0 { action } else { nil } }),
  ifLet(
    { (_: inout ConfirmationDialogState<GlueApp.AlertAction>, _: GlueApp.AlertAction) in },
    presented: \GlueApp.dialog,
    action: { if case .dialog(let action) = $0 { action } else { nil } }),
  { (state: inout GlueApp, action: GlueAction) in
    switch action {
    case .setTitle(let title): state.title = title
    case .push(let screen): state.path.push(screen)
    case .presentEditor(let id): state.editor = GlueApp.Editor(id: id)
    case .askToDelete: state.alert = deleteAlert
    case .offerSharing:
      state.dialog = ConfirmationDialogState(
        title: "Share", buttons: [ButtonState(title: "Copy", action: .confirmDelete)])
    case .alert(.presented(.confirmDelete)): state.deleted += 1
    case .alert(.presented(.deleteQuietly)):
      state.deleted += 1
      state.alert = nil
    case .alert(.presented(.askAgain)): state.alert = AlertState(title: "Really delete?")
    case .alert(.dismiss): state.alertDismissals += 1
    case .dialog(.dismiss): state.dialogDismissals += 1
    case .editor(.dismiss): state.editorDismissals += 1
    case .path, .editor, .alert, .dialog: break
    }
  })

/// A store of the app.
func glueStore(_ state: GlueApp = GlueApp()) -> Store<GlueApp, GlueAction> {
  Store(initial: state, reducer: glueReducer)
}

/// The app as a reactor.
final class GlueReactor: Reactor {
  let storage = Storage()
  let initialState: GlueApp

  init(_ state: GlueApp = GlueApp()) { initialState = state }

  func reduce(state: inout GlueApp, mutation: GlueAction) { glueReducer(&state, mutation) }
}

/// What a binding sent, in order.
final class SentActions<Action: Sendable>: Sendable {
  private let sent = Locked<[Action]>([])

  /// Records `action`.
  @Sendable func send(_ action: Action) { sent.withLock { $0.append(action) } }

  /// Everything sent so far.
  var all: [Action] { sent.withLock { $0 } }
}
