#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Prints a runtime warning to standard error: a misuse or a failure that Reactors survives,
/// but that the programmer should fix. It never stops the program.
@usableFromInline
func runtimeWarning(_ message: String) {
  let line = "[Reactors] warning: \(message)\n"
  _ = line.withCString { pointer in
    write(STDERR_FILENO, pointer, strlen(pointer))
  }
}
