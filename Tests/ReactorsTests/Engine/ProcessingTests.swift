import Testing

@testable import Reactors

/// The engine's state machine alone: who processes, what is queued, when it hands off.
@Suite struct ProcessingTests {
  /// Two threads, as the state machine sees them.
  let me = 1
  let other = 2
  static let batch = Processing<Int, Int>.batch
  static let backlog = Processing<Int, Int>.backlog

  @Test func theFirstArrivalClaimsAndLaterOnesQueueInOrder() {
    var processing = Processing<Int, Int>()
    #expect(processing.arrived(1, from: me) == .process)
    #expect(processing.arrived(2, from: me) == .queued)
    #expect(processing.arrived(3, from: me) == .queued)
    var taken: [Processing<Int, Int>.Queued] = []
    #expect(processing.finishedItems(into: &taken) == .process)
    #expect(taken.map(\.item) == [2, 3])
    taken.removeAll()
    #expect(processing.finishedItems(into: &taken) == .idle)
    #expect(processing.phase == .idle)
    #expect(processing.arrived(4, from: me) == .process)
  }

  @Test func theOwnerTakesAtMostABatchOfOtherThreadsWorkThenHandsOff() {
    var processing = Processing<Int, Int>()
    let claimed = processing.claim(on: me)
    #expect(claimed)
    for item in 0..<(Self.batch + 10) {
      // Behind the backlog, another thread's item is told to give the owner a head start.
      let expected: Processing<Int, Int>.Arrival =
        item < Self.backlog ? .queued : .queuedBehindBacklog(pausing: item - Self.backlog + 1)
      #expect(processing.arrived(item, from: other, mayPause: true) == expected)
    }
    var taken: [Processing<Int, Int>.Queued] = []
    #expect(processing.finishedItems(into: &taken) == .process)
    #expect(taken.map(\.item) == Array(0..<Self.batch))
    taken.removeAll()
    #expect(processing.finishedItems(into: &taken) == .handOff)
    #expect(processing.phase == .handedOff)
    // The next sender takes over, behind the queued work: order is kept. It never pauses,
    // however long the queue: it is the one processing it now.
    #expect(processing.arrived(-1, from: me) == .processQueued)
    #expect(processing.finishedItems(into: &taken) == .process)
    #expect(taken.map(\.item) == Array(Self.batch..<(Self.batch + 10)) + [-1])
    taken.removeAll()
    #expect(processing.finishedItems(into: &taken) == .idle)
    // The task asked for finds the work taken over, and does nothing.
    let taskOwns = processing.handOffStarted(on: other)
    #expect(!taskOwns)
  }

  @Test func theTaskGoesOnWhenNobodyTakesOver() {
    var processing = Processing<Int, Int>()
    let claimed = processing.claim(on: me)
    #expect(claimed)
    for item in 0...Self.batch { _ = processing.arrived(item, from: other) }
    var taken: [Processing<Int, Int>.Queued] = []
    #expect(processing.finishedItems(into: &taken) == .process)
    taken.removeAll()
    #expect(processing.finishedItems(into: &taken) == .handOff)
    let taskOwns = processing.handOffStarted(on: 3)
    #expect(taskOwns)
    #expect(processing.arrived(-1, from: me) == .queued)
    #expect(processing.finishedItems(into: &taken) == .process)
    #expect(taken.map(\.item) == [Self.batch, -1])
  }

  @Test func anotherThreadsItemJoiningABacklogIsToldToGiveTheOwnerAHeadStart() {
    var processing = Processing<Int, Int>()
    let claimed = processing.claim(on: me)
    #expect(claimed)
    // The owner's own follow-ups fill the queue without ever being told to wait.
    for item in 0..<Self.backlog { processing.followUp(item) }
    #expect(processing.arrived(-1, from: me) == .queued)
    // Another thread's item behind that many waits a moment; so does the next.
    #expect(processing.arrived(-2, from: other, mayPause: true) == .queuedBehindBacklog(pausing: 1))
    processing.pauseEnded()
    #expect(processing.arrived(-3, from: other, mayPause: true) == .queuedBehindBacklog(pausing: 1))
    processing.pauseEnded()
    var taken: [Processing<Int, Int>.Queued] = []
    #expect(processing.finishedItems(into: &taken) == .process)
    #expect(taken.map(\.item) == Array(0..<Self.backlog) + [-1, -2, -3])
    // Once the queue is taken, another thread's item queues without waiting again.
    #expect(processing.arrived(-4, from: other, mayPause: true) == .queued)
  }

