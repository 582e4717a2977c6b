#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
#if canImport(os)
  import os
#endif

/// Reports a runtime warning: a misuse or a failure that Reactors survives, but that the
/// programmer should fix. It never stops the program.
///
/// It goes to standard error everywhere and, on Apple platforms, to the system log as a fault
/// (subsystem `dev.reactors`, category `runtime-issues`), which an app on a device keeps and
/// Console and Xcode's console show. Xcode's issue navigator is not told: that takes
/// IssueReporting (xctest-dynamic-overlay), which the core does not depend on; a reactor's
/// `report(_:)` is the hook for routing issues anywhere else.
///
/// **It never floods.** Warnings with the same `key` (a reactor type and a kind of issue) are
/// shown the first time, then only at the 10th, 100th, 1,000th... time, with the count, so a
/// mistake repeated a million times costs seven lines (see ``WarningThrottle``).
@usableFromInline
package func runtimeWarning(_ message: @autoclosure () -> String, key: String) {
  guard let count = warningThrottle.withLock({ $0.occurred(key) }) else { return }
  let text = count == 1 ? message() : "\(message()) (\(count) times so far)"
  #if canImport(os)
    // `Logger` is there on every system the package supports (iOS 14, macOS 11 and later).
    Logger(subsystem: "dev.reactors", category: "runtime-issues")
      .fault("\(text, privacy: .public)")
  #endif
  let line = "[Reactors] warning: \(text)\n"
  _ = line.withCString { pointer in
    write(STDERR_FILENO, pointer, strlen(pointer))
  }
}

/// Reports a runtime warning the first time `key` occurs in the process, and never again (a
/// mistake in a type that every instance repeats, such as a missing `reduce`): later
/// occurrences are only counted. Like ``runtimeWarning(_:key:)``, it never stops the program.
@usableFromInline
package func runtimeWarningOnce(_ message: @autoclosure () -> String, key: String) {
  guard warningThrottle.withLock({ $0.occurred(key) }) == 1 else { return }
  runtimeWarning(message(), key: "\(key).shown")
}

/// How often each kind of runtime warning has occurred in this process: the one place that
/// remembers across reactors, since a warning repeated by a thousand short-lived reactors of one
/// type is one mistake.
let warningThrottle = Locked(WarningThrottle())

/// Decides which occurrences of a repeated warning are shown: the first, then the 10th, 100th,
/// 1,000th and so on. A pure value; ``runtimeWarning(_:key:)`` keeps one under a lock.
package struct WarningThrottle: Sendable {
  /// How many times each key has occurred.
  private var counts: [String: Int] = [:]

  /// A throttle that has seen nothing.
  package init() {}

  /// How many times `key` has occurred.
  package func count(of key: String) -> Int { counts[key, default: 0] }

  /// Counts one more occurrence of `key`; returns the count when this one is to be shown.
  package mutating func occurred(_ key: String) -> Int? {
    let count = counts[key, default: 0] + 1
    counts[key] = count
    var power = 1
    while power < count { power *= 10 }
    return power == count ? count : nil
  }
}
