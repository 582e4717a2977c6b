import ProcessorAffinity

/// Which processors a measurement runs on.
///
/// On the 2-core virtual machine CI runs on, a processor runs some stretches of tenths of a
/// second about 1.7× slower than others (another tenant's work, not ours: a raw loop calling
/// the same `reduce` slows with it, 2.7 ns to 4.2 ns). Two loops timed one after the other on
/// one processor share the stretch they fall in (see ``Paired``); if the scheduler moved the
/// thread between them, they would not. So a pair's rounds run with the thread pinned to the
/// processor it is on, and threads started meanwhile would be pinned too: a measurement that
/// starts threads is not pinned. Where processors cannot be chosen (not Linux), nothing is.
enum Processors {
  /// Runs `body` with the calling thread kept on the processor it is on, then lets it run on
  /// the processors it could before.
  static func pinnedHere<Value>(_ body: () -> Value) -> Value {
    let allowed = processor_affinity_allowed()
    let here = processor_affinity_current()
    // `allowed` is 0 where the processors cannot be told in its 64 bits: not pinned then.
    guard allowed != 0, here >= 0, here < 64,
      processor_affinity_set(1 << UInt64(here)) == 0
    else { return body() }
    defer {
      precondition(
        processor_affinity_set(allowed) == 0, "the thread could not be given its processors back")
    }
    return body()
  }
}
