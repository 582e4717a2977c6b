import ReactorsTestSupport
import ReactorsTesting
import Testing

@testable import Reactors

/// A ``StepHook`` that is not a recording: what the engine tells it, in which order, with which
/// causes; that work queued while processing keeps the step that sent it; and that a detached
/// hook hears nothing more.
@Suite(.timeLimit(.minutes(1))) struct StepHookTests {
  /// Writes down every event as a line, numbers the steps it is told of itself, and names them
  /// `hook#N`, as a recording would.
  final class HookLog<Action: Sendable, Mutation: Sendable, State: Sendable>: Sendable {
    let lines = Locked<[String]>([])
    let finishes = Locked(0)
    /// Whether each effect that ended was cancelled, as they end.
    let ends: AsyncStream<Bool>
    let endsContinuation: AsyncStream<Bool>.Continuation

    init() { (ends, endsContinuation) = AsyncStream.makeStream() }

    var hook: StepHook<Action, Mutation, State> {
      StepHook(
        owner: self, dropsEffects: false,
        began: { state in _ = self.step("began \(state)") },
        finished: { self.finishes.withLock { $0 += 1 } },
        input: { action, staged, followUp, cause, _ in
          self.step(
            "input \(action)\(staged ? " staged" : "")\(followUp ? " follow-up" : "")", cause)
        },
        reduced: { mutation, ordinal, cause, state in
          self.step("mutation \(mutation) #\(ordinal) => \(state())", cause)
        },
        effectStarted: { id, cause in
          self.step("effect \(id.map { "\($0.base)" } ?? "-")", cause)
        },
        effectEnded: { step, cancelled in
          _ = self.step("ended \(step.index)\(cancelled ? " cancelled" : "")", step)
          self.endsContinuation.yield(cancelled)
        },
        cancelled: { id, cause in _ = self.step("cancel \(id.base)", cause) })
    }

    /// The lines, each mutation's state left out (its cause kept).
    var withoutStates: [String] {
      lines.withLock { $0 }.map { line in
        guard let state = line.range(of: " => ") else { return line }
        let cause = line.range(of: " <- ", range: state.upperBound..<line.endIndex)
        return String(line[..<state.lowerBound])
          + (cause.map { String(line[$0.lowerBound...]) } ?? "")
      }
    }

    /// Writes `line`, with its cause, as the next step; returns the step.
    func step(_ line: String, _ cause: RecordedCause? = nil) -> RecordedCause {
      lines.withLock { lines in
        lines.append("\(lines.count) \(line)" + (cause.map { " <- \($0)" } ?? ""))
        return RecordedCause(recording: "hook", index: lines.count - 1)
      }
    }
  }

  @Test func theHookHearsEachStepInOrderWithTheStepThatCausedIt() {
    let reactor = ProbeReactor()
    let log = HookLog<ProbeReactor.Action, ProbeReactor.Mutation, ProbeReactor.State>()
    reactor.storage.attach(log.hook, from: reactor)
    reactor.send(.increment)
    reactor.send(.custom(0))  // `.none`: an input, no mutation
    #expect(
      log.lines.withLock { $0 } == [
        "0 began \(ProbeReactor.State())",
        "1 input increment",
        "2 mutation add(1) #1 => \(ProbeReactor.State(count: 1)) <- hook#1",
        "3 input custom(0)",
      ])
  }

  @Test func workQueuedWhileProcessingKeepsTheStepThatSentIt() {
    let reactor = ProbeReactor()
    let log = HookLog<ProbeReactor.Action, ProbeReactor.Mutation, ProbeReactor.State>()
    reactor.storage.attach(log.hook, from: reactor)
    // The observer runs on the processing thread while it delivers; its `send` is queued
    // behind the work in progress and processed later, out of the mutation's own scope.
    let token = reactor.observe(\.count) { count in
      if count == 1 {
        reactor.send(.setTitle("seen"))
        reactor.send(.setTitle("again"))
      }
    }
    reactor.send(.increment)
    let lines = log.withoutStates
    #expect(
      lines.dropFirst() == [
        "1 input increment",
        "2 mutation add(1) #1 <- hook#1",
        "3 input setTitle(\"seen\") <- hook#2",
        "4 mutation setTitle(\"seen\") #2 <- hook#3",
        "5 input setTitle(\"again\") <- hook#2",
        "6 mutation setTitle(\"again\") #3 <- hook#5",
      ])
    withExtendedLifetime(token) {}
  }

  @Test func aStoresFollowUpIsToldAsOneWithTheMutationThatMadeIt() {
    let middleware: Middleware<CounterTree, CounterAction> = { state, action in
      action == .increment ? .just(.log("after \(state.count)")) : .none
    }
    let store = Store(initial: CounterTree(), reducer: counterReducer, middlewares: [middleware])
    let log = HookLog<CounterAction, CounterAction, CounterTree>()
    store.engine.storage.attach(log.hook, from: store.engine)
    store.dispatch(.increment)
    let lines = log.withoutStates
    #expect(
      lines.dropFirst() == [
        "1 input increment",
        "2 mutation increment #1 <- hook#1",
        "3 input log(\"after 1\") follow-up <- hook#2",
        "4 mutation log(\"after 1\") #2 <- hook#3",
      ])
  }

  @Test func anEffectsStartEndAndCancellationAreTold() async {
    let clock = TestClock()
    let reactor = ProbeReactor(mutate: { _, action in
      switch action {
      case .custom(0):
        return .cancel(id: "load")
      case .custom(let amount):
        return Effect.run { send in
          try await clock.sleep(for: .seconds(1))
          send(.add(amount))
        }
        .cancellable(id: "load")
      default:
        return ProbeReactor.defaultMutation(action)
      }
    })
    let log = HookLog<ProbeReactor.Action, ProbeReactor.Mutation, ProbeReactor.State>()
    reactor.storage.attach(log.hook, from: reactor)
    reactor.send(.custom(2))
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await reactor.storage.settled()
    reactor.send(.custom(3))
    await clock.waitForSleepers(1)
    reactor.send(.custom(0))
    // A task cancelled by its id leaves the reactor's tasks at once: its end is awaited here.
    var ends = log.ends.makeAsyncIterator()
    #expect(await ends.next() == false)
    #expect(await ends.next() == true)
    let lines = log.withoutStates
    #expect(
      lines.dropFirst() == [
        "1 input custom(2)",
        "2 effect load <- hook#1",
        "3 mutation add(2) #1 <- hook#2",
        "4 ended 2 <- hook#2",
        "5 input custom(3)",
        "6 effect load <- hook#5",
        "7 input custom(0)",
        "8 cancel load <- hook#7",
        "9 ended 6 cancelled <- hook#6",
      ])
  }

  @Test func aDetachedHookIsToldItFinishedOnceAndHearsNothingMore() {
    let reactor = ProbeReactor()
    let log = HookLog<ProbeReactor.Action, ProbeReactor.Mutation, ProbeReactor.State>()
    reactor.storage.attach(log.hook, from: reactor)
    reactor.send(.increment)
    reactor.storage.detach(log, from: reactor)
    reactor.storage.detach(log, from: reactor)  // no longer attached: nothing
    reactor.send(.increment)
    #expect(log.lines.withLock { $0.count } == 3)
    #expect(log.finishes.withLock { $0 } == 1)
    #expect(reactor.currentState.count == 2)
  }

  @Test func aHookReplacedByAnotherFinishesAndTheOtherBeginsFromTheStateReached() {
    let reactor = ProbeReactor()
    let first = HookLog<ProbeReactor.Action, ProbeReactor.Mutation, ProbeReactor.State>()
    let second = HookLog<ProbeReactor.Action, ProbeReactor.Mutation, ProbeReactor.State>()
    reactor.storage.attach(first.hook, from: reactor)
    reactor.send(.increment)
    reactor.storage.attach(second.hook, from: reactor)
    reactor.send(.increment)
    #expect(first.finishes.withLock { $0 } == 1 && first.lines.withLock { $0.count } == 3)
    let lines = second.lines.withLock { $0 }
    #expect(lines.first == "0 began \(ProbeReactor.State(count: 1))")
    #expect(lines.count == 3 && lines[2].hasPrefix("2 mutation add(1) #1 "))
    // The first's detach no longer matches: the second stays attached.
    reactor.storage.detach(first, from: reactor)
    reactor.send(.increment)
    #expect(second.lines.withLock { $0.count } == 5)
  }

  @Test func workHeldWhileAPastStateIsShownKeepsTheStepThatSentIt() async {
    let clock = TestClock()
    let reactor = ProbeReactor(mutate: { _, action in
      guard case .custom(let amount) = action else { return ProbeReactor.defaultMutation(action) }
      return .run { send in
        try await clock.sleep(for: .seconds(1))
        send(.add(amount))
      }
    })
    let log = HookLog<ProbeReactor.Action, ProbeReactor.Mutation, ProbeReactor.State>()
    reactor.storage.attach(log.hook, from: reactor)
    reactor.send(.custom(2))
    await clock.waitForSleepers(1)
    reactor.storage.travel(to: ProbeReactor.State(count: 5), from: reactor)
    await clock.advance(by: .seconds(1))
    var ends = log.ends.makeAsyncIterator()
    #expect(await ends.next() == false)
    // The effect's mutation waits while the past state is shown.
    #expect(reactor.currentState.count == 5)
    #expect(log.withoutStates.count == 4)
    reactor.storage.returnToLive(from: reactor)
    #expect(reactor.currentState.count == 2)
    #expect(
      log.withoutStates.dropFirst() == [
        "1 input custom(2)",
        "2 effect - <- hook#1",
        "3 ended 2 <- hook#2",
        "4 mutation add(2) #1 <- hook#2",
      ])
  }
}
