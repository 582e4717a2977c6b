// swift-tools-version: 6.2
import PackageDescription

// A package that uses Reactors as an app does: by its git URL, never by path, with every
// product, and with the settings of a new Xcode 26 app target (main actor by default,
// Approachable Concurrency). CI builds and tests it with both of SwiftPM's build systems (see
// `.ci/consumer`); it is never shipped.
//
// The URL is the repository this package sits in (its commit `REACTORS_REVISION`, which
// `.ci/consumer` sets to the commit under test, or else its branch `main`): commit before you
// try a change here. `REACTORS_GIT_URL` points it elsewhere.

/// The repository root: this package's parent folder.
let root = Context.packageDirectory.split(separator: "/").dropLast().joined(separator: "/")
let url = Context.environment["REACTORS_GIT_URL"] ?? "file:///\(root)"
/// SwiftPM names a package by its URL's last component, lowercased, without `.git`: the name a
/// product reference needs.
let reactors = String(
  url.split(separator: "/").last!.lowercased().replacing(/\.git$/, with: ""))

/// What Xcode 26 gives a new app target: the main actor by default, the upcoming features
/// Approachable Concurrency turns on (the others it names are part of Swift 6 already), and
/// member import visibility. In Swift 6 mode, stricter than the template's Swift 5 mode.
let newAppTarget: [SwiftSetting] = [
  .swiftLanguageMode(.v6),
  .defaultIsolation(MainActor.self),
  .enableUpcomingFeature("InferIsolatedConformances"),
  .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
  .enableUpcomingFeature("MemberImportVisibility"),
]

/// Combine where Apple's is missing, as the app's own Combine code needs it on Linux.
let openCombine: Target.Dependency = .product(
  name: "OpenCombine", package: "OpenCombine",
  condition: .when(platforms: [.linux, .windows, .android, .wasi, .openbsd]))

let package = Package(
  name: "ReactorsConsumer",
  platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  dependencies: [
    Context.environment["REACTORS_REVISION"].map { .package(url: url, revision: $0) }
      ?? .package(url: url, branch: "main"),
    .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
  ],
  targets: [
    // The app's code: a reactor, a store with logging, and state as a publisher.
    .target(
      name: "ConsumerApp",
      dependencies: [
        .product(name: "Reactors", package: reactors),
        .product(name: "ReactorsCombine", package: reactors),
        .product(name: "ReactorsLogging", package: reactors),
        openCombine,
      ],
      swiftSettings: newAppTarget
    ),
    // The app's tests, with the test toolkit, in the same settings.
    .testTarget(
      name: "ConsumerAppTests",
      dependencies: [
        "ConsumerApp",
        .product(name: "Reactors", package: reactors),
        .product(name: "ReactorsInspector", package: reactors),
        .product(name: "ReactorsRecording", package: reactors),
        .product(name: "ReactorsTesting", package: reactors),
        openCombine,
      ],
      swiftSettings: newAppTarget
    ),
  ]
)