  @Test func anItemBehindFewerThanTheBacklogQueuesWithoutWaiting() {
    var processing = Processing<Int, Int>()
    let claimed = processing.claim(on: me)
    #expect(claimed)
    for item in 0..<Self.backlog {
      #expect(processing.arrived(item, from: other, mayPause: true) == .queued)
    }
    #expect(
      processing.arrived(Self.backlog, from: other, mayPause: true)
        == .queuedBehindBacklog(pausing: 1))
  }

  @Test func workThatNeverPausesIsNeverToldToHoweverLongTheQueue() {
    var processing = Processing<Int, Int>()
    let claimed = processing.claim(on: me)
    #expect(claimed)
    // An effect's `Send`, an observer's registration, the engine's own work.
    for item in 0...(2 * Self.backlog) {
      #expect(processing.arrived(item, from: other) == .queued)
    }
    #expect(processing.pausing == 0)
  }

  @Test func whileACrowdPausesTheNextSenderPausesBehindAShorterBacklog() {
    var processing = Processing<Int, Int>()
    let claimed = processing.claim(on: me)
    #expect(claimed)
    let crowded = Processing<Int, Int>.crowdedBacklog
    #expect(Processing<Int, Int>.crowd == 2)
    #expect(crowded < Self.backlog)
    for item in 0..<Self.backlog { processing.followUp(item) }
    // Two threads pause behind the backlog: a crowd.
    #expect(processing.arrived(-1, from: 2, mayPause: true) == .queuedBehindBacklog(pausing: 1))
    #expect(processing.arrived(-2, from: 3, mayPause: true) == .queuedBehindBacklog(pausing: 2))
    var taken: [Processing<Int, Int>.Queued] = []
    #expect(processing.finishedItems(into: &taken) == .process)
    // The owner took the queue; while the crowd still pauses, the next sender pauses behind
    // the shorter backlog, not behind fewer.
    for item in 0..<(crowded - 1) { processing.followUp(item) }
    #expect(processing.arrived(-3, from: 4, mayPause: true) == .queued)
    #expect(processing.arrived(-4, from: 4, mayPause: true) == .queuedBehindBacklog(pausing: 3))
    // Once the pauses end, the backlog is the usual one again.
    for _ in 0..<3 { processing.pauseEnded() }
    #expect(processing.pausing == 0)
    #expect(processing.arrived(-5, from: 4, mayPause: true) == .queued)
  }

  @Test func whatComesLaterThanTheOwnersOwnProcessingIsMarkedSo() {
    var processing = Processing<Int, Int>()
    #expect(processing.arrived(0, from: me) == .process)
    #expect(processing.arrived(1, from: me) == .queued)  // the owner's own (an observer's send)
    #expect(processing.arrived(2, from: me, fromEffect: true) == .queued)  // an effect starting
    #expect(processing.arrived(3, from: other) == .queued)  // another thread's
    processing.followUp(4)  // a store's follow-up
    var taken: [Processing<Int, Int>.Queued] = []
    #expect(processing.finishedItems(into: &taken) == .process)
    #expect(taken.map(\.item) == [1, 2, 3, 4])
    #expect(taken.map(\.isLater) == [false, true, true, false])
    #expect(taken.map(\.isForeign) == [false, false, true, false])
  }

  @Test func theOwnersOwnFollowUpsNeverCountTowardsTheBatch() {
    var processing = Processing<Int, Int>()
    let claimed = processing.claim(on: me)
    #expect(claimed)
    for item in 0..<(3 * Self.batch) { processing.followUp(item) }
    var taken: [Processing<Int, Int>.Queued] = []
    #expect(processing.finishedItems(into: &taken) == .process)
    #expect(taken.map(\.item) == Array(0..<(3 * Self.batch)))
    taken.removeAll()
    #expect(processing.finishedItems(into: &taken) == .idle)
  }
}
