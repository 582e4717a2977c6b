import Dispatch
import Foundation
import TerminalTesting
import Testing

/// `onOwnThread`: blocking work off the tasks' threads, its expectations still the test's.
///
/// Every wait in the bodies here is bounded (10 s): a time limit records a test that ran over,
/// but the run still waits for a body that never returns.
@Suite(.timeLimit(.minutes(1))) struct OwnThreadTests {
  @Test func returnsWhatTheBodyReturnsAndThrowsWhatItThrows() async throws {
    #expect(try await onOwnThread { 6 * 7 } == 42)
    await #expect(throws: CocoaError.self) {
      try await onOwnThread { throw CocoaError(.fileNoSuchFile) }
    }
  }

  @Test func blockingBodiesLeaveTheTasksThreadsFree() async throws {
    // More bodies blocked at once than the tasks' pool has threads (one a processor, whatever a
    // container's limit says): the task that releases them still runs. (Were they on the pool,
    // each would give up after 10 s, unreleased.)
    let count = 64
    let release = DispatchSemaphore(value: 0)
    let (started, blocked) = AsyncStream.makeStream(of: Void.self)
    try await withThrowingTaskGroup(of: Bool.self) { group in
      for _ in 0..<count {
        group.addTask {
          try await onOwnThread {
            blocked.yield()
            return release.wait(timeout: .now() + 10) == .success
          }
        }
      }
      var arrivals = started.makeAsyncIterator()
      for _ in 0..<count { await arrivals.next() }
      for _ in 0..<count { release.signal() }
      for try await released in group { #expect(released) }
    }
  }

  @Test func anExpectationInTheBodyIsRecordedAgainstTheTest() async {
    // withKnownIssue sees only the issues of the test it runs in: one recorded with no test
    // (as from a plain thread) would leave it unmatched, and fail the run as a stray.
    await withKnownIssue {
      try await onOwnThread { #expect(Bool(false), "from the body") }
    }
  }

  @Test func aRequirementInTheBodyIsRecordedAgainstTheTest() async {
    // The thrown error ignored: withKnownIssue would take it as the known issue too, and the
    // test would pass with the issue recorded against no test.
    await withKnownIssue {
      _ = try? await onOwnThread { _ = try #require(nil as Int?) }
    }
  }
}
