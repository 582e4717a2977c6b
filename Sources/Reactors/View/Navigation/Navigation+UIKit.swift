// Built on Apple platforms only (UIKit): a thin layer over NavigationControllerSync,
// PresentationSync, StackPathBinding and PresentationBinding, which hold the logic and are built
// and tested on Linux. Type-checked on Linux against the stand-ins in .ci/AppleStandIns. Not on
// watchOS, whose UIKit has no navigation controller.
#if canImport(UIKit) && !os(watchOS)
  import UIKit

  /// Keeps a `UINavigationController` in step with a ``StackState``: pushes, pops or sets its
  /// view controllers when the state's ids change, making one per new screen with
  /// `viewController`, and reports the user's back button or edge swipe as
  /// `StackAction.popFrom(id:)`, so that the screen and the state cannot drift.
  ///
  /// ```swift
  /// final class AppCoordinator: ReactorView {
  ///   let reactorBindings = Bindings()
  ///   let navigationController = UINavigationController(rootViewController: ListViewController())
  ///   var stack: NavigationControllerCoordinator<Path>?
  ///
  ///   func bind(reactor: AppReactor) {
  ///     let stack = NavigationControllerCoordinator(
  ///       navigationController, path: reactor.pathBinding(\.path, action: AppReactor.Action.path)
  ///     ) { id, screen in DetailViewController(reactor: reactor, id: id, screen: screen) }
  ///     self.stack = stack
  ///     bindState(\.path.ids) { _ in stack.update() }
  ///   }
  /// }
  /// ```
  ///
  /// The view controllers already in the navigation controller when it is made (its root) stay
  /// below the stack. It becomes the navigation controller's delegate, and keeps the delegate
  /// object alive (the controller's reference is weak); push and pop only through the state,
  /// since a controller pushed from elsewhere is not one of the stack's screens.
  ///
  /// Thread rules: main actor, as UIKit. It keeps its navigation controller, and the store or
  /// reactor its path reads, alive; keep it as long as the screen.
  @MainActor
  public final class NavigationControllerCoordinator<Element> {
    /// The navigation controller kept in step.
    public let navigationController: UINavigationController
    /// Reads the stack and sends the user's pops.
    let path: StackPathBinding<Element>
    /// Makes the view controller of a new screen.
    let makeViewController: @MainActor (StackElementID, Element) -> UIViewController
    /// How many view controllers sit below the stack (the root).
    let rootCount: Int
    /// What is shown, and the decisions.
    var sync = NavigationControllerSync()
    /// The navigation controller's delegate, kept here.
    let delegate = NavigationControllerDelegate()

    /// Keeps `navigationController` in step with the stack `path` reads, making each new
    /// screen's view controller with `viewController`; shows the stack now, without animation.
    public init(
      _ navigationController: UINavigationController, path: StackPathBinding<Element>,
      viewController: @escaping @MainActor (StackElementID, Element) -> UIViewController
    ) {
      self.navigationController = navigationController
      self.path = path
      makeViewController = viewController
      rootCount = navigationController.viewControllers.count
      delegate.didShow = { [weak self] in self?.didShow() }
      navigationController.delegate = delegate
      update(animated: false)
    }

    /// Brings the navigation controller to the stack the state holds now: a push, a pop to a
    /// screen, or a new set of view controllers. Call it when the stack's ids change (from
    /// `bindState(\.path.ids)`); when they did not, it does nothing.
    public func update(animated: Bool = true) {
      let stack = path.stack
      let changes = sync.update(to: stack.ids)
      if changes.isNone { return }
      var pushed: [UIViewController] = []
      for id in changes.pushed {
        if let element = stack[id: id] { pushed.append(makeViewController(id, element)) }
      }
      let kept = Array(navigationController.viewControllers.prefix(rootCount + changes.keptCount))
      if changes.popped.isEmpty, pushed.count == 1 {
        navigationController.pushViewController(pushed[0], animated: animated)
      } else if pushed.isEmpty, let top = kept.last {
        navigationController.popToViewController(top, animated: animated)
      } else {
        navigationController.setViewControllers(kept + pushed, animated: animated)
      }
    }

    /// The navigation controller finished showing a screen: a user's pop is sent to the state.
    func didShow() {
      let visible = navigationController.viewControllers.count - rootCount
      if let id = sync.didShow(visibleCount: visible) { path.pop(from: id) }
    }
  }

  /// The delegate of a coordinated navigation controller: reports each screen shown.
  @MainActor
  final class NavigationControllerDelegate: NSObject, UINavigationControllerDelegate {
    /// Called after each screen shown.
    var didShow: (@MainActor () -> Void)?

    func navigationController(
      _ navigationController: UINavigationController, didShow viewController: UIViewController,
      animated: Bool
    ) {
      didShow?()
    }
  }

  /// Keeps a presented view controller (a sheet, a cover, a popover) in step with a child in
  /// the state: presents one made with `viewController` when the state holds a child, dismisses
  /// it when the state lets it go (and presents the new one when the child is replaced), and
  /// reports the user's swipe down as the dismiss action, so that the screen and the state
  /// cannot drift.
  ///
  /// ```swift
  /// let editor = PresentationCoordinator(
  ///   presenter: self,
  ///   presentation: reactor.presentationBinding(\.editor, action: ListReactor.Action.editor)
  /// ) { editor in EditorViewController(reactor: reactor, editor: editor) }
  /// bindState(\.editor?.id) { _ in editor.update() }
  /// ```
  ///
  /// It is the delegate of each controller's presentation controller, and presents from
  /// `presenter`, which it does not keep alive. A programmatic dismissal from elsewhere is not
  /// reported by UIKit: dismiss through the state.
  ///
  /// Thread rules: main actor, as UIKit. It keeps the store or reactor its presentation reads
  /// alive.
  @MainActor
  public final class PresentationCoordinator<Item: Identifiable> {
    /// The view controller that presents.
    public private(set) weak var presenter: UIViewController?
    /// Reads the child and sends the user's dismissal.
    let presentation: PresentationBinding<Item>
    /// Makes the view controller of a child.
    let makeViewController: @MainActor (Item) -> UIViewController
    /// What is shown, and the decisions.
    var sync = PresentationSync<Item.ID>()
    /// The view controller presented, if any.
    var presented: UIViewController?
    /// Whether a dismissal is animating: a presentation waits for its end.
    var isDismissing = false
    /// The presentation controllers' delegate, kept here.
    let delegate = PresentationControllerDelegate()

    /// Keeps what `presenter` presents in step with the child `presentation` reads, making its
    /// view controller with `viewController`; presents the child now, if any.
    public init(
      presenter: UIViewController, presentation: PresentationBinding<Item>,
      viewController: @escaping @MainActor (Item) -> UIViewController
    ) {
      self.presenter = presenter
      self.presentation = presentation
      makeViewController = viewController
      delegate.didDismiss = { [weak self] in self?.userDismissed() }
      update(animated: false)
    }

    /// Brings what is presented to the child the state holds now. Call it when the child's
    /// identity changes (from `bindState(\.editor?.id)`); when it did not, it does nothing.
    public func update(animated: Bool = true) {
      switch sync.update(to: presentation.item?.id) {
      case .none: return
      case .present: presentPending(animated: animated)
      case .dismiss, .replace: dismissPresented(animated: animated)
      }
    }

    /// Presents the child the state holds, unless one is shown or a dismissal is animating.
    func presentPending(animated: Bool) {
      guard !isDismissing, presented == nil, let presenter, let item = presentation.item,
        item.id == sync.shownID
      else { return }
      let controller = makeViewController(item)
      controller.presentationController?.delegate = delegate
      presented = controller
      presenter.present(controller, animated: animated)
    }

    /// Dismisses the controller presented, then presents what the state holds by then.
    func dismissPresented(animated: Bool) {
      guard let controller = presented else { return presentPending(animated: animated) }
      presented = nil
      guard let presenter, presenter.presentedViewController === controller else {
        return presentPending(animated: animated)
      }
      isDismissing = true
      presenter.dismiss(animated: animated) { [weak self] in
        MainActor.assumeIsolated {
          self?.isDismissing = false
          self?.presentPending(animated: animated)
        }
      }
    }

    /// The user dismissed the presented controller: the dismissal is sent to the state.
    func userDismissed() {
      guard sync.userDismissed() != nil else { return }
      presented = nil
      presentation.dismissIfPresented()
    }
  }

  /// The delegate of a coordinated presentation: reports the user's dismissal.
  @MainActor
  final class PresentationControllerDelegate: NSObject, UIAdaptivePresentationControllerDelegate {
    /// Called after the user dismissed the presented controller.
    var didDismiss: (@MainActor () -> Void)?

    func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
      didDismiss?()
    }
  }
#endif
