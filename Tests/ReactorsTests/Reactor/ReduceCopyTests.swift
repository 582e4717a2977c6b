import Reactors
import Testing

/// Contract 6: reduce does not copy the world.
///
/// Counts how often the array in state moves to a new buffer while one element is appended per
/// action. Reduced in place, it moves only when its capacity doubles (about log2 n times); a
/// copy per action would move it n times.
@Suite struct ReduceCopyTests {
  @Test(arguments: [10_000, 20_000, 40_000])
  func appendingPerActionMovesTheBufferOnlyWhenItGrows(count: Int) {
    let reactor = ProbeReactor()
    let moves = BufferMoves()
    // An observer of the whole state that keeps no copy of it (an Equatable state skips repeats
    // by keeping the last one, which would make every append copy).
    let observation = reactor.observe(skippingRepeats: false) { moves.record($0.items) }
    for value in 0..<count { reactor.send(.append(value)) }
    #expect(reactor.currentState.items.count == count)
    #expect(moves.recorded == count + 1, "the observer saw the first state and each append")
    let bound = BufferMoves.bound(forAppends: count)
    #expect(moves.count <= bound, "the buffer moved \(moves.count) times for \(count) appends")
    observation.cancel()
  }

  @Test func theReturningFormIsCorrectToo() {
    let reactor = ListReactor()
    for value in 0..<1_000 { reactor.send(value) }
    #expect(reactor.currentState == Array(0..<1_000))
  }
}

/// A reactor with the returning `reduce` the seeds use.
final class ListReactor: Reactor {
  let storage = Storage()
  let initialState: [Int] = []

  func reduce(state: [Int], mutation: Int) -> [Int] {
    var newState = state
    newState.append(mutation)
    return newState
  }
}
