// swift-tools-version: 6.2
import PackageDescription

/// Settings every target of ours shares: Swift 6 mode, and no warnings in the project's own
/// builds (with `REACTORS_WARNINGS_AS_ERRORS=1`, which `.ci/run` sets; see the library's
/// Package.swift for why never unconditionally).
let strict: [SwiftSetting] =
  [.swiftLanguageMode(.v6)]
  + (Context.environment["REACTORS_WARNINGS_AS_ERRORS"] == "1"
    ? [.treatAllWarnings(as: .error)] : [])

let package = Package(
  name: "ReactorsExamples",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "counter", targets: ["counter"]),
    .executable(name: "todo", targets: ["todo"]),
    .executable(name: "search", targets: ["search"]),
    .executable(name: "standups", targets: ["standups"]),
  ],
  dependencies: [
    .package(name: "Reactors", path: ".."),
    // The todo list's SQLite file. Needs libsqlite3-dev on Linux.
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    // The search example's HTTP server: Swift Concurrency over BSD sockets, no other dependency.
    .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
  ],
  targets: [
    // Raw keys in, unbuffered text out, outside text shown as text only: what the terminal
    // programs share.
    .target(name: "ExampleTerminal", swiftSettings: strict),
    // The seed's counter as a terminal program: `+`, `-`, `q`.
    .executableTarget(
      name: "counter",
      dependencies: [.product(name: "Reactors", package: "Reactors"), "ExampleTerminal"],
      swiftSettings: strict
    ),
    // ReactorKit's GitHubSearch grown up: Unicode names searched over HTTP as you type.
    // Optimized in debug builds too: its server indexes 155,000 names as it starts, which takes
    // about 3 s unoptimized and 0.8 s optimized here, and the first search waits for it (the
    // end-to-end tests start several servers at once on two cores, and their first searches timed
    // out at the client's 10 s).
    .target(
      name: "SearchCore",
      dependencies: [
        .product(name: "Reactors", package: "Reactors"),
        .product(name: "FlyingFox", package: "FlyingFox"),
        // Sanitized: a server's answer or an agent's query is shown as text only.
        "ExampleTerminal",
      ],
      swiftSettings: strict + [.unsafeFlags(["-O"], .when(configuration: .debug))]
    ),
    .executableTarget(
      name: "search",
      dependencies: [
        "SearchCore", "ExampleTerminal",
        .product(name: "ReactorsRecording", package: "Reactors"),
        .product(name: "ReactorsInspector", package: "Reactors"),
      ],
      swiftSettings: strict),
    // A todo list on a Store whose middleware saves every change to SQLite.
    .target(
      name: "TodoCore",
      dependencies: [
        .product(name: "Reactors", package: "Reactors"),
        .product(name: "GRDB", package: "GRDB.swift"),
        // Sanitized: a title from the file or a typed line is shown as text only.
        "ExampleTerminal",
      ],
      swiftSettings: strict
    ),
    .executableTarget(
      name: "todo",
      dependencies: [
        "TodoCore", "ExampleTerminal",
        .product(name: "ReactorsRecording", package: "Reactors"),
        .product(name: "ReactorsInspector", package: "Reactors"),
      ],
      swiftSettings: strict),
    // The standups app's core (TCA's SyncUps, five screens on one Store): features, navigation
    // as state, deep links, and its clients (SQLite through GRDB, speech, clock, ids, dates).
    .target(
      name: "StandupsCore",
      dependencies: [
        .product(name: "Reactors", package: "Reactors"),
        .product(name: "GRDB", package: "GRDB.swift"),
      ],
      swiftSettings: strict
    ),
    // The standups app in the terminal: the screen on top of the stack, its sheet or alert,
    // keys per screen; --clock-speed, --transcript, a deep link, --record, --inspect.
    .executableTarget(
      name: "standups",
      dependencies: [
        "StandupsCore", "ExampleTerminal",
        .product(name: "ReactorsRecording", package: "Reactors"),
        .product(name: "ReactorsInspector", package: "Reactors"),
      ],
      swiftSettings: strict),
    // Drives the terminal programs in tmux, as a person would.
    .target(
      name: "TerminalTesting", dependencies: ["ProcessEnd"], path: "Tests/TerminalTesting",
      swiftSettings: strict),
    // Linux's pidfd, for the tests to await a process's end as a signal: `syscall`, which
    // opens one, is variadic and cannot be called from Swift.
    .target(name: "ProcessEnd", path: "Tests/ProcessEnd"),
    .testTarget(
      name: "CounterTests",
      dependencies: ["counter", "TerminalTesting"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "TerminalTestingTests", dependencies: ["TerminalTesting"], swiftSettings: strict),
    .testTarget(
      name: "ExampleTerminalTests",
      dependencies: ["ExampleTerminal"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "SearchTests",
      dependencies: [
        "SearchCore", "search", "TerminalTesting",
        .product(name: "ReactorsTesting", package: "Reactors"),
        .product(name: "ReactorsRecording", package: "Reactors"),
        .product(name: "ReactorsInspector", package: "Reactors"),
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "StandupsCoreTests",
      dependencies: [
        "StandupsCore",
        .product(name: "ReactorsTesting", package: "Reactors"),
        // To write what the app would not into a file, as another program could.
        .product(name: "GRDB", package: "GRDB.swift"),
      ],
      swiftSettings: strict
    ),
    // The standups program end to end in tmux, as a person would use it.
    .testTarget(
      name: "StandupsTests",
      dependencies: [
        "StandupsCore", "standups", "TerminalTesting",
        .product(name: "Reactors", package: "Reactors"),
        .product(name: "ReactorsRecording", package: "Reactors"),
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "TodoTests",
      dependencies: [
        "TodoCore", "todo", "TerminalTesting",
        // To write what the list would not into a file, as another program could.
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "ReactorsTesting", package: "Reactors"),
        .product(name: "ReactorsRecording", package: "Reactors"),
      ],
      swiftSettings: strict
    ),
  ]
)
