import Testing

@testable import Reactors

/// The engine's state machine alone: who processes, what is queued, when it hands off.
@Suite struct ProcessingTests {
  /// Two threads, as the state machine sees them.
  let me = 1
  let other = 2

  @Test func theFirstArrivalClaimsAndLaterOnesQueueInOrder() {
    var processing = Processing<Int, Int>()
    #expect(processing.arrived(1, from: me) == .process)
    #expect(processing.arrived(2, from: me) == .queued)
    #expect(processing.arrived(3, from: me) == .queued)
    #expect(processing.finishedItem() == .process(2))
    #expect(processing.finishedItem() == .process(3))
    #expect(processing.finishedItem() == .idle)
    #expect(processing.phase == .idle)
    #expect(processing.arrived(4, from: me) == .process)
  }

  @Test func theOwnerTakesAtMostABatchOfOtherThreadsWorkThenHandsOff() {
    var processing = Processing<Int, Int>()
    let claimed = processing.claim(on: me)
    #expect(claimed)
    for item in 0..<(Processing<Int, Int>.batch + 10) {
      #expect(processing.arrived(item, from: other) == .queued)
    }
    for item in 0..<Processing<Int, Int>.batch {
      #expect(processing.finishedItem() == .process(item))
    }
    #expect(processing.finishedItem() == .handOff)
    #expect(processing.phase == .handedOff)
    // The next sender takes over, behind the queued work: order is kept.
    #expect(processing.arrived(-1, from: me) == .processQueued)
    for item in Processing<Int, Int>.batch..<(Processing<Int, Int>.batch + 10) {
      #expect(processing.finishedItem() == .process(item))
    }
    #expect(processing.finishedItem() == .process(-1))
    #expect(processing.finishedItem() == .idle)
    // The task asked for finds the work taken over, and does nothing.
    let taskOwns = processing.handOffStarted(on: other)
    #expect(!taskOwns)
  }

  @Test func theTaskGoesOnWhenNobodyTakesOver() {
    var processing = Processing<Int, Int>()
    let claimed = processing.claim(on: me)
    #expect(claimed)
    for item in 0...Processing<Int, Int>.batch { _ = processing.arrived(item, from: other) }
    for item in 0..<Processing<Int, Int>.batch {
      #expect(processing.finishedItem() == .process(item))
    }
    #expect(processing.finishedItem() == .handOff)
    let taskOwns = processing.handOffStarted(on: 3)
    #expect(taskOwns)
    #expect(processing.arrived(-1, from: me) == .queued)
    #expect(processing.finishedItem() == .process(Processing<Int, Int>.batch))
  }

  @Test func theOwnersOwnFollowUpsNeverCountTowardsTheBatch() {
    var processing = Processing<Int, Int>()
    let claimed = processing.claim(on: me)
    #expect(claimed)
    for item in 0..<(3 * Processing<Int, Int>.batch) { processing.followUp(item) }
    for item in 0..<(3 * Processing<Int, Int>.batch) {
      #expect(processing.finishedItem() == .process(item))
    }
    #expect(processing.finishedItem() == .idle)
  }
}

extension Processing.Next: Equatable where Item: Equatable {
  /// The same instruction, with the same item.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs, rhs) {
    case (.process(let a), .process(let b)): a == b
    case (.handOff, .handOff), (.idle, .idle): true
    default: false
    }
  }
}
