import Reactors
import Testing

/// Contract 2: synchronous when it can be.
@Suite(.timeLimit(.minutes(5))) struct SynchronousTests {
  @Test func aJustIsReducedBeforeSendReturns() {
    let reactor = ProbeReactor()
    reactor.send(.add(5))
    #expect(reactor.currentState.count == 5)
  }

  @Test func aConcatOfJustsIsReducedBeforeSendReturns() {
    let reactor = ProbeReactor(mutate: { _, _ in
      .concat([.just(.add(1)), .concat(.just(.add(2)), .just(.add(3))), .none])
    })
    reactor.send(.custom(0))
    #expect(reactor.currentState.count == 6)
  }

  @Test func eachMutationIsReducedBeforeTheNextPartOfAConcatStarts() {
    let reactor = ProbeReactor(mutate: { reactor, _ in
      .concat([
        .just(.add(1)),
        .deferred { .just(.log("count was \(reactor.currentState.count)")) },
        .just(.add(1)),
        .deferred { .just(.log("count was \(reactor.currentState.count)")) },
      ])
    })
    reactor.send(.custom(0))
    #expect(reactor.currentState.log == ["count was 1", "count was 2"])
  }

  @Test func actionsSentBeforeAnyoneObservesAreProcessed() async {
    let reactor = ProbeReactor()
    reactor.send(.increment)
    reactor.send(.increment)
    var states = reactor.states.makeAsyncIterator()
    #expect(await states.next()?.count == 2)
  }

  @Test func mutationDefaultsToTheActionAndPassesThrough() {
    let reactor = PassThroughReactor()
    reactor.send(3)
    reactor.send(4)
    #expect(reactor.currentState == 7)
  }
}

/// A reactor with no `Mutation` and no `mutate`: actions are the mutations.
final class PassThroughReactor: Reactor {
  let storage = Storage()
  let initialState = 0

  func reduce(state: Int, mutation: Int) -> Int { state + mutation }
}
