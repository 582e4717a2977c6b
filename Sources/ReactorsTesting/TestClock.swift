import IssueReporting
import Reactors

/// A clock whose time moves only when a test says so, for effects that wait (contract 5).
///
/// Hand it to a reactor wherever it takes a `Clock`, then move time with ``advance(by:)``.
/// An effect's task may not have reached its `sleep` yet when the test advances; time moved
/// before the sleep started does not count for it. ``waitForSleepers(_:timeout:fileID:filePath:line:column:)`` removes that race:
/// it returns once that many tasks are sleeping on the clock.
///
/// ```swift
/// let clock = TestClock()
/// let reactor = CounterReactor(clock: clock)
/// reactor.send(.increase)                    // .delay(for: .seconds(1), clock: clock)
/// await clock.waitForSleepers(1)
/// await clock.advance(by: .seconds(1))
/// ```
///
/// Thread rules: every method may be called from any thread or task. A sleeping task that is
/// cancelled stops sleeping at once and throws `CancellationError`, as with a real clock.
public final class TestClock: Clock, Sendable {
  /// A point on the test clock's time line.
  public struct Instant: InstantProtocol, Hashable, Sendable {
    /// The time since the clock was created.
    public var offset: Duration

    /// Creates the instant `offset` after the clock's start.
    public init(offset: Duration = .zero) { self.offset = offset }

    /// The instant `duration` later.
    public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }

    /// The time from this instant to `other`.
    public func duration(to other: Instant) -> Duration { other.offset - offset }

    /// Whether `lhs` comes before `rhs`.
    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private let state = Locked(TestClockState())

  /// Creates a clock at its start, with no one sleeping.
  public init() {}

  /// The clock's current time; it changes only through ``advance(by:)``, ``advance(to:)`` and
  /// ``run()``.
  public var now: Instant { state.withLock { $0.now } }

  /// The test clock resolves any duration exactly.
  public var minimumResolution: Duration { .zero }

  /// How many tasks are sleeping on the clock now.
  public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

