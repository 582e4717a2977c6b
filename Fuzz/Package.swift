// swift-tools-version: 6.2
import PackageDescription

// The coverage-guided fuzzer of the recording files' reader and JSON decoder: one libFuzzer
// target, built by `Fuzz/run` with `-sanitize=fuzzer,address` over the library's own sources.
// A package of its own, as the benchmarks are, so that the library's manifest stays as apps
// see it.
let package = Package(
  name: "ReactorsFuzz",
  platforms: [.macOS(.v13)],
  dependencies: [.package(name: "Reactors", path: "..")],
  targets: [
    // libFuzzer's driver, declared for Swift: SwiftPM gives an executable a `main` of its own
    // (`--defsym main=ReactorsFuzz_main`), so the target's `main.swift` starts libFuzzer
    // itself rather than linking libFuzzer's `main`.
    .target(name: "FuzzDriver"),
    .executableTarget(
      name: "ReactorsFuzz",
      dependencies: [
        "FuzzDriver",
        .product(name: "Reactors", package: "Reactors"),
        .product(name: "ReactorsRecording", package: "Reactors"),
      ],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
  ]
)
