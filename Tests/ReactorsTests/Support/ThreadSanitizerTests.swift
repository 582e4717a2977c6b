import Foundation
import ReactorsTestSupport
import Testing

/// The stress tests' volume under the thread sanitizer: found where it runs, and only there.
@Suite struct ThreadSanitizerTests {
  static let expected = ProcessInfo.processInfo.environment["REACTORS_EXPECT_THREAD_SANITIZER"]

  /// `.ci/run` sets `REACTORS_EXPECT_THREAD_SANITIZER=1` for its sanitizer run and `0` for the
  /// others: the detection must agree with each, or a stress test would run a quarter of its
  /// volume without the sanitizer (or all of it under it, near its time limit).
  @Test(
    .enabled(
      if: expected != nil, "REACTORS_EXPECT_THREAD_SANITIZER is not set (only .ci/run sets it)"))
  func isFoundExactlyWhenTheRunIsSanitized() {
    #expect(ThreadSanitizer.isRunning == (Self.expected == "1"))
  }

  @Test func aQuarterUnderTheSanitizerAndAtLeastOne() {
    let quarter = ThreadSanitizer.isRunning
    #expect(ThreadSanitizer.volume(100_000) == (quarter ? 25_000 : 100_000))
    #expect(ThreadSanitizer.volume(2_000) == (quarter ? 500 : 2_000))
    #expect(ThreadSanitizer.volume(1) == 1)
    #expect(ThreadSanitizer.volume(3) == (quarter ? 1 : 3))
  }
}
