import Reactors
import ReactorsTestSupport
import ReactorsTesting
import Testing

/// Time travel: a recorded state is shown to the observers; the work that arrives meanwhile is
/// held, in order, and nothing runs again; back to live, the live state is shown and the held
/// work processed in its order.
@Suite(.timeLimit(.minutes(1))) struct TimeTravelTests {
  @Test func theObserversSeeTheStepsStateAndThenTheLiveOne() throws {
    let reactor = ProbeReactor()
    let recording = Recording(of: reactor, named: "probe")
    let seen = Shared<[Int]>([])
    let token = reactor.observe(\.count) { count in seen.withLock { $0.append(count) } }
    for _ in 0..<3 { reactor.send(.increment) }  // steps 1…6: input, mutation ×3

    try recording.travel(to: 2)  // the first mutation: count 1
    #expect(reactor.currentState.count == 1)
    try recording.travel(to: 3)  // an input: the state before it, count 1 still
    try recording.travel(to: 0)  // `began`: count 0
    recording.returnToLive()
    #expect(seen.withLock { $0 } == [0, 1, 2, 3, 1, 0, 3])
    #expect(reactor.currentState.count == 3)
    // Nothing was recorded for the travel: the steps are the three sends'.
    #expect(recording.steps.count == 7)
    withExtendedLifetime(token) {}
  }

  @Test func inputsSentMeanwhileAreHeldInOrderAndProcessedBackLive() throws {
    let mutated = Shared<[ProbeReactor.Action]>([])
    let reactor = ProbeReactor(mutate: { _, action in
      mutated.withLock { $0.append(action) }
      return ProbeReactor.defaultMutation(action)
    })
    let recording = Recording(of: reactor, named: "probe")
    reactor.send(.append(1))
    try recording.travel(to: 0)
    reactor.send(.append(2))
    reactor.send(.setTitle("meanwhile"))
    reactor.send(.append(3))
    #expect(mutated.withLock { $0 } == [.append(1)])  // held: `mutate` did not run
    #expect(reactor.currentState.items == [])  // the state shown is step 0's
    recording.returnToLive()
    #expect(
      mutated.withLock { $0 } == [.append(1), .append(2), .setTitle("meanwhile"), .append(3)])
    #expect(reactor.currentState.items == [1, 2, 3])
    #expect(reactor.currentState.title == "meanwhile")
    // Held inputs are recorded when they are processed, after the live state is back.
    let inputs = recording.steps.compactMap { step -> ProbeReactor.Action? in
      if case .input(let action) = step.kind { return action }
      return nil
    }
    #expect(inputs == [.append(1), .append(2), .setTitle("meanwhile"), .append(3)])
  }

  @Test func noEffectRunsAgainAndAnEffectsValueArrivingMeanwhileIsHeld() async throws {
    let clock = TestClock()
    let runs = Shared(0)
    let reactor = ProbeReactor(mutate: { _, action in
      guard case .custom(let value) = action else { return ProbeReactor.defaultMutation(action) }
      return .run { send in
        runs.increment()
        try await clock.sleep(for: .seconds(1))
        send(.add(value))
      }
    })
    let recording = Recording(of: reactor, named: "probe")
    reactor.send(.custom(5))
    await clock.waitForSleepers(1)
    try recording.travel(to: 0)
    try recording.travel(to: 1)
    await clock.advance(by: .seconds(1))
    await reactor.storage.settled()
    #expect(reactor.currentState.count == 0)  // the effect's value is held
    recording.returnToLive()
    await reactor.storage.settled()
    #expect(reactor.currentState.count == 5)
    #expect(runs.withLock { $0 } == 1)
  }

  @Test func aNewObserverStartsFromTheStateShown() throws {
    let reactor = ProbeReactor()
    let recording = Recording(of: reactor, named: "probe")
    reactor.send(.add(7))
    try recording.travel(to: 0)
    let seen = Shared<[Int]>([])
    let token = reactor.observe(\.count) { count in seen.withLock { $0.append(count) } }
    recording.returnToLive()
    #expect(seen.withLock { $0 } == [0, 7])
    withExtendedLifetime(token) {}
  }

  @Test func aStepWithNoStateOrARecordingThatKeepsNoneSaysHowToFixIt() throws {
    let reactor = ProbeReactor()
    let recording = Recording(of: reactor, named: "probe")
    reactor.send(.increment)
    #expect(throws: TimeTravelError.self) { try recording.travel(to: -1) }
    let detached = Recording<Int, Int, Int>(name: "file", steps: [], warnings: [])
    #expect(throws: TimeTravelError.notAttached(recording: "file")) {
      try detached.travel(to: 0)
    }
    let error = TimeTravelError.noState(recording: "r", index: 3, keepsSteps: false, count: 0)
    #expect(error.description.contains("keepingSteps: true"))
    recording.returnToLive()  // not traveling: nothing happens
    #expect(reactor.currentState.count == 1)
  }

  @Test func threadsSendingWhileTheScreenTravelsLoseNothingAndKeepTheirOrder() async {
    let reactor = ProbeReactor()
    let recording = Recording(of: reactor, named: "probe")
    reactor.send(.increment)
    let senders = 4
    let perSender = 2_000
    let finished = await withDeadline(60) { () -> Bool in
      await onThreads(senders + 1) { thread in
        if thread == senders {
          for round in 0..<200 {
            try? recording.travel(to: round % 3)
            if round % 2 == 1 { recording.returnToLive() }
          }
          recording.returnToLive()
        } else {
          for sequence in 0..<perSender {
            reactor.send(.send(sender: thread, sequence: sequence))
          }
        }
      }
      return true
    }
    #expect(finished == true, "a thread did not finish within 60 s: a deadlock")
    recording.returnToLive()
    await reactor.storage.settled()
    let state = reactor.currentState
    #expect(state.outOfOrder == 0)
    #expect(
      Array(state.lastSequence.prefix(senders)) == Array(repeating: perSender - 1, count: senders))
    #expect(state.count == 1 + senders * perSender)
  }

  @Test func aShownStateGoesThroughTransformStateAndTheLiveOneComesBackAsItWas() throws {
    let reactor = Stamped()
    let recording = Recording(of: reactor, named: "stamped")
    reactor.send(5)
    #expect(reactor.currentState == Stamped.State(count: 5, stamp: "5"))
    try recording.travel(to: 0)
    #expect(reactor.currentState == Stamped.State(count: 0, stamp: "0"))
    recording.returnToLive()
    #expect(reactor.currentState == Stamped.State(count: 5, stamp: "5"))
  }

  @Test func stoppingWhileTravelingReturnsLiveAndRecordsWhatWasHeldFirst() throws {
    let reactor = ProbeReactor()
    let recording = Recording(of: reactor, named: "probe")
    reactor.send(.increment)
    try recording.travel(to: 0)
    reactor.send(.append(9))  // held
    recording.stop()
    #expect(reactor.currentState.items == [9])
    #expect(recording.steps.contains { isInput($0, .append(9)) })
    reactor.send(.append(10))  // live: processed at once
    #expect(reactor.currentState.items == [9, 10])
    #expect(!recording.steps.contains { isInput($0, .append(10)) })
  }

  @Test func aRecordingAttachedWhileTravelingBeginsWhereItWasAttached() throws {
    let reactor = ProbeReactor()
    let first = Recording(of: reactor, named: "first")
    reactor.send(.add(3))
    try first.travel(to: 0)
    let second = Recording(of: reactor, named: "second")  // held, in its place
    reactor.send(.add(4))
    second.stop()
    // Back live (the stop returned first), the second began from the live state, recorded the
    // send after it, and stopped.
    #expect(reactor.currentState.count == 7)
    #expect(second.steps.first?.state?.count == 3)
    #expect(second.steps.contains { isInput($0, .add(4)) })
  }
}

