/// A clock that runs `speed` times faster than real time (`--clock-speed`): a second on it
/// passes in `1 / speed` seconds of `ContinuousClock`, so that a two-minute meeting, at 30,
/// passes in four seconds, its ticks and speaker changes as they would be, only sooner.
///
/// Its instants are the time since the clock was made, scaled; sleeping until one sleeps on
/// the continuous clock until the real instant it stands for, so that late wake-ups do not add
/// up. The speed is checked by ``StandupsOptions/speed(_:)`` before a clock is made, so that
/// no scaling overflows.
struct SpeedClock: Clock {
  /// A moment on the clock: its time since the clock was made.
  struct Instant: InstantProtocol {
    /// The time since the clock was made, on the clock.
    var offset: Duration

    func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    func duration(to other: Instant) -> Duration { other.offset - offset }
    static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  /// How many times faster than real time it runs.
  let speed: Double
  /// The real moment the clock started from.
  private let origin: ContinuousClock.Instant

  /// A clock running `speed` times faster than real time, from now.
  init(speed: Double) {
    self.speed = speed
    origin = .now
  }

  var now: Instant { Instant(offset: (ContinuousClock.now - origin) * speed) }

  var minimumResolution: Duration { ContinuousClock().minimumResolution * speed }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    try await ContinuousClock().sleep(
      until: origin + deadline.offset / speed, tolerance: tolerance.map { $0 / speed })
  }
}
