// A stand-in for UIKit (see Package.swift): the API of `ReactorView+UIKit.swift` and
// `Navigation+UIKit.swift` here, and that of the standups app (Examples/Apple/StandupsUIKit) here
// and in Views.swift, Tables.swift, Bars.swift and Scenes.swift, declared as
// https://developer.apple.com/documentation/uikit declares it. Type-checking only.
//
// Optional requirements of Objective-C delegate protocols: Linux has no `@objc optional`, so
// each is a plain requirement with a default implementation in an extension, marked
// deprecated. A class that implements the method under Apple's exact name uses its own; one
// that misspells it (Apple only warns that it "nearly matches an optional requirement") gets
// the default as its witness, which the compiler reports as a deprecated default
// implementation: an error under warnings-as-errors, so a misspelt delegate method fails here.
// Declare only the optional requirements the glue implements, for the same reason.

// UIKit re-exports Foundation, where `NSObject` and `NSObjectProtocol` live.
@_exported import Foundation

/// `@MainActor class UIResponder: NSObject`.
@MainActor open class UIResponder: NSObject {
  /// `init()`.
  public override init() {}
}

/// `@MainActor class UIView`.
@MainActor open class UIView: UIResponder {}

/// `@MainActor class UIViewController`.
@MainActor open class UIViewController: UIResponder {
  /// `init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?)`: the designated
  /// initializer; a subclass made in code passes `nil` and `nil`.
  public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {}

  /// `init?(coder: NSCoder)`: required (`NSCoding`), so a subclass with an initializer of its
  /// own implements it.
  public required init?(coder: NSCoder) {}

  /// `convenience init()`: NSObject's, as Objective-C inherits it (`init(nibName: nil,
  /// bundle: nil)`).
  public convenience override init() { self.init(nibName: nil, bundle: nil) }

  /// `var view: UIView! { get set }`: the root view, loaded on first access.
  open var view: UIView!

  /// `var title: String? { get set }`: what a navigation bar shows for this controller.
  open var title: String?

  /// `func viewDidLoad()`: after the view loaded; a subclass calls `super`.
  open func viewDidLoad() {}

  /// `func viewDidAppear(_ animated: Bool)`: after the view was added to the window; a
  /// subclass calls `super`.
  open func viewDidAppear(_ animated: Bool) {}

  /// `var presentedViewController: UIViewController? { get }`: the controller this one
  /// presents, or that a controller it presents presents, if any.
  open var presentedViewController: UIViewController? { nil }

  /// `var presentationController: UIPresentationController? { get }`, iOS 8+: the object that
  /// manages this controller's presentation (made on first access, before presenting).
  open var presentationController: UIPresentationController? { nil }

  /// `func present(_ viewControllerToPresent: UIViewController, animated flag: Bool,
  /// completion: (() -> Void)? = nil)`.
  open func present(
    _ viewControllerToPresent: UIViewController, animated flag: Bool,
    completion: (() -> Void)? = nil
  ) {}

  /// `func dismiss(animated flag: Bool, completion: (() -> Void)? = nil)`: dismisses the
  /// controller this one presented (or, when it presents none, this one).
  open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {}
}

/// `@MainActor class UINavigationController`.
@MainActor open class UINavigationController: UIViewController {
  /// `init(rootViewController: UIViewController)`: a stack of one.
  public init(rootViewController: UIViewController) {
    super.init(nibName: nil, bundle: nil)
  }

  /// `init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?)`.
  public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
    super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
  }

  /// `init?(coder aDecoder: NSCoder)`.
  public required init?(coder aDecoder: NSCoder) { super.init(coder: aDecoder) }

  /// `var viewControllers: [UIViewController] { get set }`: the stack, root first.
  open var viewControllers: [UIViewController] = []

  /// `weak var delegate: (any UINavigationControllerDelegate)? { get set }`.
  weak open var delegate: (any UINavigationControllerDelegate)?

  /// `func pushViewController(_ viewController: UIViewController, animated: Bool)`.
  open func pushViewController(_ viewController: UIViewController, animated: Bool) {}

  /// `@discardableResult func popToViewController(_ viewController: UIViewController,
  /// animated: Bool) -> [UIViewController]?`.
  @discardableResult
  open func popToViewController(
    _ viewController: UIViewController, animated: Bool
  ) -> [UIViewController]? { nil }

  /// `func setViewControllers(_ viewControllers: [UIViewController], animated: Bool)`.
  open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {}
}

/// `@MainActor protocol UINavigationControllerDelegate: NSObjectProtocol`: every requirement
/// optional.
@MainActor public protocol UINavigationControllerDelegate: NSObjectProtocol {
  /// `optional func navigationController(_ navigationController: UINavigationController,
  /// didShow viewController: UIViewController, animated: Bool)`: after a push, a pop (the back
  /// button, an edge swipe, a programmatic one) or a new stack finished showing.
  func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController,
    animated: Bool)
}