  /// Suspends until the clock reaches `deadline`, or throws `CancellationError` when the task
  /// is cancelled first.
  nonisolated(nonsending) public func sleep(
    until deadline: Instant, tolerance: Duration? = nil
  ) async throws {
    try Task.checkCancellation()
    let id = state.withLock { $0.makeID() }
    // Whether woken or cancelled, tell an `advance` that waits for this task that it runs again.
    defer { state.withLock { $0.resumed(id: id) }?.resume() }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: SleepContinuation) in
        let (outcome, ready) = state.withLock {
          $0.register(id: id, deadline: deadline, continuation)
        }
        for waiter in ready { waiter.resume() }
        switch outcome {
        case .sleeping: break
        case .wake: continuation.resume()
        case .cancelled: continuation.resume(throwing: CancellationError())
        }
      }
    } onCancel: {
      state.withLock { $0.cancel(id: id) }?.resume(throwing: CancellationError())
    }
  }

  /// Returns once at least `count` tasks are sleeping on the clock: call it before
  /// ``advance(by:)`` when an effect is about to start waiting. (A ``ReactorTester`` made with
  /// the clock does this itself.) Fails the test, at the caller's line, when they are not there
  /// within `timeout` of real time, rather than hang.
  public func waitForSleepers(
    _ count: Int = 1, timeout: Duration = .seconds(30), fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async {
    guard await withDeadline(timeout, { await self.sleepers(atLeast: count) }) == nil else {
      return
    }
    reportIssue(
      "waitForSleepers(\(count)): \(sleeperCount) task(s) asleep on the test clock after "
        + "\(timeout). Check that the effects were started, and that they sleep on this clock.",
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Returns once at least `count` tasks are sleeping on the clock, or the task is cancelled.
  func sleepers(atLeast count: Int) async {
    let id = state.withLock { $0.makeID() }
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let (isReady, watchers) = state.withLock {
          $0.wait(id: id, forSleepers: count, continuation)
        }
        for watcher in watchers { watcher.resume() }
        if isReady { continuation.resume() }
      }
    } onCancel: {
      state.withLock { $0.stopWaiting(id: id) }?.resume()
    }
  }

  /// Returns once at least `count` tasks wait for sleepers on the clock (in
  /// ``waitForSleepers(_:timeout:fileID:filePath:line:column:)`` or a tester's `advance`): lets
  /// the toolkit's own tests act while such a wait is in progress.
  package func waitsStarted(atLeast count: Int) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let isReady = state.withLock { state -> Bool in
        guard state.waiters.count < count else { return true }
        state.waitWatchers.append((count, continuation))
        return false
      }
      if isReady { continuation.resume() }
    }
  }

  /// Returns once an `advance` waits for a sleeper it woke to run again: lets the toolkit's own
  /// tests hold that sleeper's thread and know `advance` is waiting for it.
  /// Ends when the calling task is cancelled, too.
  package func advanceWaitsForAWokenSleeper() async {
    let id = state.withLock { $0.makeID() }
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let isReady = state.withLock { $0.watchWaitsForRunning(id: id, continuation) }
        if isReady { continuation.resume() }
      }
    } onCancel: {
      state.withLock { $0.stopWatchingWaitsForRunning(id: id) }?.resume()
    }
  }

  /// Moves time forward by `duration`, waking in deadline order every sleeper that is due and
  /// letting each run before the next is woken.
  ///
  /// Each woken task is waited for until it runs again, on whatever thread it was scheduled,
  /// then given a few turns of the executor: what an effect does right after its sleep, up to
  /// its next suspension, has usually happened when `advance` returns, and always has when the
  /// test and the task share an actor (a `@MainActor` test, say: `advance` runs where its
  /// caller runs). Work it hands to other tasks is not waited for: to wait for what an effect
  /// sends, use a ``ReactorTester``'s `receive`, which waits until it arrives.
  nonisolated(nonsending) public func advance(by duration: Duration = .zero) async {
    await advance(to: now.advanced(by: duration))
  }

  /// Moves time forward to `deadline` (never back), waking every sleeper due by then in
  /// deadline order.
  nonisolated(nonsending) public func advance(to deadline: Instant) async {
    while let sleeper = state.withLock({ $0.wakeNext(dueBy: deadline) }) {
      sleeper.continuation.resume()
      // The woken task may run on another thread: wait until it does, so that what it does
      // right after its sleep is not left to how soon that thread is scheduled.
      await running(sleeper.id)
      await yieldToOtherTasks()
    }
    await yieldToOtherTasks()
  }

  /// Returns once the woken sleeper `id` runs again (its `sleep` returns or throws), or once the
  /// task calling it is cancelled (a test's time limit), so that a sleeper whose thread never
  /// runs again cannot hang `advance`.
  nonisolated(nonsending) private func running(_ id: UInt64) async {
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let (isDone, watchers) = state.withLock { state in
          Task.isCancelled ? (true, []) : state.waitUntilRunning(id: id, continuation)
        }
        for watcher in watchers { watcher.resume() }
        if isDone { continuation.resume() }
      }
    } onCancel: {
      state.withLock { $0.stopWaitingUntilRunning(id: id) }?.resume()
    }
  }

  /// Moves time forward by `duration` at once, from synchronous code (a reducer or an observer
  /// that "takes" that long, in a test of what a recording measures), waking no one: a sleeper
  /// due by then wakes at the next ``advance(by:)``. For the package's tests.
  package func pass(_ duration: Duration) {
    state.withLock { $0.now = $0.now.advanced(by: duration) }
  }

  /// Moves time forward until no task sleeps on the clock, waking each in deadline order.
  nonisolated(nonsending) public func run() async {
    while let last = state.withLock({ $0.sleepers.map { $0.deadline }.max() }) {
      await advance(to: last)
    }
  }

  nonisolated(nonsending) private func yieldToOtherTasks() async {
    for _ in 0..<20 { await Task.yield() }
  }
}

typealias SleepContinuation = CheckedContinuation<Void, any Error>

/// The test clock's time and sleepers: a plain value changed only under the clock's lock.
struct TestClockState {
  enum Outcome { case sleeping, wake, cancelled }

  var now = TestClock.Instant()
  var sleepers: [(id: UInt64, deadline: TestClock.Instant, continuation: SleepContinuation)] = []
  var waiters: [(id: UInt64, count: Int, continuation: CheckedContinuation<Void, Never>)] = []
  /// Tasks waiting for that many ``waiters`` (see ``TestClock/waitsStarted(atLeast:)``).
  var waitWatchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
  /// Sleepers ``wakeNext(dueBy:)`` woke whose `sleep` has not returned yet, each with the
  /// `advance` waiting for it to, if any.
  private var waking: [UInt64: CheckedContinuation<Void, Never>?] = [:]
  /// Tasks waiting for an `advance` to wait in ``waitUntilRunning(id:_:)`` (see
  /// ``TestClock/advanceWaitsForAWokenSleeper()``).
  private var runningWatchers: [(id: UInt64, continuation: CheckedContinuation<Void, Never>)] =
    []
  private var nextID: UInt64 = 0
  private var cancelledEarly: Set<UInt64> = []

  mutating func makeID() -> UInt64 {
    nextID += 1
    return nextID
  }

  /// A task starts sleeping; returns what to do with it and the waiters now satisfied.
  mutating func register(
    id: UInt64, deadline: TestClock.Instant, _ continuation: SleepContinuation
  ) -> (Outcome, [CheckedContinuation<Void, Never>]) {
    if cancelledEarly.remove(id) != nil { return (.cancelled, []) }
    if deadline <= now { return (.wake, []) }
    sleepers.append((id, deadline, continuation))
    let ready = waiters.filter { $0.count <= sleepers.count }.map { $0.continuation }
    waiters.removeAll { $0.count <= sleepers.count }
    return (.sleeping, ready)
  }

