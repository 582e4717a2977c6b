// A stand-in for UIKit (see Package.swift): the API of `ReactorView+UIKit.swift`, declared as
// https://developer.apple.com/documentation/uikit declares it. Type-checking only.

/// `@MainActor class UIResponder`.
@MainActor open class UIResponder {
  /// `init()`.
  public init() {}
}

/// `@MainActor class UIView`.
@MainActor open class UIView: UIResponder {}

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
}

/// `typealias UIActionHandler = (UIAction) -> Void`.
public typealias UIActionHandler = (UIAction) -> Void

/// `@MainActor class UIMenuElement`.
@MainActor open class UIMenuElement {
  /// `init()`.
  public init() {}
}

/// `@MainActor class UIAction`, iOS 13+.
@MainActor open class UIAction: UIMenuElement {
  /// `init(title:subtitle:image:identifier:discoverabilityTitle:attributes:state:handler:)`,
  /// with the labels the glue leaves to their defaults left out.
  public init(title: String = "", handler: @escaping UIActionHandler) {}
}
