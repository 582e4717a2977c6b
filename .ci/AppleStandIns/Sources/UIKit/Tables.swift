// UIKit's table views that the standups app uses (see UIKit.swift), with Apple's shapes.
//
// `UITableViewController` adopts `UITableViewDataSource` and `UITableViewDelegate`, and Swift
// imports the protocols' methods (the optional ones too) as members of the class: a subclass
// implements them with `override`, so a misspelt one fails to compile on Apple as here. They are
// declared that way below.

extension IndexPath {
  /// `var row: Int { get }`: UIKit's, the item's position in its section.
  public var row: Int { self[1] }
  /// `var section: Int { get }`: UIKit's.
  public var section: Int { self[0] }
}

/// `@MainActor class UIScrollView: UIView`.
@MainActor open class UIScrollView: UIView {}

/// `@MainActor class UITableView: UIScrollView`.
@MainActor open class UITableView: UIScrollView {
  /// `func reloadData()`: asks the data source for every row again.
  open func reloadData() {}

  /// `func deselectRow(at indexPath: IndexPath, animated: Bool)`.
  open func deselectRow(at indexPath: IndexPath, animated: Bool) {}

  /// `enum UITableView.Style: Int`.
  public enum Style: Int, Sendable {
    /// `case plain`.
    case plain
    /// `case grouped`.
    case grouped
    /// `case insetGrouped`, iOS 13+.
    case insetGrouped
  }
}

/// `protocol UIContentConfiguration`, iOS 14+: what a cell shows (its requirements, which
/// make the content view, are left out: the app makes none).
public protocol UIContentConfiguration {}

/// `struct UIListContentConfiguration: UIContentConfiguration, Hashable`, iOS 14+. Main-actor
/// here, as its Objective-C class is (`NS_SWIFT_UI_ACTOR`): stricter, never looser, than Apple's.
@MainActor public struct UIListContentConfiguration: UIContentConfiguration {
  /// `var text: String? { get set }`.
  public var text: String?
  /// `var secondaryText: String? { get set }`.
  public var secondaryText: String?
}

/// `@MainActor class UITableViewCell: UIView`.
@MainActor open class UITableViewCell: UIView {
  /// `init(style: UITableViewCell.CellStyle, reuseIdentifier: String?)`.
  public init(style: CellStyle, reuseIdentifier: String?) {}

  /// `init?(coder: NSCoder)`, required.
  public required init?(coder: NSCoder) {}

  /// `@discardableResult func defaultContentConfiguration() -> UIListContentConfiguration`,
  /// iOS 14+: the configuration of the cell's style, empty.
  @discardableResult
  open func defaultContentConfiguration() -> UIListContentConfiguration {
    UIListContentConfiguration()
  }

  /// `var contentConfiguration: (any UIContentConfiguration)? { get set }`, iOS 14+.
  open var contentConfiguration: (any UIContentConfiguration)?

  /// `var accessoryType: UITableViewCell.AccessoryType { get set }`.
  open var accessoryType: AccessoryType = .none

  /// `enum UITableViewCell.CellStyle: Int`.
  public enum CellStyle: Int, Sendable {
    /// `case default`.
    case `default`
    /// `case value1`: the secondary text at the trailing edge.
    case value1
    /// `case value2`.
    case value2
    /// `case subtitle`: the secondary text under the text.
    case subtitle
  }

  /// `enum UITableViewCell.AccessoryType: Int`.
  public enum AccessoryType: Int, Sendable {
    /// `case none`.
    case none
    /// `case disclosureIndicator`: a chevron, for a row that pushes a screen.
    case disclosureIndicator
  }
}

/// `@MainActor class UITableViewController: UIViewController, UITableViewDelegate,
/// UITableViewDataSource`.
@MainActor open class UITableViewController: UIViewController {
  /// `init(style: UITableView.Style)`.
  public init(style: UITableView.Style) { super.init(nibName: nil, bundle: nil) }

  /// `init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?)`.
  public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
    super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
  }

  /// `init?(coder: NSCoder)`.
  public required init?(coder: NSCoder) { super.init(coder: coder) }

  /// `var tableView: UITableView! { get set }`.
  open var tableView: UITableView!

  /// `UITableViewDataSource`'s optional `func numberOfSections(in tableView: UITableView) ->
  /// Int`: 1 unless overridden.
  open func numberOfSections(in tableView: UITableView) -> Int { 1 }

  /// `UITableViewDataSource`'s `func tableView(_ tableView: UITableView,
  /// numberOfRowsInSection section: Int) -> Int`.
  open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }

  /// `UITableViewDataSource`'s `func tableView(_ tableView: UITableView, cellForRowAt
  /// indexPath: IndexPath) -> UITableViewCell`.
  open func tableView(
    _ tableView: UITableView, cellForRowAt indexPath: IndexPath
  ) -> UITableViewCell {
    fatalError("a stand-in, for type-checking only")
  }

  /// `UITableViewDataSource`'s optional `func tableView(_ tableView: UITableView,
  /// titleForHeaderInSection section: Int) -> String?`.
  open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
    nil
  }

  /// `UITableViewDelegate`'s optional `func tableView(_ tableView: UITableView, didSelectRowAt
  /// indexPath: IndexPath)`.
  open func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
}
