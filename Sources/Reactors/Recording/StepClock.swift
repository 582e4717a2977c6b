#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The time since a ``Recording`` began, on its clock: the continuous clock (the default) read
/// straight from the system, as `ContinuousClock` reads it, without the runtime's call and its
/// conversions (a step's time cost about 170 instructions through `ContinuousClock.now`, 60
/// this way); any other clock (a test clock) through the `Clock` protocol.
@usableFromInline
struct StepClock: Sendable {
  /// The continuous clock's reading when the recording began, in nanoseconds.
  @usableFromInline let start: Int64
  /// The time since the beginning on another clock, when the recording has one.
  @usableFromInline let other: (@Sendable () -> Duration)?

  /// Starts counting now on `clock`.
  @inlinable
  init<C: Clock>(_ clock: C) where C.Duration == Duration {
    if clock is ContinuousClock, let now = Self.continuousNanoseconds() {
      start = now
      other = nil
    } else {
      start = 0
      let begin = clock.now
      other = { begin.duration(to: clock.now) }
    }
  }

  /// A clock that stays at zero (a recording read from a file).
  @inlinable
  init() {
    start = 0
    other = { .zero }
  }

  /// The time since the beginning, in nanoseconds (what a recording's file holds).
  @inlinable @inline(__always)
  func elapsedNanoseconds() -> Int64 {
    guard let other else { return Self.continuousNanoseconds().unsafelyUnwrapped &- start }
    return other().wholeNanoseconds
  }

  /// The continuous clock's reading in nanoseconds: the system clock `ContinuousClock` reads
  /// (it goes on while the machine sleeps); `nil` where there is none to read directly.
  @inlinable @inline(__always)
  static func continuousNanoseconds() -> Int64? {
    #if canImport(Darwin)
      return Int64(truncatingIfNeeded: clock_gettime_nsec_np(CLOCK_MONOTONIC_RAW))
    #elseif canImport(Glibc) || canImport(Musl)
      var time = timespec()
      clock_gettime(CLOCK_BOOTTIME, &time)
      return Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec)
    #else
      return nil
    #endif
  }
}
