#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Sleeps about 0.1 ms: what `send` waits, after queueing its action, when that action joined a
/// backlog on a reactor another thread is processing (see ``Processing``).
///
/// Linux adds its timer slack (50 µs by default), so the pause lasts 0.10–0.16 ms there; a few
/// microseconds more than asked on Apple systems. Scenario 6 of the benchmarks chose it: with
/// 50 µs, two threads reached 0.73–1.0 of one thread's rate; with 100 µs, 0.91–1.0. It waits for a time, never for the processing
/// thread or its user code: a pause ends on time whatever that thread is doing.
@usableFromInline
func giveTheProcessingThreadAHeadStart() {
  usleep(100)
}
