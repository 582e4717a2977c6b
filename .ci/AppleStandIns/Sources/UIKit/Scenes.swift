// UIKit's scenes and windows, for the standups app's scene delegate (see UIKit.swift), with
// Apple's shapes. Optional delegate requirements are declared as UIKit.swift says.

/// `@MainActor class UIScene: UIResponder`, iOS 13+: an instance of the app's interface.
@MainActor open class UIScene: UIResponder {
  /// `@MainActor class UIScene.ConnectionOptions: NSObject`: why the scene connects (a URL,
  /// a shortcut, a notification).
  @MainActor open class ConnectionOptions: NSObject {}
}

/// `@MainActor class UIWindowScene: UIScene`, iOS 13+: a scene with windows.
@MainActor open class UIWindowScene: UIScene {}

/// `@MainActor class UISceneSession: NSObject`, iOS 13+.
@MainActor open class UISceneSession: NSObject {}

/// `@MainActor class UIWindow: UIView`.
@MainActor open class UIWindow: UIView {
  /// `init(windowScene: UIWindowScene)`, iOS 13+: a window of the scene.
  public init(windowScene: UIWindowScene) {}

  /// `var rootViewController: UIViewController? { get set }`.
  open var rootViewController: UIViewController?

  /// `func makeKeyAndVisible()`: shows the window, receiving the keyboard's events.
  open func makeKeyAndVisible() {}
}

/// `@MainActor protocol UISceneDelegate: NSObjectProtocol`, iOS 13+: every requirement optional.
@MainActor public protocol UISceneDelegate: NSObjectProtocol {
  /// `optional func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options
  /// connectionOptions: UIScene.ConnectionOptions)`: where the app makes its window.
  func scene(
    _ scene: UIScene, willConnectTo session: UISceneSession,
    options connectionOptions: UIScene.ConnectionOptions)
}

extension UISceneDelegate {
  /// What stands for "not implemented" (see the top of UIKit.swift).
  @available(*, deprecated, message: "optional requirement not implemented: check its spelling")
  public func scene(
    _ scene: UIScene, willConnectTo session: UISceneSession,
    options connectionOptions: UIScene.ConnectionOptions
  ) {}
}

/// `@MainActor protocol UIWindowSceneDelegate: UISceneDelegate`, iOS 13+: every requirement
/// optional.
@MainActor public protocol UIWindowSceneDelegate: UISceneDelegate {
  /// `optional var window: UIWindow? { get set }`: the scene's main window.
  var window: UIWindow? { get set }
}

extension UIWindowSceneDelegate {
  /// What stands for "not implemented" (see the top of UIKit.swift).
  @available(*, deprecated, message: "optional requirement not implemented: check its spelling")
  public var window: UIWindow? {
    get { nil }
    set {}
  }
}

/// Never called: calls the scene delegates' requirements through their protocols, with Apple's
/// names and labels, so that a requirement above that is misspelt fails to compile.
@MainActor
private func callsTheSceneDelegatesThroughTheirProtocols(
  _ delegate: any UIWindowSceneDelegate, _ scene: UIScene, _ session: UISceneSession,
  _ options: UIScene.ConnectionOptions
) {
  delegate.scene(scene, willConnectTo: session, options: options)
  _ = delegate.window
}
