import Reactors
import ReactorsTesting
import Testing

/// The built-in clock: a continuous clock in the app, a test clock when a test provides one,
/// and a failure when a test sleeps without one.
@Suite(.timeLimit(.minutes(1))) struct DependenciesClockTests {
  let failures = Failures()

  @Test func theLiveClockIsAContinuousClock() {
    #expect(Dependencies.live.clock is ContinuousClock)
  }

  @Test func aTestClockIsProvidedInOneLine() {
    let clock = TestClock()
    var dependencies = Dependencies.test(reportingTo: failures.report)
    dependencies.clock = clock
    #expect(dependencies.clock as? TestClock === clock)
    #expect(dependencies[ClockKey.self] as? TestClock === clock)
    #expect(Dependencies.test { $0.clock = clock }.clock as? TestClock === clock)
  }

  @Test func sleepingOnAnUnprovidedClockFailsAndThrowsCancellation() async {
    let clock = Dependencies.test(reportingTo: failures.report).clock
    #expect(failures.messages.isEmpty)
    await #expect(throws: CancellationError.self) { try await clock.sleep(for: .seconds(1)) }
    #expect(
      failures.messages == [
        "clock.sleep was called, but this test did not provide a clock. Provide one: "
          + "`dependencies[ClockKey.self] = TestClock()`."
      ])
  }

  /// How far `clock`'s `now` moves between two readings.
  func timeBetweenTwoReadings<C: Clock>(of clock: C) -> C.Duration {
    let start = clock.now
    return start.duration(to: clock.now)
  }

  @Test func anUnprovidedClocksTimeDoesNotMove() {
    let clock = Dependencies.test(reportingTo: failures.report).clock
    #expect(timeBetweenTwoReadings(of: clock) == .zero)
    #expect(clock.minimumResolution == .zero)
    #expect(failures.messages.isEmpty)
  }

  @Test func aReactorsDelayOnAnUnprovidedClockFailsTheTestAndEndsTheEffect() async {
    let clock = Dependencies.test(reportingTo: failures.report).clock
    let reactor = ProbeReactor(mutate: { _, action in
      guard case .custom = action else { return ProbeReactor.defaultMutation(action) }
      return Effect.just(.add(1)).delay(for: .seconds(1), clock: clock)
    })
    reactor.send(.custom(0))
    await reactor.storage.settled()
    #expect(reactor.currentState.count == 0)
    #expect(failures.messages.count == 1)
    #expect(failures.messages.first?.hasPrefix("clock.sleep was called") == true)
  }
}
