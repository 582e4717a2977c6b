// swift-tools-version: 6.2
import PackageDescription

// A plain release-mode harness, not a benchmark framework: every scenario times a loop of up to
// millions of operations, so a framework's per-sample overhead buys nothing, and CI builds it
// with no dependency beyond the library (and, for scenario 8's `ObservableObject` row, the
// library's Combine glue, which brings OpenCombine on Linux; for scenario 10, its inspector,
// which brings FlyingFox).
let package = Package(
  name: "ReactorsBenchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [.package(name: "Reactors", path: "..")],
  targets: [
    // glibc's heap statistics (mallinfo2), which Swift's Glibc module does not export.
    .target(name: "HeapStatistics"),
    // Which processors a thread may run on (Linux's sched_setaffinity, whose set is made with
    // C macros): see Processors.swift.
    .target(name: "ProcessorAffinity"),
    .executableTarget(
      name: "ReactorsBenchmarks",
      dependencies: [
        .product(name: "Reactors", package: "Reactors"),
        .product(name: "ReactorsCombine", package: "Reactors"),
        .product(name: "ReactorsRecording", package: "Reactors"),
        .product(name: "ReactorsInspector", package: "Reactors"),
        "HeapStatistics",
        "ProcessorAffinity",
      ],
      // Warnings are errors in the project's own builds only (see the library's Package.swift).
      swiftSettings: [.swiftLanguageMode(.v6)]
        + (Context.environment["REACTORS_WARNINGS_AS_ERRORS"] == "1"
          ? [.treatAllWarnings(as: .error)] : [])
    ),
  ]
)
