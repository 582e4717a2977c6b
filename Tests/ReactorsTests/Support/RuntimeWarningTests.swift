import ReactorsTestSupport
import Testing

@testable import Reactors

/// Runtime warnings help and never flood: each kind shows once, then with a count at each
/// power of ten; a value dropped after its effect's cancellation prints nothing.
@Suite(.timeLimit(.minutes(1))) struct RuntimeWarningTests {
  @Test func aRepeatedWarningShowsAtOneTenAHundredAndAThousand() {
    var throttle = WarningThrottle()
    let shown = (1...1_000).compactMap { _ in throttle.occurred("Search.effectFailed") }
    #expect(shown == [1, 10, 100, 1_000])
  }

  @Test func eachKeyIsCountedOnItsOwn() {
    var throttle = WarningThrottle()
    #expect(throttle.occurred("A.effectFailed") == 1)
    #expect(throttle.occurred("B.effectFailed") == 1)
    #expect(throttle.occurred("A.sentFromReduce") == 1)
    #expect(throttle.occurred("A.effectFailed") == nil)
  }

  @Test func onlyAValueSentAfterCancellationIsSilentByDefault() {
    let issues: [ReactorIssue<Int>] = [
      .effectFailed(CancellationError(), action: 1), .sentFromReduce(1),
      .sentAfterCancellation(action: 1), .stubStateWhileDisabled, .dispatchedToMissingState(1),
    ]
    #expect(issues.map(\.warnsByDefault) == [true, true, false, true, true])
    #expect(
      issues.map(\.kind) == [
        "effectFailed", "sentFromReduce", "sentAfterCancellation", "stubStateWhileDisabled",
        "dispatchedToMissingState",
      ])
  }

  /// Many short-lived reactors whose latest-wins queries are cancelled while they answer, as a
  /// search screen's are: their late answers reach the default `report(_:)`, which prints
  /// nothing, so the process-wide count of shown warnings for that type stays at zero.
  @Test func cancelledQueriesOfManyReactorsPrintNothing() async {
    // The scenario makes late answers (a reactor that counts what it is told of sees them), so
    // the count of zero below is of warnings not shown, not of answers that never came late.
    let counted = CountingLateAnswerReactor()
    for query in 0..<20 { counted.send(query) }
    await counted.storage.settled()
    #expect(counted.lateAnswers.current > 0)
    for _ in 0..<200 {
      let reactor = LateAnswerReactor()
      for query in 0..<20 { reactor.send(query) }
      await reactor.storage.settled()
      #expect(reactor.currentState == 19)
    }
    #expect(
      warningThrottle.withLock { $0.count(of: "LateAnswerReactor.sentAfterCancellation") } == 0)
  }
}

/// Each query cancels the one before it, whose answer comes after a yield: often after its
/// cancellation.
private final class LateAnswerReactor: Reactor {
  let storage = Storage()
  let initialState = -1

  func mutate(action: Int) -> Effect<Int> { lateAnswer(action) }

  func reduce(state: inout Int, mutation: Int) { state = mutation }
}

/// A ``LateAnswerReactor`` that counts the answers it is told came after their cancellation,
/// instead of the default report.
private final class CountingLateAnswerReactor: Reactor {
  let storage = Storage()
  let initialState = -1
  let lateAnswers = Shared(0)

  func mutate(action: Int) -> Effect<Int> { lateAnswer(action) }

  func reduce(state: inout Int, mutation: Int) { state = mutation }

  func report(_ issue: ReactorIssue<Int>) {
    if issue.kind == "sentAfterCancellation" { lateAnswers.increment() }
  }
}

/// A query's answer, after a yield (often after the next query cancelled it).
private func lateAnswer(_ query: Int) -> Effect<Int> {
  Effect.run { send in
    await Task.yield()
    send(query)
  }
  .cancellable(id: "query", cancelInFlight: true)
}