  /// A task waits for `count` sleepers: `true` when they are there (or it was cancelled
  /// already), so that it goes on at once; otherwise it waits.
  mutating func wait(
    id: UInt64, forSleepers count: Int, _ continuation: CheckedContinuation<Void, Never>
  ) -> (isReady: Bool, watchers: [CheckedContinuation<Void, Never>]) {
    if cancelledEarly.remove(id) != nil || sleepers.count >= count { return (true, []) }
    waiters.append((id, count, continuation))
    let ready = waitWatchers.filter { $0.count <= waiters.count }.map(\.continuation)
    waitWatchers.removeAll { $0.count <= waiters.count }
    return (false, ready)
  }

  /// A task waiting for sleepers was cancelled: returns its continuation to resume, if it was
  /// waiting.
  mutating func stopWaiting(id: UInt64) -> CheckedContinuation<Void, Never>? {
    guard let index = waiters.firstIndex(where: { $0.id == id }) else {
      cancelledEarly.insert(id)
      return nil
    }
    return waiters.remove(at: index).continuation
  }

  /// A sleeping task was cancelled: returns its continuation to resume, if it had registered.
  mutating func cancel(id: UInt64) -> SleepContinuation? {
    guard let index = sleepers.firstIndex(where: { $0.id == id }) else {
      // Not registered yet: `register` finds the mark. Woken already: nothing to do.
      if waking[id] == nil { cancelledEarly.insert(id) }
      return nil
    }
    return sleepers.remove(at: index).continuation
  }

  /// Time moves toward `deadline`: removes and returns the earliest sleeper due by then, with
  /// `now` set to its deadline; with none due, sets `now` to `deadline` and returns `nil`.
  mutating func wakeNext(
    dueBy deadline: TestClock.Instant
  ) -> (id: UInt64, continuation: SleepContinuation)? {
    let due = sleepers.indices.filter { sleepers[$0].deadline <= deadline }
    guard let index = due.min(by: { sleepers[$0].deadline < sleepers[$1].deadline }) else {
      if now < deadline { now = deadline }
      return nil
    }
    let sleeper = sleepers.remove(at: index)
    if now < sleeper.deadline { now = sleeper.deadline }
    waking[sleeper.id] = .some(nil)
    return (sleeper.id, sleeper.continuation)
  }

  /// A task watches for an `advance` waiting for a woken sleeper: `true` when one waits now (or
  /// the task was cancelled already).
  mutating func watchWaitsForRunning(
    id: UInt64, _ continuation: CheckedContinuation<Void, Never>
  ) -> Bool {
    if cancelledEarly.remove(id) != nil || waking.values.contains(where: { $0 != nil }) {
      return true
    }
    runningWatchers.append((id, continuation))
    return false
  }

  /// A task watching for an `advance` waiting for a woken sleeper was cancelled: returns its
  /// continuation to resume, if it was watching.
  mutating func stopWatchingWaitsForRunning(id: UInt64) -> CheckedContinuation<Void, Never>? {
    guard let index = runningWatchers.firstIndex(where: { $0.id == id }) else {
      cancelledEarly.insert(id)
      return nil
    }
    return runningWatchers.remove(at: index).continuation
  }

  /// `advance` waits for the woken sleeper `id` to run again: `isDone` when it has already;
  /// otherwise the tasks watching for such a wait, to resume.
  mutating func waitUntilRunning(
    id: UInt64, _ continuation: CheckedContinuation<Void, Never>
  ) -> (isDone: Bool, watchers: [CheckedContinuation<Void, Never>]) {
    guard waking[id] != nil else { return (true, []) }
    waking[id] = continuation
    defer { runningWatchers = [] }
    return (false, runningWatchers.map(\.continuation))
  }

  /// The `advance` waiting for sleeper `id` was cancelled: returns it, to resume, and leaves a
  /// mark, so that the sleeper's return resumes nothing.
  mutating func stopWaitingUntilRunning(id: UInt64) -> CheckedContinuation<Void, Never>? {
    guard let continuation = waking[id] ?? nil else { return nil }
    waking[id] = .some(nil)
    return continuation
  }

  /// The sleeper `id`'s `sleep` returned or threw: returns the `advance` waiting for it, if
  /// any. A sleeper nobody woke (it was cancelled, or its deadline had passed) leaves no mark.
  mutating func resumed(id: UInt64) -> CheckedContinuation<Void, Never>? {
    cancelledEarly.remove(id)
    return waking.removeValue(forKey: id) ?? nil
  }
}
