// swift-tools-version: 6.2
import PackageDescription

/// Settings every target of ours shares: Swift 6 mode and no warnings.
let strict: [SwiftSetting] = [
  .swiftLanguageMode(.v6),
  .treatAllWarnings(as: .error),
]

let package = Package(
  name: "Reactors",
  platforms: [
    .iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1),
  ],
  products: [
    .library(name: "Reactors", targets: ["Reactors"])
  ],
  dependencies: [
    // Test-only: a controllable clock for effects that wait (contract 5).
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1")
  ],
  targets: [
    .target(name: "Reactors", swiftSettings: strict),
    .testTarget(
      name: "ReactorsTests",
      dependencies: [
        "Reactors",
        .product(name: "Clocks", package: "swift-clocks"),
      ],
      exclude: ["Seeds"],
      swiftSettings: strict
    ),
    // The seed articles' reactors, views and tests, compiled as a new app target compiles
    // them: main-actor by default.
    .testTarget(
      name: "SeedTests",
      dependencies: [
        "Reactors",
        .product(name: "Clocks", package: "swift-clocks"),
      ],
      path: "Tests/ReactorsTests/Seeds",
      swiftSettings: strict + [.defaultIsolation(MainActor.self)]
    ),
  ]
)
