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
@usableFromInline
func runtimeWarning(_ message: String) {
  #if canImport(os)
    // `Logger` is there on every system the package supports (iOS 14, macOS 11 and later).
    Logger(subsystem: "dev.reactors", category: "runtime-issues")
      .fault("\(message, privacy: .public)")
  #endif
  let line = "[Reactors] warning: \(message)\n"
  _ = line.withCString { pointer in
    write(STDERR_FILENO, pointer, strlen(pointer))
  }
}
