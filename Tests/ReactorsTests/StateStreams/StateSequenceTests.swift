import Reactors
import Testing

@Suite(.timeLimit(.minutes(1))) struct StateSequenceTests {
  @Test func everyIteratorStartsWithTheCurrentStateAndGetsEveryLaterOne() async {
    let reactor = ProbeReactor()
    reactor.send(.increment)
    var first = reactor.states.makeAsyncIterator()
    var second = reactor.states.makeAsyncIterator()
    reactor.send(.increment)
    reactor.send(.increment)
    for expected in 1...3 {
      #expect(await first.next()?.count == expected)
      #expect(await second.next()?.count == expected)
    }
  }

  @Test func newestKeepsOnlyTheLatestForASlowConsumer() async {
    let reactor = ProbeReactor()
    var states = reactor.states.newest.makeAsyncIterator()
    for _ in 0..<10_000 { reactor.send(.increment) }
    #expect(await states.next()?.count == 10_000)
    reactor.send(.increment)
    #expect(await states.next()?.count == 10_001)
  }

  @Test(.timeLimit(.minutes(5))) func cancellingTheIteratingTaskEndsTheSequence() async {
    let reactor = ProbeReactor()
    let (iterating, signal) = AsyncStream.makeStream(of: Void.self)
    let task = Task {
      var received = 0
      for await _ in reactor.states {
        received += 1
        signal.yield()
      }
      return received
    }
    // The task is inside the loop, waiting for a second state, when it is cancelled.
    var signals = iterating.makeAsyncIterator()
    await signals.next()
    task.cancel()
    let received = await task.value
    #expect(received == 1)
  }
}
