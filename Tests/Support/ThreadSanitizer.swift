#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether this test process runs under the thread sanitizer (`swift test --sanitize=thread`),
/// and how much of a stress test's volume to run there.
///
/// Under the sanitizer every memory access is checked and costs many times more: eight threads
/// sending a hundred thousand actions each took a minute in CI, and 2,000 model-check programs
/// almost two. The sanitizer finds a race in the interleavings of a few thousand operations as
/// well as in those of a million, while the volume itself is checked by the runs without it
/// (the README's, the pre-26 path's and the optimized one), so a stress test runs a quarter of
/// its volume under it.
package enum ThreadSanitizer {
  /// Whether the sanitizer's runtime is in this process (its `__tsan_init` is linked in).
  package static let isRunning: Bool = {
    #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
      guard let process = dlopen(nil, RTLD_NOW) else { return false }
      defer { dlclose(process) }
      return dlsym(process, "__tsan_init") != nil
    #else
      return false
    #endif
  }()

  /// `count` without the sanitizer; a quarter of it under it (at least 1).
  package static func volume(_ count: Int) -> Int {
    isRunning ? max(1, count / 4) : count
  }
}
