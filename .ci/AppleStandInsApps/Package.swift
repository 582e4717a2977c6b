// swift-tools-version: 6.2
import PackageDescription

// CI only, never shipped: type-checks the standups apps of Examples/Apple on Linux, against the
// stand-in UIKit, SwiftUI and os modules of `.ci/AppleStandIns` (linked here, not copied), over
// the library's sources and StandupsCore (both linked). A package of its own, apart from
// AppleStandIns: StandupsCore needs GRDB, which compiles its Combine code whenever a module
// named Combine is in sight, and AppleStandIns has one (OpenCombine under Apple's name), whose C
// helpers GRDB cannot see. Run by `.ci/run` as `swift build --package-path .ci/AppleStandInsApps`
// (warnings are errors with `REACTORS_WARNINGS_AS_ERRORS=1`, as `.ci/run` sets).
let strict: [SwiftSetting] =
  [.swiftLanguageMode(.v6)]
  + (Context.environment["REACTORS_WARNINGS_AS_ERRORS"] == "1"
    ? [.treatAllWarnings(as: .error)] : [])

/// What Xcode 26 gives a new app target (as in Consumer/Package.swift): the main actor by
/// default, the upcoming features of Approachable Concurrency, and member import visibility.
let newAppTarget: [SwiftSetting] =
  strict + [
    .defaultIsolation(MainActor.self),
    .enableUpcomingFeature("InferIsolatedConformances"),
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
  ]

let package = Package(
  name: "AppleStandInsApps",
  dependencies: [
    // StandupsCore's SQLite file. Needs libsqlite3-dev on Linux.
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0")
  ],
  targets: [
    .target(name: "UIKit", swiftSettings: strict),
    .target(name: "SwiftUI", swiftSettings: strict),
    .target(name: "os", swiftSettings: strict),
    .target(
      name: "Reactors", dependencies: ["UIKit", "SwiftUI", "os"], exclude: ["Reactors.docc"],
      swiftSettings: strict),
    // The standups apps (Examples/Apple), over their core, linked from Examples/Sources. Each
    // without `packageAccess`, so outside Reactors' package, as where they are built for real
    // (Examples/Apple depends on Reactors by path): Reactors' `package` API is out of reach.
    .target(
      name: "StandupsCore",
      dependencies: ["Reactors", .product(name: "GRDB", package: "GRDB.swift")],
      packageAccess: false, swiftSettings: strict),
    .target(
      name: "StandupsAppSupport", dependencies: ["StandupsCore"], packageAccess: false,
      swiftSettings: strict),
    .target(
      name: "StandupsSwiftUI",
      dependencies: ["Reactors", "StandupsCore", "StandupsAppSupport", "SwiftUI"],
      exclude: ["App"], packageAccess: false, swiftSettings: strict),
    .target(
      name: "StandupsSwiftUIApp", dependencies: ["StandupsSwiftUI", "SwiftUI"],
      packageAccess: false, swiftSettings: newAppTarget),
    .target(
      name: "StandupsUIKit",
      dependencies: ["Reactors", "StandupsCore", "StandupsAppSupport", "UIKit"],
      exclude: ["App"], packageAccess: false, swiftSettings: strict),
    .target(
      name: "StandupsUIKitApp", dependencies: ["StandupsUIKit", "UIKit"],
      packageAccess: false, swiftSettings: newAppTarget),
  ]
)
