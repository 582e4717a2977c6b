import Testing

@testable import Reactors

/// The outbox a recording fills for its file's writer: steps in order across chunks, bounded
/// with the dropped ones counted, the consumer woken once a batch waits, closed by the last
/// batch, and chunks given back reused with their memory.
@Suite struct StepOutboxTests {
  typealias Outbox = StepOutbox<Int>

  @Test func keepsStepsInOrderAcrossChunksAndWakesOnceABatchWaits() {
    var outbox = Outbox(capacity: 10_000, wakeEvery: 2_500)
    var wakes: [Int] = []
    for index in 0..<3_000 where outbox.took(index, index: index) { wakes.append(index) }
    #expect(wakes == [2_499])  // once, when the 2,500th step arrives
    let batch = outbox.taken(closing: false, giving: [])
    #expect(batch.steps == Array(0..<3_000))
    // Chunks of about 1,024 steps (the allocator may round a chunk's capacity up), each filled
    // to its capacity before the next begins, never grown.
    #expect(batch.chunks.count == 3)
    #expect(batch.chunks.dropLast().allSatisfy { $0.count == $0.capacity })
    #expect(batch.chunks.allSatisfy { $0.capacity >= Outbox.chunkSize })
    #expect(batch.dropped == 0)

    // The count starts again with the next batch.
    var next: [Int] = []
    for index in 3_000..<5_500 where outbox.took(index, index: index) { next.append(index) }
    #expect(next == [5_499])
  }

  @Test func aSmallOutboxWakesItsConsumerOnceHalfFull() {
    var outbox = Outbox(capacity: 10, wakeEvery: 4_096)
    let wakes = (0..<10).filter { outbox.took($0, index: $0) }
    #expect(wakes == [4])  // five steps wait: half the capacity, long before 4,096
  }

  @Test func countsWhatDoesNotFitAndSaysWhereItBegan() {
    var outbox = Outbox(capacity: 3, wakeEvery: .max)
    for index in 0..<7 { _ = outbox.took(index, index: index) }
    let batch = outbox.taken(closing: false, giving: [])
    #expect(batch.steps == [0, 1, 2])
    #expect(batch.firstIndex == 0)
    #expect(batch.dropped == 4)
    #expect(batch.firstDropped == 3)

    // Room again once taken: counting starts over, from the first step kept.
    for index in 7..<9 { _ = outbox.took(index, index: index) }
    let after = outbox.taken(closing: false, giving: [])
    #expect(after.steps == [7, 8])
    #expect(after.firstIndex == 7)
    #expect(after.dropped == 0)
  }

  @Test func theLastBatchClosesItForGood() {
    var outbox = Outbox(capacity: 100, wakeEvery: .max)
    _ = outbox.took(0, index: 0)
    #expect(outbox.taken(closing: true, giving: []).steps == [0])
    let wakes = outbox.took(1, index: 1)
    #expect(!wakes)
    let after = outbox.taken(closing: false, giving: [])
    #expect(after.steps.isEmpty)
    #expect(after.dropped == 0)  // not kept, and not a gap: the recording is over
  }

  @Test func chunksGivenBackAreFilledAgainWithTheirMemory() {
    var outbox = Outbox(capacity: 100_000, wakeEvery: .max)
    let count = 3 * Outbox.chunkSize - 100  // three chunks, whatever their rounded capacity
    for index in 0..<count { _ = outbox.took(index, index: index) }
    var batch = outbox.taken(closing: false, giving: [])
    #expect(batch.chunks.count == 3)
    let addresses = Set(batch.chunks.map { $0.withUnsafeBufferPointer { $0.baseAddress } })
    let emptied = batch.emptied()
    #expect(emptied.count == 3)
    #expect(emptied.allSatisfy { $0.isEmpty && $0.capacity >= Outbox.chunkSize })

    // Given back (with a batch that found nothing waiting), they hold the next steps.
    // (`consume`: a chunk the test still held would be copied rather than filled.)
    #expect(outbox.taken(closing: false, giving: consume emptied).steps.isEmpty)
    for index in 0..<count { _ = outbox.took(index, index: index) }
    let again = outbox.taken(closing: false, giving: [])
    #expect(again.steps == Array(0..<count))
    #expect(Set(again.chunks.map { $0.withUnsafeBufferPointer { $0.baseAddress } }) == addresses)

    // At most `sparesKept` chunks are kept, however many come back.
    var many = Array(repeating: [Int](), count: 3 * Outbox.sparesKept)
    for index in many.indices { many[index].reserveCapacity(8) }
    _ = outbox.taken(closing: false, giving: many)
    #expect(outbox.spares.count < Outbox.sparesKept)  // one of them is being filled
  }
}

extension StepBatch {
  /// The steps, in order, as they waited (a recording's consumer makes them steps again with
  /// `forEachStep(named:_:)`).
  var steps: [Step] { Array(chunks.joined()) }
}
