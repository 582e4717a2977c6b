#if canImport(UIKit) && !os(watchOS)
  import Reactors
  import StandupsCore
  import UIKit

  /// The standups app in UIKit: a navigation controller with the list at its root, kept in
  /// step with the store's `path` by Reactors' `NavigationControllerCoordinator`.
  ///
  /// ```swift
  /// // SceneDelegate, in scene(_:willConnectTo:options:):
  /// let app = StandupsUIKitApp(store: StandupsUIKitApp.liveStore())
  /// window.rootViewController = app.rootViewController
  /// self.app = app  // keep it as long as the window
  /// ```
  ///
  /// **State first.** A row's tap pushes a detail because the reducer pushed it on the stack; a
  /// detail deleted is popped because the reducer popped it; the back button and the edge swipe
  /// pop the navigation controller, and the coordinator reports that as
  /// `StackAction.popFrom(id:)`, which pops the state. Each sheet and alert is presented by a
  /// `PresentationCoordinator` while the state holds it, and a swipe down dismisses it through
  /// the state. The view controllers only read and send; what happens is StandupsCore's.
  @MainActor
  public final class StandupsUIKitApp {
    /// What the window shows: the navigation controller.
    public let rootViewController: UINavigationController
    /// Keeps the navigation controller's view controllers in step with the stack.
    private let stack: NavigationControllerCoordinator<AppFeature.Path>
    /// Presents the app's alert (a link that could not be opened, a save that failed).
    private var alert: PresentationCoordinator<AlertState<AppFeature.Alert>>?
    /// The observations of the store, which end with the app.
    private let bag = CancelBag()

    /// The app over `store`: ``liveStore()`` in the app, any store in a test.
    public init(store: Store<AppFeature.State, AppFeature.Action>) {
      let app = store.scope(state: \.self, action: { $0 })
      let list = StandupsListViewController(
        store: store.scope(state: \.list, action: AppFeature.Action.list))
      rootViewController = UINavigationController(rootViewController: list)
      stack = NavigationControllerCoordinator(
        rootViewController, path: store.pathBinding(\.path, action: AppFeature.Action.path)
      ) { id, screen in
        Self.viewController(of: screen, id: id, store: store)
      }
      bind(app, \.path.ids, in: bag) { [stack] _ in stack.update() }
      bind(app, \.alert?.id, in: bag) { [weak self] _ in self?.alert?.update() }
      list.onFirstAppearance = { [weak self] in
        guard let self else { return }
        alert = PresentationCoordinator(
          presenter: rootViewController,
          presentation: store.presentationBinding(\.alert, action: AppFeature.Action.alert)
        ) { _ in alertController(store.alertBinding(\.alert, action: AppFeature.Action.alert)) }
      }
    }

    /// The store the app runs on, made once: the standups in the SQLite file at
    /// `StandupsDatabase.defaultPath`, and the live clients.
    public static func liveStore() -> Store<AppFeature.State, AppFeature.Action> {
      AppFeature.launch(dependencies: .live)
    }

    /// The view controller of the screen `screen`, pushed under `id`: each reads its part of
    /// the state through a scoped store, which drops what it sends once the screen is gone.
    static func viewController(
      of screen: AppFeature.Path, id: StackElementID,
      store: Store<AppFeature.State, AppFeature.Action>
    ) -> UIViewController {
      switch screen {
      case .detail:
        StandupDetailViewController(
          store: store.scope(
            optional: \.path[id: id]?.detail,
            action: { .path(.element(id: id, action: .detail($0))) }))
      case .record:
        RecordMeetingViewController(
          store: store.scope(
            optional: \.path[id: id]?.record,
            action: { .path(.element(id: id, action: .record($0))) }))
      case .meeting(let meeting):
        PastMeetingViewController(meeting: meeting)
      }
    }
  }
#endif