extension UINavigationControllerDelegate {
  /// What stands for "not implemented" (see the top of this file).
  @available(*, deprecated, message: "optional requirement not implemented: check its spelling")
  public func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController,
    animated: Bool
  ) {}
}

/// `@MainActor class UIPresentationController`, iOS 8+.
@MainActor open class UIPresentationController {
  /// `weak var delegate: (any UIAdaptivePresentationControllerDelegate)? { get set }`.
  weak open var delegate: (any UIAdaptivePresentationControllerDelegate)?
}

/// `@MainActor protocol UIAdaptivePresentationControllerDelegate: NSObjectProtocol`: every
/// requirement optional.
@MainActor public protocol UIAdaptivePresentationControllerDelegate: NSObjectProtocol {
  /// `optional func presentationControllerDidDismiss(_ presentationController:
  /// UIPresentationController)`, iOS 13+: after the user dismissed the presented controller
  /// (a swipe down); not called for a programmatic dismissal.
  func presentationControllerDidDismiss(_ presentationController: UIPresentationController)
}

extension UIAdaptivePresentationControllerDelegate {
  /// What stands for "not implemented" (see the top of this file).
  @available(*, deprecated, message: "optional requirement not implemented: check its spelling")
  public func presentationControllerDidDismiss(
    _ presentationController: UIPresentationController
  ) {}
}

/// `@MainActor class UIControl`, iOS 2+, not on watchOS.
@MainActor open class UIControl: UIView {
  /// `struct UIControl.Event: OptionSet`.
  public struct Event: OptionSet, Sendable {
    /// `let rawValue: UInt`.
    public let rawValue: UInt
    /// `init(rawValue: UInt)`.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// `static var primaryActionTriggered: UIControl.Event`, iOS 9+.
    public static let primaryActionTriggered = Event(rawValue: 1 << 13)
    /// `static var editingChanged: UIControl.Event`.
    public static let editingChanged = Event(rawValue: 1 << 17)
    /// `static var valueChanged: UIControl.Event`: a stepper's value changed.
    public static let valueChanged = Event(rawValue: 1 << 12)
  }

  /// `func addAction(_ action: UIAction, for controlEvents: UIControl.Event)`, iOS 14+.
  open func addAction(_ action: UIAction, for controlEvents: UIControl.Event) {}

  /// `func removeAction(_ action: UIAction, for controlEvents: UIControl.Event)`, iOS 14+.
  open func removeAction(_ action: UIAction, for controlEvents: UIControl.Event) {}
}

/// `@MainActor class UITextField`.
@MainActor open class UITextField: UIControl {
  /// `var text: String? { get set }`.
  open var text: String?

  /// `var placeholder: String? { get set }`: what shows while the text is empty.
  open var placeholder: String?

  /// `var borderStyle: UITextField.BorderStyle { get set }`.
  open var borderStyle: BorderStyle = .none

  /// `enum UITextField.BorderStyle: Int`.
  public enum BorderStyle: Int, Sendable {
    /// `case none`.
    case none
    /// `case line`.
    case line
    /// `case bezel`.
    case bezel
    /// `case roundedRect`.
    case roundedRect
  }
}

/// `typealias UIActionHandler = (UIAction) -> Void`.
public typealias UIActionHandler = (UIAction) -> Void

/// `@MainActor class UIMenuElement`: made only through its subclasses' initializers (Apple's
/// has none but `init?(coder:)`), so its own stays internal.
@MainActor open class UIMenuElement {
  /// Not Apple's: what the subclasses here call.
  init() {}
}

/// `@MainActor class UIAction`, iOS 13+.
@MainActor open class UIAction: UIMenuElement {
  /// Not Apple's: what the convenience initializer calls.
  override init() {}

  /// `convenience init(title:subtitle:image:selectedImage:identifier:discoverabilityTitle:
  /// attributes:state:handler:)`, with the labels the glue leaves to their defaults left out.
  /// A convenience initializer, as Apple's: a subclass cannot call it through `super`.
  public convenience init(title: String = "", handler: @escaping UIActionHandler) {
    self.init()
  }
}

/// Never called: calls the delegates' methods through their protocols, with Apple's names and
/// labels, so that a requirement above that is misspelt or mislabelled fails to compile.
@MainActor
private func callsTheDelegatesThroughTheirProtocols(
  _ navigation: any UINavigationControllerDelegate,
  _ presentation: any UIAdaptivePresentationControllerDelegate,
  _ navigationController: UINavigationController, _ viewController: UIViewController,
  _ presentationController: UIPresentationController
) {
  navigation.navigationController(navigationController, didShow: viewController, animated: true)
  presentation.presentationControllerDidDismiss(presentationController)
}
