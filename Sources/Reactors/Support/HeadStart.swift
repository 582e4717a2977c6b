#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Sleeps for ``headStartMicroseconds(pausing:)``: what `send` waits, after queueing its action,
/// when that action joined a backlog on a reactor another thread is processing (see
/// ``Processing``), with `pausing` threads (this one included) pausing on that reactor now.
///
/// Linux adds its timer slack (50 µs by default) to each pause; Apple systems a few
/// microseconds. It waits for a time, never for the processing thread or its user code: a pause
/// ends on time whatever that thread is doing.
@usableFromInline
func giveTheProcessingThreadAHeadStart(pausing: Int) {
  usleep(headStartMicroseconds(pausing: pausing))
}

/// How long a thread pauses behind a backlog, in microseconds, when `pausing` threads (itself
/// included) pause on that reactor: 100 for one or two, then twice as long for each thread
/// more, up to 800 from five.
///
/// Scenario 6 of the benchmarks chose it. With one thread or two, 100 µs: two threads sending
/// to one reactor reached 0.73–1.0 of one thread's rate with 50 µs, 0.91–1.0 with 100 µs; the
/// ring of three reactors, whose reactors have at most two senders each besides the one
/// processing, keeps it. Eight threads flooding one reactor all paused 100 µs and woke
/// straight into the backlog again (145,000 context switches a second, 1.2 of the 2 cores
/// used); longer pauses while a crowd pauses, with the shorter backlog of
/// `Processing.crowdedBacklog`, made them 1.18–1.33 times as fast.
@usableFromInline
func headStartMicroseconds(pausing: Int) -> UInt32 {
  // 0 to 3 doublings, whatever `pausing` is.
  let doublings = min(max(pausing, 2), 5) - 2
  return 100 << UInt32(doublings)
}
