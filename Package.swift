// swift-tools-version: 6.2
import PackageDescription

/// Settings every target of ours shares: Swift 6 mode, and no warnings in the project's own
/// builds. Warnings are errors only when `REACTORS_WARNINGS_AS_ERRORS=1` is set (`.ci/run` sets
/// it): Xcode and SwiftPM's swiftbuild build system compile every dependency with
/// `-suppress-warnings`, which conflicts with `-warnings-as-errors`, so an unconditional setting
/// would fail the first build of every app that adds Reactors.
let strict: [SwiftSetting] =
  [.swiftLanguageMode(.v6)]
  + (Context.environment["REACTORS_WARNINGS_AS_ERRORS"] == "1"
    ? [.treatAllWarnings(as: .error)] : [])

let package = Package(
  name: "Reactors",
  platforms: [
    .iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1),
  ],
  products: [
    .library(name: "Reactors", targets: ["Reactors"]),
    .library(name: "ReactorsTesting", targets: ["ReactorsTesting"]),
    .library(name: "ReactorsLogging", targets: ["ReactorsLogging"]),
    .library(name: "ReactorsCombine", targets: ["ReactorsCombine"]),
    .library(name: "ReactorsRecording", targets: ["ReactorsRecording"]),
    .library(name: "ReactorsInspector", targets: ["ReactorsInspector"]),
  ],
  dependencies: [
    // Only for ReactorsLogging and ReactorsTesting: the log API, readable state diffs, and
    // test failures reported to Swift Testing and XCTest alike. Apps that import neither do not
    // build them; custom-dump brings xctest-dynamic-overlay anyway.
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
    // Only for ReactorsCombine, and only where Apple's Combine is missing (Linux, Windows,
    // Android): apps on Apple platforms build nothing of it.
    .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    // Only for ReactorsInspector, a debug tool: FlyingSocks, the socket layer of FlyingFox
    // (Swift Concurrency over BSD sockets, no other dependency), under the inspector's own
    // small HTTP server. Apps that do not import it do not build it.
    .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
    // Only a command plugin, to build the documentation (`swift package generate-documentation`):
    // nothing of it is linked into any target.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    // Only for ReactorsRecordingTests: property-based tests (generated values, seeds to replay a
    // failure) that hold the recording files' JSON coder to JSONEncoder's bytes and JSONDecoder's
    // values and errors. No dependency of its own; an app that depends on Reactors neither
    // fetches nor builds it (SwiftPM leaves out what only a dependency's tests use).
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
  ],
  targets: [
    .target(name: "Reactors", swiftSettings: strict),
    // Recording files: a recording written as the app runs, and read back to replay. Apart from
    // the core, which records in memory: its coders know Foundation's Data, URL and Decimal.
    .target(
      name: "ReactorsRecording",
      dependencies: ["Reactors", .product(name: "CustomDump", package: "swift-custom-dump")],
      swiftSettings: strict),
    // The inspector: a page the app serves, to watch, search and time-travel its recordings.
    .target(
      name: "ReactorsInspector",
      dependencies: [
        "Reactors", "ReactorsRecording",
        .product(name: "FlyingSocks", package: "FlyingFox"),
      ],
      swiftSettings: strict),
    .testTarget(
      name: "ReactorsInspectorTests",
      dependencies: ["Reactors", "ReactorsInspector", "ReactorsTesting", "ReactorsTestSupport"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "ReactorsRecordingTests",
      dependencies: [
        "Reactors", "ReactorsRecording", "ReactorsTesting", "ReactorsTestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      swiftSettings: strict
    ),
    // The test toolkit: exhaustive testers for reactors and stores, and a clock that moves only
    // when a test says so.
    .target(
      name: "ReactorsTesting",
      dependencies: [
        "Reactors",
        "ReactorsRecording",
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        // Lets the failures reach Swift Testing and XCTest, so that a test target needs only
        // ReactorsTesting.
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ],
      swiftSettings: strict
    ),
    // A store middleware that logs each action and the diff of the state it changed.
    .target(
      name: "ReactorsLogging",
      dependencies: [
        "Reactors",
        .product(name: "Logging", package: "swift-log"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
      ],
      swiftSettings: strict
    ),
    // Combine glue: effects from publishers, publishers of state, middleware returning
    // publishers, and stores and reactors as `ObservableObject`s. Combine on Apple platforms,
    // OpenCombine elsewhere.
    .target(
      name: "ReactorsCombine",
      dependencies: [
        "Reactors",
        .product(
          name: "OpenCombine", package: "OpenCombine",
          condition: .when(platforms: [.linux, .windows, .android, .wasi, .openbsd])),
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "ReactorsCombineTests",
      dependencies: [
        "Reactors",
        "ReactorsCombine",
        "ReactorsTesting",
        "ReactorsTestSupport",
        .product(
          name: "OpenCombine", package: "OpenCombine",
          condition: .when(platforms: [.linux, .windows, .android, .wasi, .openbsd])),
      ],
      exclude: ["Seed001"],
      swiftSettings: strict
    ),
    // Seed 001's app code (state, actions, reducer, Combine middleware, store) as the article
    // wrote it, compiled as a new app target compiles it: main-actor by default.
    .testTarget(
      name: "Seed001CombineTests",
      dependencies: [
        "Reactors",
        "ReactorsCombine",
        .product(
          name: "OpenCombine", package: "OpenCombine",
          condition: .when(platforms: [.linux, .windows, .android, .wasi, .openbsd])),
      ],
      path: "Tests/ReactorsCombineTests/Seed001",
      swiftSettings: strict + [.defaultIsolation(MainActor.self)]
    ),
    // Helpers the test targets share: a locked value, real threads with a deadline, and the
    // counter whose recordings the replay tests of two targets replay.
    .target(
      name: "ReactorsTestSupport", dependencies: ["Reactors"], path: "Tests/Support",
      swiftSettings: strict),
    .testTarget(
      name: "ReactorsTests",
      dependencies: [
        "Reactors",
        "ReactorsTesting",
        "ReactorsTestSupport",
      ],
      exclude: ["Seeds"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "ReactorsLoggingTests",
      dependencies: [
        "ReactorsLogging",
        .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "ReactorsTestingTests",
      dependencies: [
        "Reactors",
        "ReactorsRecording",
        "ReactorsTesting",
        "ReactorsTestSupport",
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ],
      swiftSettings: strict
    ),
    // The documentation's code: every Swift block of the articles is compiled and run here.
    .testTarget(
      name: "DocumentationTests",
      dependencies: [
        "Reactors", "ReactorsInspector", "ReactorsRecording", "ReactorsTesting",
        "ReactorsTestSupport",
      ],
      swiftSettings: strict
    ),
    // The seed articles' reactors, views and tests, compiled as a new app target compiles
    // them: main-actor by default.
    .testTarget(
      name: "SeedTests",
      dependencies: [
        "Reactors",
        "ReactorsTesting",
      ],
      path: "Tests/ReactorsTests/Seeds",
      swiftSettings: strict + [.defaultIsolation(MainActor.self)]
    ),
  ]
)
