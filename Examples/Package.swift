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
    .executable(name: "counter", targets: ["counter"]),
    .executable(name: "todo", targets: ["todo"]),
  ],
  dependencies: [
    .package(name: "Reactors", path: ".."),
    // The todo list's SQLite file. Needs libsqlite3-dev on Linux.
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
  ],
  targets: [
    // The seed's counter as a terminal program: `+`, `-`, `q`.
    .executableTarget(
      name: "counter",
      dependencies: [.product(name: "Reactors", package: "Reactors")],
      swiftSettings: strict
    ),
    // A todo list on a Store whose middleware saves every change to SQLite.
    .target(
      name: "TodoCore",
      dependencies: [
        .product(name: "Reactors", package: "Reactors"),
        .product(name: "GRDB", package: "GRDB.swift"),
      ],
      swiftSettings: strict
    ),
    .executableTarget(name: "todo", dependencies: ["TodoCore"], swiftSettings: strict),
    // Drives the terminal programs in tmux, as a person would.
    .target(name: "TerminalTesting", path: "Tests/TerminalTesting", swiftSettings: strict),
    .testTarget(
      name: "CounterTests",
      dependencies: ["counter", "TerminalTesting"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "TodoTests",
      dependencies: ["TodoCore", "todo", "TerminalTesting"],
      swiftSettings: strict
    ),
  ]
)
