// The code of the article "Building an app" (Sources/Reactors/Reactors.docc), compiled and run.
// The SwiftUI view is compiled on Apple platforms only; the logic it draws with (the path, sheet
// and alert bindings) is run here. The UIKit coordinator is not shown as code (it cannot be
// built here); what it decides, `NavigationControllerSync`, is.

import Reactors
import ReactorsTestSupport
import ReactorsTesting
import Testing

// MARK: - Child features in one state tree

nonisolated struct Standup: Identifiable, Equatable {
  let id: Int
  var title: String
  var isFavorite = false
}

nonisolated struct DetailState: Equatable {
  var standup: Standup
  var isSaving = false
}

nonisolated enum DetailDelegate: Equatable { case deleted(Standup.ID) }

nonisolated enum DetailAction: Equatable {
  case rename(String)
  case save
  case saved
  case delete
  case delegate(DetailDelegate)  // what the detail tells its parent
}

nonisolated enum RowAction: Equatable { case toggleFavorite }

nonisolated struct StandupsState: Equatable {
  var standups: IdentifiedArray<Standup> = []
  var detail: DetailState?  // a detail that may be open
}

nonisolated enum StandupsAction: Equatable {
  case add(Standup)
  case row(id: Standup.ID, action: RowAction)
  case open(Standup.ID)
  case close
  case detail(DetailAction)
}

let rowReducer: MutatingReducer<Standup, RowAction> = { standup, action in
  switch action {
  case .toggleFavorite: standup.isFavorite.toggle()
  }
}

let detailReducer: MutatingReducer<DetailState, DetailAction> = { state, action in
  switch action {
  case .rename(let title): state.standup.title = title
  case .save: state.isSaving = true
  case .saved: state.isSaving = false
  case .delete, .delegate: break
  }
}

let standupsReducer: MutatingReducer<StandupsState, StandupsAction> = combineReducers(
  forEach(
    rowReducer, state: \StandupsState.standups,
    action: { if case .row(let id, let action) = $0 { (id, action) } else { nil } }),
  ifLet(
    detailReducer, state: \StandupsState.detail,
    action: { if case .detail(let action) = $0 { action } else { nil } }),
  { state, action in
    switch action {
    case .add(let standup): state.standups.append(standup)
    case .open(let id): state.detail = state.standups[id: id].map { DetailState(standup: $0) }
    case .close: state.detail = nil
    case .detail(.saved):
      if let standup = state.detail?.standup { state.standups[id: standup.id] = standup }
    case .detail(.delegate(.deleted(let id))):
      state.standups.remove(id: id)
      state.detail = nil
    case .row, .detail: break
    }
  })

/// The detail's side effects: saving through a client, and telling the parent it was deleted.
func detailMiddleware(_ client: StandupsClient) -> Middleware<DetailState, DetailAction> {
  { state, action in
    switch action {
    case .save:
      return .run { [standup = state.standup] send in
        try await client.save(standup)
        send(.saved)
      }
    case .delete:
      return .just(.delegate(.deleted(state.standup.id)))
    default:
      return .none
    }
  }
}

func makeStandupsStore(dependencies: Dependencies) -> Store<StandupsState, StandupsAction> {
  Store(
    initial: StandupsState(), reducer: standupsReducer,
    middlewares: [
      ifLet(
        middleware: detailMiddleware(dependencies.standupsClient), state: \StandupsState.detail,
        action: { if case .detail(let action) = $0 { action } else { nil } },
        embed: StandupsAction.detail)
    ])
}

// MARK: - Child reactors

final class StandupRowReactor: OutputtingReactor {
  enum Action { case rename(String), delete }
  enum Mutation { case setTitle(String) }
  enum Output: Equatable { case renamed(String), deleted }
  struct State: Equatable { var title: String }

  let storage = Storage()
  let initialState: State
  let output: ChildOutput<Output>

  init(standup: Standup, output: ChildOutput<Output>) {
    initialState = State(title: standup.title)
    self.output = output
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .rename(let title):
      output(.renamed(title))
      return .just(.setTitle(title))
    case .delete:
      output(.deleted)
      return .none
    }
  }

  func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .setTitle(let title): state.title = title
    }
  }
}

final class StandupListReactor: Reactor {
  enum Action { case add(Standup), row(Standup.ID, StandupRowReactor.Output) }
  struct State: Equatable { var standups: IdentifiedArray<Standup> = [] }  // the rows' seeds

  let storage = Storage()
  let initialState = State()
  let rows = ReactorChildren<Standup.ID, StandupRowReactor>()

  init() {
    rows.follow(self, \.standups) { standup, output in
      StandupRowReactor(standup: standup, output: output)
    } output: { id, output in
      .row(id, output)
    }
  }

  func reduce(state: inout State, mutation: Action) {
    switch mutation {
    case .add(let standup): state.standups.append(standup)
    case .row(let id, .renamed(let title)): state.standups[id: id]?.title = title
    case .row(let id, .deleted): state.standups.remove(id: id)
    }
  }
}

// MARK: - Navigation as state

nonisolated enum Screen: Equatable {
  case detail(DetailState)
  case settings
}

nonisolated struct EditorState: Equatable, Identifiable {
  let id: Standup.ID
  var title: String
}

nonisolated enum EditorAction: Equatable { case setTitle(String) }
nonisolated enum StandupAlert: Equatable { case confirmDeletion(Standup.ID) }
nonisolated enum ShareChoice: Equatable { case copyLink }

