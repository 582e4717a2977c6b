/// A clock that moves only when told to, at once (no task, no wait): what a reducer or an
/// observer moves itself, so that a recording's times and costs are exact.
package struct ManualClock: Clock {
  /// How far the clock has moved since ``start``.
  let offset = Shared(Duration.zero)
  /// The instant it began at.
  let start = ContinuousClock.now

  package init() {}

  package var now: ContinuousClock.Instant { start.advanced(by: offset.current) }
  package var minimumResolution: Duration { .nanoseconds(1) }

  /// Returns at once: nothing here waits for this clock.
  package func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {}

  /// Moves the clock forward by `duration`.
  package func advance(by duration: Duration) { offset.withLock { $0 += duration } }
}
