import Reactors
import StandupsCore
import SwiftUI

/// The store as the views read it: a main-actor `Observable` model over the app's one store.
typealias AppModel = ObservedStore<AppFeature.State, AppFeature.Action>

/// The standups app in SwiftUI, without its `App`: the list at the root of a navigation stack
/// whose path is the store's `path`, each pushed screen drawn from its state, and the app's
/// alert.
///
/// ```swift
/// @main
/// struct StandupsApp: App {
///   let store = StandupsRootView.liveStore()
///   var body: some Scene { WindowGroup { StandupsRootView(store: store) } }
/// }
/// ```
///
/// **State first.** Every screen, sheet and alert is shown because the state holds it, and every
/// tap is an action: a row pushes a detail through the reducer, and the back button (or an edge
/// swipe) pops through it too (`StackAction.popFrom(id:)`, sent by the path binding). The views
/// only read and send; what happens is StandupsCore's, tested on Linux.
public struct StandupsRootView: View {
  /// The view model over the store, made once for the view's lifetime.
  @State private var model: AppModel

  /// The app over `store`: ``liveStore()`` in the app, any store in a preview or a test.
  public init(store: Store<AppFeature.State, AppFeature.Action>) {
    _model = State(wrappedValue: AppModel(store))
  }

  /// The navigation stack over the list, and the app's alert.
  public var body: some View {
    NavigationStack(path: model.pathBinding(\.path, action: AppFeature.Action.path)) {
      StandupsListView(model: model)
        .navigationDestination(for: StackElementID.self) { id in
          StackScreenView(model: model, id: id)
        }
    }
    .alert(model.alertBinding(\.alert, action: AppFeature.Action.alert))
  }

  /// The store the app runs on, made once (keep it in the `App`): the standups in the SQLite
  /// file at `StandupsDatabase.defaultPath`, and the live clients.
  public static func liveStore() -> Store<AppFeature.State, AppFeature.Action> {
    AppFeature.launch(dependencies: .live)
  }
}

/// A screen of the stack, drawn from its state: a detail, a meeting being held, or a past
/// meeting. Invalidated only when the kind of screen under `id` changes.
struct StackScreenView: View {
  let model: AppModel
  let id: StackElementID

  var body: some View {
    switch model.read(\.path[id: id]?.kind) {
    case .detail: StandupDetailView(model: model, id: id)
    case .record: RecordMeetingView(model: model, id: id)
    case .meeting: PastMeetingView(model: model, id: id)
    case nil: EmptyView()
    }
  }
}

extension ObservedState {
  /// The value at `keyPath`, tracked on its own: a view that reads it is invalidated when it
  /// changes, and only then (`model.read(\.list.standups)`, where `model.list.standups` would
  /// read, and track, the whole list).
  func read<Value: Equatable>(_ keyPath: KeyPath<State, Value>) -> Value {
    self[dynamicMember: keyPath]
  }
}

extension AppFeature.Path {
  /// The kind of a screen of the stack, without its state.
  enum Kind: Equatable {
    case detail, record, meeting
  }

  /// What kind of screen this is.
  var kind: Kind {
    switch self {
    case .detail: .detail
    case .record: .record
    case .meeting: .meeting
    }
  }
}

extension AppFeature.Action {
  /// An action of the detail under `id`.
  static func detail(_ id: StackElementID, _ action: StandupDetail.Action) -> Self {
    .path(.element(id: id, action: .detail(action)))
  }

  /// An action of the meeting being held under `id`.
  static func record(_ id: StackElementID, _ action: RecordMeeting.Action) -> Self {
    .path(.element(id: id, action: .record(action)))
  }
}
