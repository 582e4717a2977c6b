import Reactors
import Testing

@Suite struct PulseTests {
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

  @Test func pulsesCompareByAssignmentCount() {
    var first = Pulse(wrappedValue: 1)
    let second = Pulse(wrappedValue: 1)
    #expect(first == second)
    first.value = 1
    #expect(first != second)
    #expect(first.updateCount == 1)
  }
}
