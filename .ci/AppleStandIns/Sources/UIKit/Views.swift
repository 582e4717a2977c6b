// UIKit's views, controls and layout that the standups app uses (see UIKit.swift), with Apple's
// shapes. Members Apple declares `open` on a class declared elsewhere here are in extensions,
// which cannot be overridden: the app overrides none of them.

extension UIView {
  /// `var backgroundColor: UIColor? { get set }`.
  public var backgroundColor: UIColor? {
    get { nil }
    set {}
  }

  /// `var translatesAutoresizingMaskIntoConstraints: Bool { get set }`: `false` for a view laid
  /// out with constraints.
  public var translatesAutoresizingMaskIntoConstraints: Bool {
    get { true }
    set {}
  }

  /// `func addSubview(_ view: UIView)`.
  public func addSubview(_ view: UIView) {}

  /// `func removeFromSuperview()`.
  public func removeFromSuperview() {}

  /// `var topAnchor: NSLayoutYAxisAnchor { get }`.
  public var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor() }

  /// `var leadingAnchor: NSLayoutXAxisAnchor { get }`.
  public var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor() }

  /// `var trailingAnchor: NSLayoutXAxisAnchor { get }`.
  public var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor() }

  /// `var layoutMarginsGuide: UILayoutGuide { get }`: the view's margins, inside its safe area.
  public var layoutMarginsGuide: UILayoutGuide { UILayoutGuide() }
}

/// `@MainActor class UILayoutGuide: NSObject`: a rectangle constraints can refer to.
@MainActor open class UILayoutGuide: NSObject {
  /// `var topAnchor: NSLayoutYAxisAnchor { get }`.
  open var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor() }
  /// `var leadingAnchor: NSLayoutXAxisAnchor { get }`.
  open var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor() }
  /// `var trailingAnchor: NSLayoutXAxisAnchor { get }`.
  open var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor() }
}

/// `@MainActor class NSLayoutAnchor<AnchorType: AnyObject>: NSObject`: an edge or a dimension
/// of a view or a guide.
@MainActor open class NSLayoutAnchor<AnchorType: AnyObject>: NSObject {
  /// `@discardableResult func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>) ->
  /// NSLayoutConstraint`: an inactive constraint that the two anchors are equal.
  @discardableResult
  open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint {
    NSLayoutConstraint()
  }
}

/// `@MainActor class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor>`.
@MainActor open class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {}

/// `@MainActor class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor>`.
@MainActor open class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {}

/// `@MainActor class NSLayoutConstraint: NSObject`.
@MainActor open class NSLayoutConstraint: NSObject {
  /// `class func activate(_ constraints: [NSLayoutConstraint])`.
  open class func activate(_ constraints: [NSLayoutConstraint]) {}

  /// `enum NSLayoutConstraint.Axis: Int`.
  public enum Axis: Int, Sendable {
    /// `case horizontal`.
    case horizontal
    /// `case vertical`.
    case vertical
  }
}

/// `class UIColor: NSObject, Sendable`, not isolated. Final here (Apple's is open): a
/// non-final class is `Sendable` only unchecked, which the project does not write.
public final class UIColor: Sendable {
  /// `class var systemBackground: UIColor { get }`: the background of a screen.
  public static var systemBackground: UIColor { UIColor() }
}

/// `@MainActor class UILabel: UIView`.
@MainActor open class UILabel: UIView {
  /// `var text: String? { get set }`.
  open var text: String?
  /// `var numberOfLines: Int { get set }`: 1 by default; 0 for as many as the text needs.
  open var numberOfLines = 1
}

/// `@MainActor class UIStackView: UIView`: its arranged subviews laid out in a row or a column.
@MainActor open class UIStackView: UIView {
  /// `convenience init(arrangedSubviews views: [UIView])`.
  public convenience init(arrangedSubviews views: [UIView]) { self.init() }
  /// `var axis: NSLayoutConstraint.Axis { get set }`.
  open var axis: NSLayoutConstraint.Axis = .horizontal
  /// `var spacing: CGFloat { get set }`.
  open var spacing: CGFloat = 0
  /// `var arrangedSubviews: [UIView] { get }`.
  open var arrangedSubviews: [UIView] { [] }
  /// `func addArrangedSubview(_ view: UIView)`.
  open func addArrangedSubview(_ view: UIView) {}
}

/// `@MainActor class UIStepper: UIControl`: "−" and "+" that change `value`.
@MainActor open class UIStepper: UIControl {
  /// `var value: Double { get set }`.
  open var value: Double = 0
  /// `var minimumValue: Double { get set }`.
  open var minimumValue: Double = 0
  /// `var maximumValue: Double { get set }`.
  open var maximumValue: Double = 100
}

/// `@MainActor class UIButton: UIControl`.
@MainActor open class UIButton: UIControl {
  /// `convenience init(type buttonType: UIButton.ButtonType = .system, primaryAction:
  /// UIAction?)`, iOS 14+: a button titled and acting as `primaryAction`.
  public convenience init(type buttonType: ButtonType = .system, primaryAction: UIAction?) {
    self.init()
  }

  /// `enum UIButton.ButtonType: Int`.
  public enum ButtonType: Int, Sendable {
    /// `case custom`.
    case custom
    /// `case system`.
    case system
  }
}
