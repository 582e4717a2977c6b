import ReactorsTesting
import Testing

@testable import Reactors

/// A recording's clock: the continuous clock read straight from the system, in step with
/// `ContinuousClock`; any other clock through the protocol.
@Suite struct StepClockTests {
  @Test func theContinuousClockIsReadAsContinuousClockReadsIt() {
    let before = ContinuousClock.now
    let clock = StepClock(ContinuousClock())
    let first = Duration.nanoseconds(clock.elapsedNanoseconds())
    let second = Duration.nanoseconds(clock.elapsedNanoseconds())
    let since = before.duration(to: ContinuousClock.now)
    #expect(clock.other == nil)  // read directly
    #expect(first >= .zero)
    #expect(second >= first)
    #expect(second <= since)  // the same clock: no more time than ContinuousClock measured
  }

  @Test func anotherClockIsReadThroughItsProtocol() async {
    let test = TestClock()
    let clock = StepClock(test)
    #expect(clock.elapsedNanoseconds() == 0)
    await test.advance(by: .seconds(3))
    #expect(clock.elapsedNanoseconds() == 3_000_000_000)
  }
}
