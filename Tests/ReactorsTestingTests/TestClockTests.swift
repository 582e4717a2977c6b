import Foundation
import ReactorsTestSupport
import ReactorsTesting
import Testing

/// The test clock: time moves only when told, sleepers wake in deadline order, cancellation
/// ends a sleep at once.
@Suite(.timeLimit(.minutes(5))) struct TestClockTests {
  @Test func aSleeperWakesOnlyWhenTimeReachesItsDeadline() async throws {
    let clock = TestClock()
    let woke = Flag()
    let sleeper = Task {
      try await clock.sleep(for: .seconds(1))
      woke.set()
    }
    await clock.waitForSleepers(1)
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .milliseconds(999))
    #expect(!woke.isSet)
    await clock.advance(by: .milliseconds(1))
    try await sleeper.value
    #expect(woke.isSet)
    #expect(clock.now == TestClock.Instant(offset: .seconds(1)))
  }

  /// On the main actor, sleepers and `advance` alike: each sleeper reads the time before
  /// `advance` can go on, however the threads are scheduled.
  @MainActor @Test func sleepersWakeInDeadlineOrderWithTimeAtEachDeadline() async throws {
    let clock = TestClock()
    let order = Recorder()
    let tasks = [3, 1, 2].map { seconds in
      Task {
        try await clock.sleep(until: clock.now.advanced(by: .seconds(seconds)))
        order.append(seconds, at: clock.now)
      }
    }
    await clock.waitForSleepers(3)
    await clock.advance(by: .seconds(5))
    for task in tasks { try await task.value }
    #expect(order.values.map(\.0) == [1, 2, 3])
    #expect(order.values.map(\.1.offset) == [.seconds(1), .seconds(2), .seconds(3)])
    #expect(clock.now.offset == .seconds(5))
  }

  @Test func aDeadlineAlreadyPassedDoesNotWait() async throws {
    let clock = TestClock()
    await clock.advance(by: .seconds(2))
    try await clock.sleep(until: TestClock.Instant(offset: .seconds(1)))
    #expect(clock.sleeperCount == 0)
  }

  @Test func cancellingASleepingTaskThrowsAtOnce() async {
    let clock = TestClock()
    let sleeper = Task { try await clock.sleep(for: .seconds(60)) }
    await clock.waitForSleepers(1)
    sleeper.cancel()
    await #expect(throws: CancellationError.self) { try await sleeper.value }
    #expect(clock.sleeperCount == 0)
  }

  @Test func aTaskCancelledBeforeItSleepsDoesNotSleep() async {
    let clock = TestClock()
    let sleeper = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(60))
    }
    await #expect(throws: CancellationError.self) { try await sleeper.value }
    #expect(clock.sleeperCount == 0)
  }

  @Test func aTickerAdvancesOneSleepAtATime() async throws {
    let clock = TestClock()
    let ticks = Recorder()
    let ticker = Task {
      for tick in 1...3 {
        try await clock.sleep(for: .seconds(1))
        ticks.append(tick, at: clock.now)
      }
    }
    for _ in 1...3 {
      // Asleep again only once it has recorded the tick before (the first time: none).
      await clock.waitForSleepers(1)
      await clock.advance(by: .seconds(1))
    }
    try await ticker.value
    #expect(ticks.values.map(\.0) == [1, 2, 3])
    #expect(ticks.values.map(\.1.offset) == [.seconds(1), .seconds(2), .seconds(3)])
  }

  @Test func advanceReturnsOnlyOnceAWokenSleeperOnAnotherThreadRunsAgain() async throws {
    let clock = TestClock()
    let order = Recorder()
    let napper = Napper()
    let sleeper = Task { try await napper.nap(on: clock, then: { order.append(1, at: clock.now) }) }
    await clock.waitForSleepers(1)
    // The napper's thread is held: waking it does not make it run yet.
    let hold = DispatchSemaphore(value: 0)
    napper.queue.async { hold.wait() }
    let released = Flag()
    let advancing = Task {
      await clock.advance(by: .seconds(1))
      return released.isSet
    }
    // `advance` has woken the sleeper and waits for it to run: it must not return until then.
    let isWaiting: Void? = await withDeadline(60) { await clock.advanceWaitsForAWokenSleeper() }
    #expect(isWaiting != nil, "advance never waited for the sleeper it woke")
    released.set()
    hold.signal()
    #expect(await advancing.value)
    try await sleeper.value
    #expect(order.values.map(\.0) == [1])
  }

  @Test func aWatchForAnAdvanceThatNeverComesEndsWhenCancelled() async {
    let clock = TestClock()
    let watching = Task { await clock.advanceWaitsForAWokenSleeper() }
    watching.cancel()
    let ended: Void? = await withDeadline(60) { await watching.value }
    #expect(ended != nil, "a cancelled watch must not wait for an advance")
  }

  @Test func anAdvanceWaitingForASleeperThatNeverRunsEndsWhenCancelled() async throws {
    let clock = TestClock()
    let napper = Napper()
    let sleeper = Task { try await napper.nap(on: clock, then: {}) }
    await clock.waitForSleepers(1)
    // The napper's thread is held until the end: woken, it cannot run again meanwhile.
    let hold = DispatchSemaphore(value: 0)
    napper.queue.async { hold.wait() }
    let advancing = Task { await clock.advance(by: .seconds(1)) }
    advancing.cancel()
    let ended: Void? = await withDeadline(60) { await advancing.value }
    #expect(ended != nil, "a cancelled advance must not wait for a sleeper that cannot run")
    hold.signal()
    try await sleeper.value
  }

  @Test func runWakesEverySleeper() async throws {
    let clock = TestClock()
    let tasks = (1...3).map { seconds in Task { try await clock.sleep(for: .seconds(seconds)) } }
    await clock.waitForSleepers(3)
    await clock.run()
    for task in tasks { try await task.value }
    #expect(clock.sleeperCount == 0)
    #expect(clock.now.offset == .seconds(3))
  }
}

/// An actor that runs on a dispatch queue of its own, so a test can hold its thread.
actor Napper {
  /// Runs the actor's jobs on ``queue``.
  final class QueueExecutor: SerialExecutor {
    let queue = DispatchQueue(label: "Napper")

    func enqueue(_ job: consuming ExecutorJob) {
      let job = UnownedJob(job)
      queue.async { job.runSynchronously(on: self.asUnownedSerialExecutor()) }
    }
  }

  private let executor = QueueExecutor()
  nonisolated var queue: DispatchQueue { executor.queue }
  nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

  /// Sleeps a second on `clock`, then calls `then` on the actor's queue. (The clock's
  /// `clock.sleep(until:)` runs where its caller runs: on this queue.)
  func nap(on clock: TestClock, then: @Sendable () -> Void) async throws {
    try await clock.sleep(until: clock.now.advanced(by: .seconds(1)))
    then()
  }
}

/// A flag set from another task.
final class Flag: Sendable {
  private let recorder = Recorder()
  func set() { recorder.append(1, at: TestClock.Instant()) }
  var isSet: Bool { !recorder.values.isEmpty }
}

/// Values recorded from other tasks, with the clock time of each.
final class Recorder: @unchecked Sendable {
  // Audited (test support): `recorded` is only touched while `lock` is held.
  private let lock = NSLock()
  private var recorded: [(Int, TestClock.Instant)] = []

  func append(_ value: Int, at instant: TestClock.Instant) {
    lock.withLock { recorded.append((value, instant)) }
  }

  var values: [(Int, TestClock.Instant)] { lock.withLock { recorded } }
}
