import Foundation
import Reactors
import Testing

@testable import ReactorsInspector

/// The thread the inspector's heavy work runs on: in turn, off the tasks' pool, and skipping or
/// stopping work whose request was cancelled.
@Suite(.timeLimit(.minutes(1))) struct RenderLaneTests {
  @Test func workRunsInTurnOnTheLanesOwnThread() async {
    let lane = RenderLane(named: "test lane")
    defer { lane.close() }
    let order = Locked<[Int]>([])
    // The thread each job ran on, and how many ran at once at most.
    let threads = Locked<Set<ObjectIdentifier>>([])
    let running = Locked((now: 0, most: 0))
    // On a lane's thread: the work it runs is what `isCancelled` reads.
    let onLane: @Sendable (Int) -> Bool = { number in
      running.withLock { $0 = (now: $0.now + 1, most: max($0.most, $0.now + 1)) }
      defer { running.withLock { $0.now -= 1 } }
      order.withLock { $0.append(number) }
      threads.withLock { _ = $0.insert(ObjectIdentifier(Thread.current)) }
      return Thread.current.threadDictionary[RenderLane.jobKey] is RenderLane.Job
    }
    async let first = lane.run { onLane(1) }
    async let second = lane.run { onLane(2) }
    #expect(await first == true)
    #expect(await second == true)
    #expect(order.withLock { $0.count } == 2)
    // In turn: one thread, one job at a time.
    #expect(threads.withLock { $0.count } == 1)
    #expect(running.withLock { $0.most } == 1)
  }

  @Test func cancelledWorkIsToldToStopAndWorkNotBegunIsSkipped() async {
    let lane = RenderLane(named: "test lane")
    defer { lane.close() }
    let (started, start) = AsyncStream.makeStream(of: Void.self)
    let ran = Locked(0)
    // Runs until it sees its request cancelled.
    let long = Task {
      await lane.run {
        start.yield()
        while !RenderLane.isCancelled { sched_yield() }
        return "stopped"
      }
    }
    var iterator = started.makeAsyncIterator()
    await iterator.next()
    // Queued behind it, and cancelled before it begins: never run.
    let queued = Task { await lane.run { ran.withLock { $0 += 1 } } }
    queued.cancel()
    long.cancel()
    #expect(await long.value == "stopped")
    #expect(await queued.value == nil)
    #expect(ran.withLock { $0 } == 0)
    // The lane goes on with what comes next.
    #expect(await lane.run { 42 } == 42)
  }

  @Test func workAfterTheLaneClosedIsRefused() async {
    let lane = RenderLane(named: "test lane")
    lane.close()
    #expect(await lane.run { 1 } == nil)
  }
}
