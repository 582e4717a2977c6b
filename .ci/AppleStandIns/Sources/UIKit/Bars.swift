// UIKit's navigation items, bar buttons and alerts that the standups app uses (see UIKit.swift),
// with Apple's shapes.

extension UIViewController {
  /// `var navigationItem: UINavigationItem { get }`: what a navigation bar shows for this
  /// controller.
  public var navigationItem: UINavigationItem { UINavigationItem() }
}

/// `@MainActor class UINavigationItem: NSObject`.
@MainActor open class UINavigationItem: NSObject {
  /// `var leftBarButtonItem: UIBarButtonItem? { get set }`.
  open var leftBarButtonItem: UIBarButtonItem?
  /// `var rightBarButtonItem: UIBarButtonItem? { get set }`.
  open var rightBarButtonItem: UIBarButtonItem?
  /// `var hidesBackButton: Bool { get set }`.
  open var hidesBackButton = false
}

/// `@MainActor class UIBarItem: NSObject`.
@MainActor open class UIBarItem: NSObject {}

/// `@MainActor class UIBarButtonItem: UIBarItem`.
@MainActor open class UIBarButtonItem: UIBarItem {
  /// `convenience init(title: String? = nil, image: UIImage? = nil, primaryAction: UIAction? =
  /// nil, menu: UIMenu? = nil)`, iOS 14+, with the labels the app leaves to their defaults left
  /// out.
  public convenience init(title: String? = nil, primaryAction: UIAction? = nil) { self.init() }
}

/// `@MainActor class UIAlertController: UIViewController`.
@MainActor open class UIAlertController: UIViewController {
  /// `convenience init(title: String?, message: String?, preferredStyle:
  /// UIAlertController.Style)`.
  public convenience init(title: String?, message: String?, preferredStyle: Style) {
    self.init(nibName: nil, bundle: nil)
  }

  /// `func addAction(_ action: UIAlertAction)`: a button, in order.
  open func addAction(_ action: UIAlertAction) {}

  /// `enum UIAlertController.Style: Int`.
  public enum Style: Int, Sendable {
    /// `case actionSheet`.
    case actionSheet
    /// `case alert`.
    case alert
  }
}

/// `@MainActor class UIAlertAction: NSObject`: a button of an alert, which dismisses it when
/// tapped, then calls its handler.
@MainActor open class UIAlertAction: NSObject {
  /// `convenience init(title: String?, style: UIAlertAction.Style, handler: ((UIAlertAction)
  /// -> Void)? = nil)`.
  public convenience init(
    title: String?, style: Style, handler: ((UIAlertAction) -> Void)? = nil
  ) {
    self.init()
  }

  /// `enum UIAlertAction.Style: Int`.
  public enum Style: Int, Sendable {
    /// `case default`.
    case `default`
    /// `case cancel`: at most one an alert.
    case cancel
    /// `case destructive`.
    case destructive
  }
}
