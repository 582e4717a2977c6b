import Foundation
import ReactorsTestSupport
import Testing

@testable import Reactors

/// The engine's lock: exclusion across many real threads (also under the thread sanitizer),
/// nesting by its holder, and threads that wait behind a long holder all getting it. Each test
/// has a deadline, so a lost waiter fails it instead of hanging the suite.
@Suite(.timeLimit(.minutes(3))) struct PlatformLockTests {
  /// Eight threads add to two plain counters under the lock, the second one after a nested lock
  /// and unlock: had the inner unlock released the lock, the sanitizer would see a race and
  /// the second count could come out short.
  @Test func eightThreadsCountingUnderTheLockLoseNothingAndANestedUnlockKeepsTheLock() async {
    let counts = LockedCounts()
    let finished = await onThreads(8, within: 120) { _ in
      for _ in 0..<20_000 {
        counts.lock.lock()
        counts.lock.lock()
        counts.pointer[0] += 1
        counts.lock.unlock()
        counts.pointer[1] += 1
        counts.lock.unlock()
      }
    }
    guard let (first, second) = counts.read(ifFinished: finished) else { return }
    #expect(first == 8 * 20_000)
    #expect(second == 8 * 20_000)
  }

  // The tests of the glibc lock's own paths (its sleep, its single-threaded store): the lock
  // elsewhere is a pthread mutex, without these initializers.
  #if canImport(Glibc)
    /// Threads that wait while the lock is held, and sleep at once (no spins, no yields), all get
    /// it once it is released: nothing wakes them, they find it free. The holder keeps it until
    /// every waiter has gone to sleep (the probe says so), so the sleep path is what is tested.
    @Test func threadsWaitingBehindALongHolderAllGetTheLockOnceItIsReleased() async {
      let waiters = 4
      let asleep = DispatchSemaphore(value: 0)
      let sleeps = Locked(0)
      let probe = LockProbe {
        sleeps.withLock { $0 += 1 }
        asleep.signal()
      }
      // A waiter that finds the lock held goes straight to its sleep.
      let counts = LockedCounts(
        PlatformLock(singleThreaded: nil, spins: 0, yields: 0, probe: probe))
      let held = DispatchSemaphore(value: 0)
      let finished = await onThreads(1 + waiters, within: 120) { index in
        guard index == 0 else {
          held.wait()
          counts.increment()
          return
        }
        counts.lock.lock()
        for _ in 0..<waiters { held.signal() }
        // Held until every waiter sleeps (a real holder would be in a long `reduce`). Whatever
        // got in meanwhile is counted in the second slot.
        for _ in 0..<waiters { asleep.wait() }
        counts.pointer[1] = counts.pointer[0]
        counts.lock.unlock()
      }
      guard let (first, second) = counts.read(ifFinished: finished) else { return }
      #expect(second == 0, "a waiter got the lock while it was held")
      #expect(first == waiters)
      #expect(sleeps.withLock { $0 } == waiters, "every waiter slept once before it got the lock")
    }

    /// While the process counts as single-threaded, the word is taken and released with plain
    /// stores, nesting included; once it does not, the same lock takes it with a compare-and-swap
    /// and excludes real threads.
    @Test func aSingleThreadedProcessTakesTheWordWithAStoreAndThreadsLaterStillExclude() async {
      let flag = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
      defer { flag.deallocate() }
      flag.initialize(to: 1)
      let counts = LockedCounts(PlatformLock(singleThreaded: flag, spins: 100, yields: 50))
      counts.lock.lock()
      #expect(counts.lock.storage.word.load(ordering: .relaxed) == 1)
      counts.lock.lock()
      counts.lock.unlock()
      #expect(counts.lock.storage.word.load(ordering: .relaxed) == 1, "a nested unlock released it")
      counts.lock.unlock()
      #expect(counts.lock.storage.word.load(ordering: .relaxed) == 0)

      flag.pointee = 0
      let finished = await onThreads(4, within: 120) { _ in
        for _ in 0..<10_000 { counts.increment() }
      }
      guard let (first, _) = counts.read(ifFinished: finished) else { return }
      #expect(first == 4 * 10_000)
    }
  #endif
}

/// A lock and two counters it guards, shared with real threads.
private final class LockedCounts: Sendable {
  // Not `Sendable` by their types: the lock is shared because sharing it is what these tests
  // exercise, and the counters are read and written only while it is held; the pointer itself
  // never changes.
  nonisolated(unsafe) let lock: PlatformLock
  nonisolated(unsafe) let pointer = UnsafeMutablePointer<Int>.allocate(capacity: 2)

  init(_ lock: PlatformLock = PlatformLock()) {
    self.lock = lock
    pointer.initialize(repeating: 0, count: 2)
  }

  /// Adds one to the first counter, under the lock.
  func increment() {
    lock.lock()
    pointer[0] += 1
    lock.unlock()
  }

  /// Both counters, read under the lock once the threads have `finished`; otherwise records
  /// that they did not and returns `nil`, since a lock that is stuck would hang the read.
  func read(ifFinished finished: Bool) -> (Int, Int)? {
    guard finished else {
      Issue.record("the threads did not finish: a waiter was never given the lock")
      return nil
    }
    lock.lock()
    defer { lock.unlock() }
    return (pointer[0], pointer[1])
  }

  deinit {
    pointer.deallocate()
    lock.deallocate()
  }
}
