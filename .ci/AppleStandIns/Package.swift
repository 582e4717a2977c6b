// swift-tools-version: 6.2
import PackageDescription

// CI only, never shipped: type-checks Reactors' Apple-only glue on Linux. The library's own
// sources (linked here, not copied) are compiled in Swift 6 mode against
// stand-in modules named UIKit, SwiftUI and os, and Combine (OpenCombine under Apple's name),
// so that the code behind `#if canImport(UIKit)` and the like is compiled too (warnings are
// errors with `REACTORS_WARNINGS_AS_ERRORS=1`, as `.ci/run` sets). Each stand-in
// declares only the API the glue uses, with the signatures and isolation Apple documents; none
// of it runs. Run by `.ci/run` as `swift build --package-path .ci/AppleStandIns`.
let strict: [SwiftSetting] =
  [.swiftLanguageMode(.v6)]
  + (Context.environment["REACTORS_WARNINGS_AS_ERRORS"] == "1"
    ? [.treatAllWarnings(as: .error)] : [])

let package = Package(
  name: "AppleStandIns",
  dependencies: [
    .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0")
  ],
  targets: [
    .target(name: "UIKit", swiftSettings: strict),
    .target(name: "SwiftUI", swiftSettings: strict),
    .target(name: "os", swiftSettings: strict),
    .target(
      name: "Combine", dependencies: [.product(name: "OpenCombine", package: "OpenCombine")],
      swiftSettings: strict),
    .target(
      name: "Reactors", dependencies: ["UIKit", "SwiftUI", "os"], exclude: ["Reactors.docc"],
      swiftSettings: strict),
    .target(
      name: "ReactorsCombine", dependencies: ["Reactors", "Combine"],
      exclude: ["ReactorsCombine.docc"], swiftSettings: strict),
  ]
)
