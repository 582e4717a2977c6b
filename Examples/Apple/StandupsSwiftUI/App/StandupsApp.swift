// The SwiftUI app's entry point: the only file of an Xcode app target that adds the
// StandupsSwiftUI product of Examples/Apple/Package.swift (the README says how). Not part of
// that product (a library has no `@main`); type-checked on Linux as a target of its own in
// .ci/AppleStandIns, with the settings of a new Xcode 26 app target.
import StandupsSwiftUI
import SwiftUI

/// The standups app: one window, over the store made once when the app starts.
@main
struct StandupsApp: App {
  let store = StandupsRootView.liveStore()

  var body: some Scene {
    WindowGroup { StandupsRootView(store: store) }
  }
}