extension TimeTravelTests {
  @Test func aRecordingThatKeepsAStateEveryFewMutationsMakesTheOthersAgain() throws {
    let reactor = ProbeReactor()
    let recording = Recording(of: reactor, named: "probe", keepingStatesEvery: 4)
    for value in 1...10 { reactor.send(.append(value)) }
    let kept = recording.steps.filter { $0.state != nil }.map(\.index)
    #expect(kept == [0, 8, 16])  // `began`, then every fourth mutation
    for index in 0..<recording.steps.count {
      // Steps 1, 2: the first input and its mutation; the state at step i has i / 2 items.
      #expect(recording.state(at: index)?.state.items == (0..<index / 2).map { $0 + 1 })
    }
    try recording.travel(to: 12)  // the sixth mutation's state, made again
    #expect(reactor.currentState.items == [1, 2, 3, 4, 5, 6])
    recording.returnToLive()
    #expect(reactor.currentState.items == Array(1...10))
  }
}

/// A reactor whose `transform(state:)` stamps each state with its count.
final class Stamped: Reactor {
  struct State: Equatable, Sendable {
    var count = 0
    var stamp = ""
  }
  let storage = Storage()
  let initialState = State()
  func reduce(state: inout State, mutation: Int) { state.count += mutation }
  func transform(state: StateUpstream<State>) -> StateUpstream<State> {
    state.map { state in
      var stamped = state
      stamped.stamp = "\(state.count)"
      return stamped
    }
  }
}

/// Whether `step` is the input `action`.
func isInput<Action: Equatable, Mutation, State>(
  _ step: RecordedStep<Action, Mutation, State>, _ action: Action
) -> Bool {
  if case .input(let input) = step.kind { return input == action }
  return false
}
