import Reactors
import ReactorsTestSupport
import ReactorsTesting
import Testing

/// What each recorded mutation cost, when the recording measures: its `reduce` and the delivery
/// after it, each on the recording's clock (the test clock here, moved by the reducer and
/// the observer themselves), the recording's own work left out; nothing measured otherwise.
@Suite(.timeLimit(.minutes(1))) struct StepCostsTests {
  /// A counter whose `reduce` takes 5 ms on the test clock.
  final class SlowCounter: Reactor {
    enum Action: Sendable { case add(Int) }
    struct State: Sendable { var total = 0 }
    let storage = Storage()
    let initialState = State()
    let clock: TestClock
    init(clock: TestClock) { self.clock = clock }
    func reduce(state: inout State, mutation: Action) {
      clock.pass(.milliseconds(5))
      if case .add(let amount) = mutation { state.total += amount }
    }
  }

  @Test func eachMutationsReduceAndDeliveryAreTimedOnTheRecordingsClock() {
    let clock = TestClock()
    let counter = SlowCounter(clock: clock)
    let token = counter.observe(\.total) { total in
      if total > 0 { clock.pass(.milliseconds(7)) }
    }
    defer { token.cancel() }
    let recording = Recording(of: counter, named: "slow", measuringCosts: true, clock: clock)
    counter.send(.add(1))
    counter.send(.add(2))
    // began, then (input, mutation) twice.
    let expected = StepCosts(reduce: .milliseconds(5), delivery: .milliseconds(7))
    #expect(recording.costs == [2: expected, 4: expected])
    #expect(recording.costs(at: 4) == expected)
    #expect(recording.costs(at: 3) == nil, "an input costs nothing of its own")
    // The steps' own times are the clock's: the mutation's step is told after its reduce.
    #expect(recording.steps[2].time == .milliseconds(5))
  }

  @Test func aRecordingThatDoesNotMeasureKeepsNoCosts() {
    let clock = TestClock()
    let counter = SlowCounter(clock: clock)
    let recording = Recording(of: counter, named: "slow", clock: clock)
    counter.send(.add(1))
    #expect(recording.costs.isEmpty)
    #expect(recording.steps.count == 3)
  }

  @Test func aStoresMiddlewareIsPartOfTheDelivery() {
    let clock = TestClock()
    let store = Store(
      initial: 0,
      reducer: { (total: inout Int, amount: Int) in
        clock.pass(.milliseconds(2))
        total += amount
      },
      middlewares: [
        { _, _ in
          clock.pass(.milliseconds(3))
          return .none
        }
      ])
    let recording = Recording(of: store, named: "store", measuringCosts: true, clock: clock)
    store.dispatch(4)
    #expect(
      recording.costs[2] == StepCosts(reduce: .milliseconds(2), delivery: .milliseconds(3)))
  }

  /// A slow counter whose every amount arrives from an effect's task.
  final class EffectSlowCounter: Reactor {
    typealias Action = SlowCounter.Action
    typealias State = SlowCounter.State
    let storage = Storage()
    let initialState = State()
    let clock: TestClock
    init(clock: TestClock) { self.clock = clock }
    func mutate(action: Action) -> Effect<Action> { .run { send in send(action) } }
    func reduce(state: inout State, mutation: Action) {
      clock.pass(.milliseconds(5))
      if case .add(let amount) = mutation { state.total += amount }
    }
  }

  @Test func aMutationFromAnEffectsTaskIsMeasuredToo() async throws {
    let clock = TestClock()
    let counter = EffectSlowCounter(clock: clock)
    let recording = Recording(of: counter, named: "effects", measuringCosts: true, clock: clock)
    counter.send(.add(1))
    await counter.storage.settled()
    // The mutation its task sent, wherever it lands among the effect's steps.
    let mutation = recording.steps.first { if case .mutation = $0.kind { true } else { false } }
    let index = try #require(mutation?.index)
    #expect(recording.costs == [index: StepCosts(reduce: .milliseconds(5), delivery: .zero)])
  }
}
