// swift-tools-version: 6.2
import PackageDescription

/// Settings every target of ours shares: Swift 6 mode and no warnings.
let strict: [SwiftSetting] = [
  .swiftLanguageMode(.v6),
  .treatAllWarnings(as: .error),
]

let package = Package(
  name: "ReactorsExamples",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "counter", targets: ["counter"])
  ],
  dependencies: [
    .package(name: "Reactors", path: "..")
  ],
  targets: [
    // The seed's counter as a terminal program: `+`, `-`, `q`.
    .executableTarget(
      name: "counter",
      dependencies: [.product(name: "Reactors", package: "Reactors")],
      swiftSettings: strict
    ),
    .testTarget(
      name: "CounterTests",
      dependencies: ["counter"],
      swiftSettings: strict
    ),
  ]
)
