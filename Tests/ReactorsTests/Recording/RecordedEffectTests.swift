import ReactorsTestSupport
import ReactorsTesting
import Testing

@testable import Reactors

/// The recorded ends of effects: an effect whose cancellable part, the one it is recorded by,
/// is cancelled ends cancelled, though its own task (which awaits that part) is not.
@Suite(.timeLimit(.minutes(1))) struct RecordedEffectTests {
  /// A reactor whose `.custom(n)` sets a title, then waits a second on `clock` in a part
  /// marked "load" before adding `n`; `.custom(0)` cancels "load".
  func loader(clock: TestClock) -> ProbeReactor {
    ProbeReactor(mutate: { _, action in
      switch action {
      case .custom(0):
        return .cancel(id: "load")
      case .custom(let amount):
        return .concat(
          .just(.setTitle("loading")),
          Effect.run { send in
            try await clock.sleep(for: .seconds(1))
            send(.add(amount))
          }
          .cancellable(id: "load"))
      default:
        return ProbeReactor.defaultMutation(action)
      }
    })
  }

  @Test func anEffectWhosePartIsCancelledByIdEndsCancelled() async {
    let clock = TestClock()
    let reactor = loader(clock: clock)
    let recording = Recording(of: reactor, named: "probe")
    reactor.send(.custom(1))
    await clock.waitForSleepers(1)
    reactor.send(.custom(0))
    await reactor.storage.settled()
    #expect(
      lines(recording.steps) == [
        "0 began => 0 \"\"",
        "1 input custom(1)",
        "2 mutation setTitle(\"loading\") <- probe#1 => 0 \"loading\"",
        "3 effect load <- probe#1",
        "4 input custom(0)",
        "5 cancel load <- probe#4",
        "6 ended 3 cancelled <- probe#3",
      ])
    #expect(reactor.currentState.count == 0)
  }

  @Test func anEffectThatRunsToItsEndIsNotCancelled() async {
    let clock = TestClock()
    let reactor = loader(clock: clock)
    let recording = Recording(of: reactor, named: "probe")
    reactor.send(.custom(2))
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await reactor.storage.settled()
    let steps = lines(recording.steps)
    #expect(steps.count == 6)
    #expect(steps[3] == "3 effect load <- probe#1")
    #expect(
      Set(steps.dropFirst(4).map { $0.drop { $0 != " " } }) == [
        " mutation add(2) <- probe#3 => 2 \"loading\"",
        " ended 3 <- probe#3",
      ])
  }

  @Test func aDebouncedEffectReplacedByTheNextEndsCancelled() async throws {
    // The search example: each query debounces its request under one id, cancelling the one
    // in flight.
    let clock = TestClock()
    let reactor = ProbeReactor(mutate: { _, action in
      guard case .custom(let query) = action else { return ProbeReactor.defaultMutation(action) }
      return .concat(
        .just(.setTitle("query \(query)")),
        Effect.run { send in send(.add(query)) }
          .debounce(id: "search", for: .seconds(1), clock: clock))
    })
    let recording = Recording(of: reactor, named: "probe")
    reactor.send(.custom(1))
    await clock.waitForSleepers(1)
    reactor.send(.custom(2))
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await reactor.storage.settled()
    let steps = lines(recording.steps)
    #expect(
      steps.prefix(5) == [
        "0 began => 0 \"\"",
        "1 input custom(1)",
        "2 mutation setTitle(\"query 1\") <- probe#1 => 0 \"query 1\"",
        "3 cancel search <- probe#1",  // `cancelInFlight`, with nothing in flight yet
        "4 effect search <- probe#1",
      ])
    let second = try #require(steps.firstIndex { $0.hasSuffix(" effect search <- probe#5") })
    // The first effect ends on its own thread once cancelled: before the second starts, or
    // after.
    #expect(
      Set(steps.dropFirst(5).map { $0.drop { $0 != " " } }) == [
        " input custom(2)",
        " mutation setTitle(\"query 2\") <- probe#5 => 0 \"query 2\"",
        " cancel search <- probe#5",
        " ended 4 cancelled <- probe#4",
        " effect search <- probe#5",
        " mutation add(2) <- probe#\(second) => 2 \"query 2\"",
        " ended \(second) <- probe#\(second)",
      ])
    #expect(reactor.currentState.count == 2)
  }

  @Test func aCancelledPartThatCatchesItsCancellationStillEndsTheEffectCancelled() async {
    let clock = TestClock()
    let reactor = ProbeReactor(mutate: { _, action in
      switch action {
      case .custom(0):
        return .cancel(id: "wait")
      case .custom:
        return .concat(
          .just(.setTitle("waiting")),
          Effect.run { _ in
            // Ends normally, cancelled or not.
            _ = try? await clock.sleep(for: .seconds(1))
          }
          .cancellable(id: "wait"))
      default:
        return ProbeReactor.defaultMutation(action)
      }
    })
    let recording = Recording(of: reactor, named: "probe")
    reactor.send(.custom(1))
    await clock.waitForSleepers(1)
    reactor.send(.custom(0))
    await reactor.storage.settled()
    #expect(
      lines(recording.steps).suffix(4) == [
        "3 effect wait <- probe#1",
        "4 input custom(0)",
        "5 cancel wait <- probe#4",
        "6 ended 3 cancelled <- probe#3",
      ])
  }

  @Test func anEffectEndsCancelledWhenItsReactorIsReleased() async {
    let clock = TestClock()
    var reactor: ProbeReactor? = loader(clock: clock)
    let recording = Recording(of: reactor!, named: "probe")
    reactor!.send(.custom(1))
    await clock.waitForSleepers(1)
    // The effect's tasks: the one that records its end does so as the last thing it does.
    let tasks = reactor!.storage.taskRegistry?.withLock { $0.tasks } ?? []
    #expect(!tasks.isEmpty)
    reactor = nil
    for task in tasks { _ = await task.result }
    #expect(recording.steps.count == 5)
    #expect(lines(recording.steps).last == "4 ended 3 cancelled <- probe#3")
    #expect(clock.sleeperCount == 0)
  }

  // Where tasks start on this thread, the effect is recorded by the id of the part its task
  // runs (elsewhere, by the first part started in a task of its own: here "inner").
  @Test(.enabled(if: ImmediateTasks.areAvailable, "needs Task.immediate (Apple 26+, Linux)"))
  func aCancelledInnerPartWithAnotherIdDoesNotEndTheEffectCancelled() async {
    let clock = TestClock()
    let reactor = ProbeReactor(mutate: { _, action in
      switch action {
      case .custom(0):
        return .cancel(id: "inner")
      case .custom:
        return Effect<ProbeReactor.Mutation>.concat(
          .just(.setTitle("loading")),
          Effect.concat(
            Effect.run { _ in try await clock.sleep(for: .seconds(1)) }
              .cancellable(id: "inner"),
            .run { send in send(.add(1)) }
          )
          .cancellable(id: "outer"))
      default:
        return ProbeReactor.defaultMutation(action)
      }
    })
    let recording = Recording(of: reactor, named: "probe")
    reactor.send(.custom(1))
    await clock.waitForSleepers(1)
    reactor.send(.custom(0))
    await reactor.storage.settled()
    let steps = lines(recording.steps)
    #expect(
      steps.prefix(6).suffix(3) == [
        "3 effect outer <- probe#1",
        "4 input custom(0)",
        "5 cancel inner <- probe#4",
      ])
    // What the part after the cancelled one sent may be reduced after the effect's end.
    #expect(
      Set(steps.dropFirst(6).map { $0.drop { $0 != " " } }) == [
        " mutation add(1) <- probe#3 => 1 \"loading\"",
        " ended 3 <- probe#3",
      ])
    #expect(reactor.currentState.count == 1)
  }
}
