import Reactors
import ReactorsTesting
import Testing

@Suite(.timeLimit(.minutes(5))) struct CounterViewReactorTests {
  @Test func increaseShowsLoadingThenCountsAfterOneSecond() async {
    let clock = TestClock()
    let reactor = CounterViewReactor(clock: clock)
    var states = reactor.states.makeAsyncIterator()
    #expect(await states.next()?.value == 0)

    reactor.send(.increase)
    #expect(reactor.currentState.isLoading == true)
    #expect(reactor.currentState.value == 0)

    await clock.waitForSleepers(1)  // the delayed increment has started waiting
    await clock.advance(by: .seconds(1))
    let loading = await states.next()
    #expect(loading?.isLoading == true && loading?.value == 0)
    let increased = await states.next()
    #expect(increased?.value == 1 && increased?.isLoading == true)
    let done = await states.next()
    #expect(done?.value == 1 && done?.isLoading == false)
  }
}
