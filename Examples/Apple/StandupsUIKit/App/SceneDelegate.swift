// The UIKit app's scene delegate: it replaces the one of Xcode's iOS App template (Interface:
// Storyboard), whose `AppDelegate.swift` stays as it is (the README says how). Not part of the
// StandupsUIKit product; type-checked on Linux as a target of its own in .ci/AppleStandIns, with
// the settings of a new Xcode 26 app target.
import StandupsUIKit
import UIKit

/// Shows the standups app in the scene's window, over the store made once when the scene
/// connects.
final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
  var window: UIWindow?
  /// The app, kept as long as its window.
  private var app: StandupsUIKitApp?

  func scene(
    _ scene: UIScene, willConnectTo session: UISceneSession,
    options connectionOptions: UIScene.ConnectionOptions
  ) {
    guard let windowScene = scene as? UIWindowScene else { return }
    let app = StandupsUIKitApp(store: StandupsUIKitApp.liveStore())
    let window = UIWindow(windowScene: windowScene)
    window.rootViewController = app.rootViewController
    window.makeKeyAndVisible()
    self.window = window
    self.app = app
  }
}
