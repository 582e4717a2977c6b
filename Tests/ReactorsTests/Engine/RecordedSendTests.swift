import Reactors
import ReactorsTestSupport
import ReactorsTesting
import Testing

/// A recorded reactor's `send`, which takes the general path (the engine tells the recording
/// through its ``StepHook``): what it records, alone and beside what else acts on a reactor (a
/// stub, a misused reduce, a test's tap, effects, observers). A recording
/// stopped midway is `RecordingTests`' `stoppingEndsTheRecordingAndKeepsItsSteps`.
@Suite(.timeLimit(.minutes(1))) struct RecordedSendTests {
  @Test func aSendRecordsItsInputAndItsMutation() {
    let reactor = ProbeReactor()
    let recording = Recording(of: reactor, named: "probe")
    reactor.send(.increment)
    reactor.send(.custom(0))  // `.none`: an input, no mutation
    reactor.send(.setTitle("a"))
    #expect(
      lines(recording.steps) == [
        "0 began => 0 \"\"",
        "1 input increment",
        "2 mutation add(1) <- probe#1 => 1 \"\"",
        "3 input custom(0)",
        "4 input setTitle(\"a\")",
        "5 mutation setTitle(\"a\") <- probe#4 => 1 \"a\"",
      ])
    #expect(reactor.currentState.count == 1)
  }

  @Test func anObserversSendNamesTheMutationItSawAndRunsAfterIt() {
    let reactor = ProbeReactor()
    let recording = Recording(of: reactor, named: "probe")
    let token = reactor.observe(\.count) { count in
      if count == 1 { reactor.send(.setTitle("seen")) }
    }
    reactor.send(.increment)
    #expect(
      lines(recording.steps).suffix(4) == [
        "1 input increment",
        "2 mutation add(1) <- probe#1 => 1 \"\"",
        "3 input setTitle(\"seen\") <- probe#2",
        "4 mutation setTitle(\"seen\") <- probe#3 => 1 \"seen\"",
      ])
    withExtendedLifetime(token) {}
  }

  @Test func aStubTurnedOnTakesTheActionInsteadOfTheRecording() {
    let reactor = ProbeReactor()
    let recording = Recording(of: reactor, named: "probe")
    reactor.send(.increment)
    reactor.stub.isEnabled = true
    reactor.send(.increment)
    #expect(reactor.stub.actions == [.increment])
    #expect(recording.steps.count == 3)  // began, and the first send's input and mutation
  }

  @Test func aReduceThatSendsIsReportedAndBothSendsAreRecorded() {
    let reactor = ProbeReactor(onReduce: { reactor, mutation in
      if case .add = mutation { reactor.send(.setTitle("from reduce")) }
    })
    let recording = Recording(of: reactor, named: "probe")
    reactor.send(.increment)
    #expect(reactor.issueCount == 1)
    #expect(reactor.currentState.title == "from reduce")
    #expect(
      lines(recording.steps).dropFirst().map { $0.components(separatedBy: " <-").first! } == [
        "1 input increment",
        "2 mutation add(1)",
        "3 input setTitle(\"from reduce\")",
        "4 mutation setTitle(\"from reduce\")",
      ])
  }

  @Test func aTestersTapSeesEveryMutationOfARecordedReactor() async {
    let reactor = ProbeReactor()
    let recording = Recording(of: reactor, named: "probe")
    let tester = ReactorTester(reactor)
    await tester.send(.increment) { $0.count = 1 }
    await tester.send(.setTitle("t")) { $0.title = "t" }
    #expect(recording.steps.count == 5)
    await tester.finish()
  }
}
