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
    // While handed off, everyone queues, the owner's thread too.
    #expect(processing.arrived(-1, from: me) == .queued)
    processing.handOffStarted(on: other)
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