nonisolated struct RootState: Equatable {
  var standups: IdentifiedArray<Standup> = []
  var path = StackState<Screen>()  // the screens pushed above the list
  var editor: EditorState?  // a sheet
  var alert: AlertState<StandupAlert>?
  var share: ConfirmationDialogState<ShareChoice>?
}

nonisolated enum RootAction: Equatable {
  case path(StackAction<Screen, DetailAction>)
  case editor(PresentationAction<EditorAction>)
  case alert(PresentationAction<StandupAlert>)
  case share(PresentationAction<ShareChoice>)
  case standupTapped(Standup.ID)
  case settingsTapped
  case editTapped(Standup.ID)
  case deleteTapped(Standup.ID)
  case shareTapped
  case openURL(String)
}

let screenReducer: MutatingReducer<Screen, DetailAction> = { screen, action in
  guard case .detail(var detail) = screen else { return }
  detailReducer(&detail, action)
  screen = .detail(detail)
}

let editorReducer: MutatingReducer<EditorState, EditorAction> = { editor, action in
  switch action {
  case .setTitle(let title): editor.title = title
  }
}

let rootReducer: MutatingReducer<RootState, RootAction> = combineReducers(
  forEach(
    screenReducer, stack: \RootState.path,
    action: { if case .path(let action) = $0 { action } else { nil } }),
  ifLet(
    editorReducer, presented: \RootState.editor,
    action: { if case .editor(let action) = $0 { action } else { nil } }),
  ifLet(
    alert: \RootState.alert, action: { if case .alert(let action) = $0 { action } else { nil } }),
  ifLet(
    dialog: \RootState.share, action: { if case .share(let action) = $0 { action } else { nil } }),
  { state, action in
    switch action {
    case .standupTapped(let id):
      guard let standup = state.standups[id: id] else { return }
      state.path.push(.detail(DetailState(standup: standup)))  // push
    case .settingsTapped:
      state.path.push(.settings)
    case .editTapped(let id):
      guard let standup = state.standups[id: id] else { return }
      state.editor = EditorState(id: id, title: standup.title)  // present a sheet
    case .deleteTapped(let id):
      state.alert = AlertState(
        title: "Delete this standup?",
        buttons: [
          ButtonState(title: "Delete", role: .destructive, action: .confirmDeletion(id)),
          ButtonState(title: "Cancel", role: .cancel),
        ])
    case .alert(.presented(.confirmDeletion(let id))):
      state.standups.remove(id: id)
      state.path.popToRoot()  // pop every screen
    case .shareTapped:
      state.share = ConfirmationDialogState(
        title: "Share", buttons: [ButtonState(title: "Copy link", action: .copyLink)])
    case .openURL(let url):
      do {
        state = try standupsLinks.open(url, in: state)
      } catch {
        state.alert = AlertState(title: "Cannot open the link", message: "\(error)")
      }
    case .path, .editor, .alert, .share: break
    }
  })

func makeRootStore(_ standups: Standup...) -> Store<RootState, RootAction> {
  Store(initial: RootState(standups: IdentifiedArray(standups)), reducer: rootReducer)
}

#if canImport(SwiftUI)
  import SwiftUI

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
  struct RootView: View {
    @State var model = ObservedStore(makeRootStore())

    var body: some View {
      NavigationStack(path: model.pathBinding(\.path, action: RootAction.path)) {
        List(model.standups) { standup in
          Text(standup.title).onTapGesture { model.send(.standupTapped(standup.id)) }
        }
        .navigationDestination(for: StackElementID.self) { id in
          ScreenView(model: model, id: id)
        }
      }
      .sheet(model.presentationBinding(\.editor, action: RootAction.editor)) { editor in
        Text(editor.title)
      }
      .alert(model.alertBinding(\.alert, action: RootAction.alert))
      .confirmationDialog(model.dialogBinding(\.share, action: RootAction.share))
    }
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
  struct ScreenView: View {
    let model: ObservedStore<RootState, RootAction>
    let id: StackElementID

    var body: some View {
      switch model.path[id: id] {
      case .detail(let detail): Text(detail.standup.title)
      case .settings: Text("Settings")
      case nil: EmptyView()
      }
    }
  }
#endif

// MARK: - Deep links

let standupsLinks: DeepLinkRouter<RootState> = {
  var router = DeepLinkRouter<RootState>()
  router.route("standups/:id") { parameters, state in
    let standup = try state.standup(parameters.int("id"))
    state.open([.detail(DetailState(standup: standup))])
  }
  router.route("standups/:id/edit") { parameters, state in
    let standup = try state.standup(parameters.int("id"))
    state.open([.detail(DetailState(standup: standup))])
    state.editor = EditorState(id: standup.id, title: standup.title)
  }
  return router
}()

extension RootState {
  func standup(_ id: Standup.ID) throws(DeepLinkError) -> Standup {
    guard let standup = standups[id: id] else { throw .notFound("no standup with id \(id)") }
    return standup
  }

  /// Closes what is open, then pushes `screens`: pushed, not assigned, so that they get ids
  /// no closed screen had.
  mutating func open(_ screens: [Screen]) {
    path.popToRoot()
    for screen in screens { path.push(screen) }
    editor = nil
    alert = nil
    share = nil
  }
}
