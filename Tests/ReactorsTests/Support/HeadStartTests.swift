import Testing

@testable import Reactors

/// How long a `send` pauses behind a backlog: the function alone, without pausing.
@Suite struct HeadStartTests {
  @Test func oneOrTwoThreadsPausingPauseATenthOfAMillisecond() {
    #expect(headStartMicroseconds(pausing: 1) == 100)
    #expect(headStartMicroseconds(pausing: 2) == 100)
  }

  @Test func aCrowdPausesTwiceAsLongForEachThreadMoreUpToEightTenths() {
    #expect(headStartMicroseconds(pausing: 3) == 200)
    #expect(headStartMicroseconds(pausing: 4) == 400)
    #expect(headStartMicroseconds(pausing: 5) == 800)
    #expect(headStartMicroseconds(pausing: 64) == 800)
  }

  @Test func anyCountGivesAPauseWithinTheBounds() {
    for pausing in [Int.min, -1, 0, Int.max] {
      #expect((100...800).contains(headStartMicroseconds(pausing: pausing)))
    }
  }
}
