import Dispatch
import Foundation
import TerminalTesting
import Testing

/// `onOwnThread`: blocking work off the tasks' threads, its expectations still the test's.
@Suite(.timeLimit(.minutes(1))) struct OwnThreadTests {
  @Test func returnsWhatTheBodyReturnsAndThrowsWhatItThrows() async throws {
    #expect(try await onOwnThread { 6 * 7 } == 42)
    await #expect(throws: CocoaError.self) {
      try await onOwnThread { throw CocoaError(.fileNoSuchFile) }
    }
  }

  @Test func blockingBodiesLeaveTheTasksThreadsFree() async throws {
    // More bodies blocked at once than the tasks' pool has threads: the task that releases
    // them still runs. (Were they on the pool, each would give up after 10 s, unreleased.)
    let count = ProcessInfo.processInfo.activeProcessorCount + 2
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
    await withKnownIssue {
      try await onOwnThread { _ = try #require(nil as Int?) }
    }
  }
}
