// swift-tools-version: 6.2
import PackageDescription

// The standups app for Apple platforms: StandupsCore (TCA's SyncUps on one Reactors store, built
// and tested on Linux in the Examples package) under a SwiftUI app and a UIKit app. Open it in
// Xcode by adding this folder as a local package to an app project (the README says how); it is
// not built on Linux, where .ci/AppleStandIns type-checks the same sources against stand-ins for
// SwiftUI and UIKit.
//
// `StandupsCore` is a link to Examples/Sources/StandupsCore, compiled here rather than taken
// from the Examples package: that one is built for macOS only, and would bring its terminal
// programs' dependencies along.

/// Swift 6 mode, and no warnings in the project's own builds (with
/// `REACTORS_WARNINGS_AS_ERRORS=1`; see the library's Package.swift for why never
/// unconditionally).
let strict: [SwiftSetting] =
  [.swiftLanguageMode(.v6)]
  + (Context.environment["REACTORS_WARNINGS_AS_ERRORS"] == "1"
    ? [.treatAllWarnings(as: .error)] : [])

let reactors: Target.Dependency = .product(name: "Reactors", package: "Reactors")

let package = Package(
  name: "StandupsApple",
  // Observation (the SwiftUI app's view model) needs iOS 17 and macOS 14; StandupsCore's
  // `Mutex`, iOS 18 and macOS 15.
  platforms: [.iOS(.v18), .macOS(.v15)],
  products: [
    // The SwiftUI app's views: `StandupsRootView(store:)`.
    .library(name: "StandupsSwiftUI", targets: ["StandupsSwiftUI"]),
    // The UIKit app's view controllers (iOS): `StandupsUIKitApp(store:).rootViewController`.
    .library(name: "StandupsUIKit", targets: ["StandupsUIKit"]),
  ],
  dependencies: [
    .package(name: "Reactors", path: "../.."),
    // StandupsCore's SQLite file.
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
  ],
  targets: [
    .target(
      name: "StandupsCore",
      dependencies: [reactors, .product(name: "GRDB", package: "GRDB.swift")],
      path: "StandupsCore", swiftSettings: strict),
    // What both apps show of the state: texts, and the identity of a form sheet.
    .target(
      name: "StandupsAppSupport", dependencies: ["StandupsCore"], path: "StandupsAppSupport",
      swiftSettings: strict),
    .target(
      name: "StandupsSwiftUI", dependencies: [reactors, "StandupsCore", "StandupsAppSupport"],
      path: "StandupsSwiftUI", exclude: ["App"], swiftSettings: strict),
    .target(
      name: "StandupsUIKit", dependencies: [reactors, "StandupsCore", "StandupsAppSupport"],
      path: "StandupsUIKit", exclude: ["App"], swiftSettings: strict),
  ]
)
