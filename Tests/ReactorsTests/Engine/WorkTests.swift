import Testing

@testable import Reactors

/// The engine's queue of work: first in, first out, moving items out, and holding only what is
/// queued even when it never empties.
@Suite struct WorkTests {
  @Test func aQueueThatNeverEmptiesKeepsOrderAndDropsTakenSlots() {
    var queue = WorkQueue<Int>()
    var next = 0
    var expected = 0
    // A hundred queued, then one in and one out, a long time: the queue is never empty.
    for _ in 0..<100 {
      queue.append(next)
      next += 1
    }
    for _ in 0..<50_000 {
      queue.append(next)
      next += 1
      #expect(queue.popFirst() == expected)
      expected += 1
    }
    let queued = next - expected
    // What it holds is what is queued, give or take the half it may keep before dropping.
    #expect(queue.items.count - queue.head == queued)
    #expect(queue.items.count <= 2 * queued + 1024)
    while let item = queue.popFirst() {
      #expect(item == expected)
      expected += 1
    }
    #expect(expected == next)
    #expect(queue.isEmpty)
    #expect(queue.items.isEmpty)
  }
}
