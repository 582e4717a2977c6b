import Reactors
import ReactorsTestSupport
import Testing

@Suite(.timeLimit(.minutes(5))) struct PulseTests {
  @Test func aPulseFiresOnEveryAssignmentEvenOfAnEqualValue() {
    let reactor = ProbeReactor()
    let alerts = Shared<[String?]>([])
    let observation = reactor.pulse(\.$alert) { alert in alerts.withLock { $0.append(alert) } }
    reactor.send(.fire("saved"))
    reactor.send(.fire("saved"))
    reactor.send(.increment)
    reactor.send(.setTitle("other"))
    reactor.send(.fire("deleted"))
    #expect(alerts.current == ["saved", "saved", "deleted"])
    observation.cancel()
  }

  @Test func aPulseIsAnAsyncSequenceOfEveryAssignment() async {
    let reactor = ProbeReactor()
    var alerts = reactor.pulses(\.$alert).makeAsyncIterator()
    reactor.send(.fire("saved"))
    reactor.send(.fire("saved"))
    reactor.send(.increment)
    reactor.send(.fire("deleted"))
    #expect(await alerts.next() == "saved")
    #expect(await alerts.next() == "saved")
    #expect(await alerts.next() == "deleted")
  }

  @Test func cancellingTheTaskThatIteratesPulsesEndsTheObservation() async {
    let reactor = ProbeReactor()
    let alerts = reactor.pulses(\.$alert)
    #expect(reactor.storage.hasObservers)
    let iterating = Task { for await _ in alerts {} }
    iterating.cancel()
    await iterating.value
    #expect(!reactor.storage.hasObservers)
  }

  @Test func pulsesCompareByValueSoStatesCompareByWhatTheyHold() {
    var first = Pulse(wrappedValue: 1)
    let second = Pulse(wrappedValue: 1)
    #expect(first == second)
    first.value = 1
    #expect(first == second)
    #expect(first.updateCount == 1)
    first.value = 2
    #expect(first != second)
    struct State: Equatable {
      @Pulse var alert: String? = nil
      var count = 0
    }
    var state = State()
    state.alert = "saved"
    #expect(state == State(alert: "saved"))
    #expect(state != State(alert: "deleted"))
  }

  /// A state with a pulse, observed whole: an equal re-assignment changes nothing `==` sees,
  /// so the whole-state observer skips it, while the pulse observer fires.
  @Test func aPulseObserverFiresWhereAWholeStateObserverSeesNoChange() {
    let reactor = AlertReactor()
    let states = Shared(0)
    let alerts = Shared<[String]>([])
    let whole = reactor.observe { _ in states.increment() }
    let pulse = reactor.pulse(\.$alert) { alert in alerts.withLock { $0.append(alert) } }
    reactor.send("saved")
    reactor.send("saved")
    #expect(states.current == 2)
    #expect(alerts.current == ["saved", "saved"])
    withExtendedLifetime((whole, pulse)) {}
  }
}

final class AlertReactor: Reactor {
  struct State: Equatable, Sendable { @Pulse var alert = "" }
  let storage = Storage()
  let initialState = State()

  func reduce(state: inout State, mutation: String) { state.alert = mutation }
}
