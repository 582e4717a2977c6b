import Reactors
import ReactorsTestSupport
import ReactorsTesting
import Testing

/// One line per step of a recording of a `ProbeReactor`: its index, kind, cause and, after a
/// mutation, the state's count and title.
func lines(
  _ steps: [RecordedStep<ProbeReactor.Action, ProbeReactor.Mutation, ProbeReactor.State>]
) -> [String] {
  steps.map { step in
    let cause = step.cause.map { " <- \($0)" } ?? ""
    let state = step.state.map { " => \($0.count) \"\($0.title)\"" } ?? ""
    switch step.kind {
    case .began: return "\(step.index) began\(state)"
    case .input(let action): return "\(step.index) input \(action)\(cause)"
    case .mutation(let mutation): return "\(step.index) mutation \(mutation)\(cause)\(state)"
    case .effectStarted(let id): return "\(step.index) effect \(id ?? "-")\(cause)"
    case .effectEnded(let start, let cancelled):
      return "\(step.index) ended \(start)\(cancelled ? " cancelled" : "")\(cause)"
    case .cancelled(let id): return "\(step.index) cancel \(id)\(cause)"
    case .gap(let dropped): return "\(step.index) gap \(dropped)"
    }
  }
}

/// A recording's steps: inputs, mutations and the states they made, effects, and their causes.
@Suite(.timeLimit(.minutes(1))) struct RecordingTests {
  @Test func recordsEachInputAndTheMutationItMadeWithTheInputAsItsCause() {
    let reactor = ProbeReactor()
    reactor.send(.increment)  // before the recording: its state is where the recording begins
    let recording = Recording(of: reactor, named: "probe")
    reactor.send(.increment)
    reactor.send(.setTitle("a"))
    #expect(
      lines(recording.steps) == [
        "0 began => 1 \"\"",
        "1 input increment",
        "2 mutation add(1) <- probe#1 => 2 \"\"",
        "3 input setTitle(\"a\")",
        "4 mutation setTitle(\"a\") <- probe#3 => 2 \"a\"",
      ])
  }

  @Test func timesComeFromTheRecordingsClock() async {
    let clock = TestClock()
    let reactor = ProbeReactor()
    let recording = Recording(of: reactor, named: "probe", clock: clock)
    reactor.send(.increment)
    await clock.advance(by: .seconds(2))
    reactor.send(.increment)
    #expect(recording.steps.map(\.time) == [.zero, .zero, .zero, .seconds(2), .seconds(2)])
  }

  @Test func anEffectsStartWhatItSendsAndItsEndNameTheirCauses() async {
    let reactor = ProbeReactor(mutate: { _, action in
      guard case .custom = action else { return ProbeReactor.defaultMutation(action) }
      return .concat([.just(.setTitle("loading")), .run { send in send(.add(2)) }])
    })
    let recording = Recording(of: reactor, named: "probe")
    reactor.send(.custom(0))
    await reactor.storage.settled()
    let steps = lines(recording.steps)
    #expect(
      steps.prefix(4) == [
        "0 began => 0 \"\"",
        "1 input custom(0)",
        "2 mutation setTitle(\"loading\") <- probe#1 => 0 \"loading\"",
        "3 effect - <- probe#1",
      ])
    // Where the task starts on the processing thread, it ends before what it sent is reduced.
    #expect(
      Set(steps.dropFirst(4).map { $0.dropFirst(2) }) == [
        "mutation add(2) <- probe#3 => 2 \"loading\"",
        "ended 3 <- probe#3",
      ])
  }

  @Test func aCancelledEffectEndsCancelledAfterItsCancellation() async throws {
    let clock = TestClock()
    let reactor = ProbeReactor(mutate: { _, action in
      guard case .custom(let query) = action else { return ProbeReactor.defaultMutation(action) }
      return Effect.run { send in
        try await clock.sleep(for: .seconds(1))
        send(.add(query))
      }
      .cancellable(id: "query", cancelInFlight: true)
    })
    let recording = Recording(of: reactor, named: "probe")
    reactor.send(.custom(1))
    await clock.waitForSleepers(1)
    reactor.send(.custom(2))
    await clock.waitForSleepers(1)  // where tasks do not start on this thread, it may not yet
    await clock.advance(by: .seconds(1))
    await reactor.storage.settled()
    let steps = lines(recording.steps)
    #expect(
      steps.prefix(6) == [
        "0 began => 0 \"\"",
        "1 input custom(1)",
        "2 cancel query <- probe#1",  // `cancelInFlight`, with nothing in flight yet
        "3 effect query <- probe#1",
        "4 input custom(2)",
        "5 cancel query <- probe#4",
      ])
    // The first task ends on its own thread once cancelled: its end may come before the
    // second effect's start, or after.
    let second = try #require(steps.firstIndex { $0.hasSuffix(" effect query <- probe#4") })
    #expect(
      Set(steps.dropFirst(6).map { $0.drop { $0 != " " } }) == [
        " ended 3 cancelled <- probe#3",
        " effect query <- probe#4",
        " mutation add(2) <- probe#\(second) => 2 \"\"",
        " ended \(second) <- probe#\(second)",
      ])
  }

  @Test func aSendFromAnotherReactorsObserverMutateOrEffectNamesThatStepAsItsCause() async {
    let target = ProbeReactor()
    let source = ProbeReactor(mutate: { _, action in
      switch action {
      case .custom(0):
        target.send(.setTitle("from mutate"))
        return .none
      case .custom:
        return .run { _ in target.send(.setTitle("from an effect")) }
      default:
        return ProbeReactor.defaultMutation(action)
      }
    })
    let sources = Recording(of: source, named: "source")
    let targets = Recording(of: target, named: "target")
    let token = source.observe(\.count) { count in
      if count > 0 { target.send(.add(count)) }
    }
    source.send(.increment)
    source.send(.custom(0))
    source.send(.custom(1))
    await source.storage.settled()
    await target.storage.settled()
    token.cancel()
    #expect(
      lines(sources.steps) == [
        "0 began => 0 \"\"",
        "1 input increment",
        "2 mutation add(1) <- source#1 => 1 \"\"",
        "3 input custom(0)",
        "4 input custom(1)",
        "5 effect - <- source#4",
        "6 ended 5 <- source#5",
      ])
    #expect(
      lines(targets.steps) == [
        "0 began => 0 \"\"",
        "1 input add(1) <- source#2",
        "2 mutation add(1) <- target#1 => 1 \"\"",
        "3 input setTitle(\"from mutate\") <- source#3",
        "4 mutation setTitle(\"from mutate\") <- target#3 => 1 \"from mutate\"",
        "5 input setTitle(\"from an effect\") <- source#5",
        "6 mutation setTitle(\"from an effect\") <- target#5 => 1 \"from an effect\"",
      ])
  }

  @Test func anActionQueuedBehindTheReactorsOwnWorkKeepsTheCauseItWasSentBy() {
    // first's observer sends to second, whose observer sends back to first while first is
    // still telling its observers: that action waits in first's queue, and is processed
    // outside the step that sent it, yet names it.
    let first = ProbeReactor()
    let second = ProbeReactor()
    let firsts = Recording(of: first, named: "first")
    let seconds = Recording(of: second, named: "second")
    let tokens = [
      first.observe(\.count) { count in if count == 1 { second.send(.increment) } },
      second.observe(\.count) { count in if count == 1 { first.send(.setTitle("back")) } },
    ]
    first.send(.increment)
    tokens.forEach { $0.cancel() }
    #expect(
      lines(firsts.steps) == [
        "0 began => 0 \"\"",
        "1 input increment",
        "2 mutation add(1) <- first#1 => 1 \"\"",
        "3 input setTitle(\"back\") <- second#2",
        "4 mutation setTitle(\"back\") <- first#3 => 1 \"back\"",
      ])
    #expect(lines(seconds.steps)[1] == "1 input increment <- first#2")
  }

  @Test func stoppingEndsTheRecordingAndKeepsItsSteps() {
    let reactor = ProbeReactor()
    let recording = Recording(of: reactor, named: "probe")
    reactor.send(.increment)
    recording.stop()
    reactor.send(.increment)
    #expect(recording.steps.count == 3)
    #expect(reactor.currentState.count == 2)
  }

  @Test func stoppingARecordingThatWasReplacedLeavesTheNewOneRecording() {
    let reactor = ProbeReactor()
    let first = Recording(of: reactor, named: "first")
    let second = Recording(of: reactor, named: "second")
    first.stop()
    reactor.send(.increment)
    #expect(first.steps.count == 1)  // it began, and was replaced before any step
    #expect(second.steps.count == 3)
  }

  @Test func aCancellationBeforeTheRecordingBeganIsNotRecorded() {
    // The observer attaches the recording while the reactor processes `.custom`, whose effect
    // goes on to cancel: the recording begins after that item, so the cancellation is not its.
    let reactor = ProbeReactor(mutate: { _, action in
      guard case .custom = action else { return ProbeReactor.defaultMutation(action) }
      return .concat(.just(.add(1)), .cancel(id: "search"))
    })
    let attached = Shared<
      Recording<ProbeReactor.Action, ProbeReactor.Mutation, ProbeReactor.State>?
    >(nil)
    let token = reactor.observe(\.count) { count in
      if count == 1 { attached.withLock { $0 = Recording(of: reactor, named: "late") } }
    }
    reactor.send(.custom(0))
    reactor.send(.custom(0))
    token.cancel()
    let steps = lines(try! #require(attached.withLock { $0 }).steps)
    #expect(
      steps == [
        "0 began => 1 \"\"",
        "1 input custom(0)",
        "2 mutation add(1) <- late#1 => 2 \"\"",
        "3 cancel search <- late#1",
      ])
  }

  @Test func aStoresDispatchesReducesAndFollowUpsAreRecorded() {
    let store = Store(
      initial: 0,
      reducer: { (state: inout Int, action: Int) in state += action },
      middlewares: [{ _, action in action == 1 ? .just(10) : .none }])
    let recording = Recording(of: store, named: "store")
    store.dispatch(1)
    let steps = recording.steps.map { step -> String in
      let cause = step.cause.map { " <- \($0)" } ?? ""
      switch step.kind {
      case .input(let action): return "input \(action)\(cause)"
      case .mutation(let action): return "mutation \(action)\(cause) => \(step.state ?? -1)"
      default: return "\(step.kind)"
      }
    }
    #expect(
      steps == [
        "began",
        "input 1",
        "mutation 1 <- store#1 => 1",
        "input 10 <- store#2",
        "mutation 10 <- store#3 => 11",
      ])
  }

  @Test func redactedValuesNeverReachTheRecording() {
    let reactor = ProbeReactor()
    let recording = Recording(
      of: reactor, named: "login",
      redacting: [
        .state(\.title, as: "•"),
        .action { action in
          guard case .setTitle = action else { return action }
          return .setTitle("•")
        },
        .mutation { mutation in
          guard case .setTitle = mutation else { return mutation }
          return .setTitle("•")
        },
      ])
    reactor.send(.setTitle("hunter2"))
    var everything = ""
    dump(recording.steps, to: &everything)
    #expect(everything.contains("•"))
    #expect(!everything.contains("hunter2"))
    #expect(reactor.currentState.title == "hunter2")
  }

  @Test func threadsSendingAtOnceAreEachRecordedOnceInTheOrderTheyWereProcessed() async {
    let reactor = ProbeReactor()
    let recording = Recording(of: reactor, named: "probe")
    await onThreads(8) { sender in
      for sequence in 0..<2_000 { reactor.send(.send(sender: sender, sequence: sequence)) }
    }
    await reactor.storage.settled()
    let steps = recording.steps.dropFirst()
    #expect(steps.count == 2 * 8 * 2_000)
    #expect(steps.enumerated().allSatisfy { $0.element.index == $0.offset + 1 })
    // Each mutation follows its input, and names it.
    var inputs = 0
    for (input, mutation) in zip(steps.dropLast(), steps.dropFirst()) {
      guard case .input = input.kind else { continue }
      inputs += 1
      #expect(mutation.cause?.index == input.index)
      #expect(mutation.state?.outOfOrder == 0)
    }
    #expect(inputs == 8 * 2_000)
    #expect(reactor.currentState.count == 8 * 2_000)
  }

  @Test func anUnrecordedReactorsEffectStartedInsideARecordedStepSendsWithThatStepAsItsCause()
    async throws
  {
    let recorded = ProbeReactor()
    let helper = ProbeReactor(mutate: { _, action in
      guard case .custom = action else { return ProbeReactor.defaultMutation(action) }
      return .run { _ in recorded.send(.setTitle("from the helper")) }
    })
    let recording = Recording(of: recorded, named: "probe")
    let token = recorded.observe(\.count) { count in
      if count == 1 { helper.send(.custom(0)) }
    }
    recorded.send(.increment)
    // Where the helper's task starts on this thread, it sends inside the recorded mutation's
    // scope; elsewhere, from no recorded step.
    if ImmediateTasks.areAvailable {
      let input = recording.steps.first { isInput($0, .setTitle("from the helper")) }
      #expect(input?.cause == RecordedCause(recording: "probe", index: 2))
    }
    // Everywhere, the helper's send is recorded once its task has run, and names no other
    // step as its cause.
    await helper.storage.settled()
    await recorded.storage.settled()
    let input = try #require(recording.steps.first { isInput($0, .setTitle("from the helper")) })
    if let cause = input.cause { #expect(cause == RecordedCause(recording: "probe", index: 2)) }
    withExtendedLifetime(token) {}
  }
}
