import ReactorsTestSupport
import ReactorsTesting
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
    // The scenario makes late answers (a reactor that counts what it is told of sees every
    // one but the last query's), so the count of zero below is of warnings not shown, not of
    // answers that never came late.
    let counted = CountingLateAnswerReactor()
    var reports = counted.reports.makeAsyncIterator()
    for query in 0..<20 { counted.send(query) }
    await counted.storage.settled()
    #expect(counted.currentState == 19)
    // A cancelled effect is no longer the reactor's to wait for: its report is awaited.
    for _ in 0..<19 { await reports.next() }
    #expect(counted.lateAnswers.current == 19)
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

/// Each query cancels the one before it, which answers then: after its cancellation.
private final class LateAnswerReactor: Reactor {
  let storage = Storage()
  let initialState = -1
  let clock = TestClock()

  func mutate(action: Int) -> Effect<Int> { lateAnswer(action, on: clock) }

  func reduce(state: inout Int, mutation: Int) { state = mutation }
}

/// A ``LateAnswerReactor`` that counts the answers it is told came after their cancellation,
/// instead of the default report.
private final class CountingLateAnswerReactor: Reactor {
  let storage = Storage()
  let initialState = -1
  let clock = TestClock()
  let lateAnswers = Shared(0)
  /// One element each time a late answer is reported.
  let (reports, reported) = AsyncStream.makeStream(of: Void.self)

  func mutate(action: Int) -> Effect<Int> { lateAnswer(action, on: clock) }

  func reduce(state: inout Int, mutation: Int) { state = mutation }

  func report(_ issue: ReactorIssue<Int>) {
    guard issue.kind == "sentAfterCancellation" else { return }
    lateAnswers.increment()
    reported.yield()
  }
}

/// A query's answer: at once for the last query (19), and for the others once the next query
/// cancelled them (they wait on `clock`, which no one advances), so always after their
/// cancellation, whatever the threads do. (Answers after a yield raced the next query: under
/// the thread sanitizer, every one of them came first.)
private func lateAnswer(_ query: Int, on clock: TestClock) -> Effect<Int> {
  Effect.run { send in
    if query < 19 { try? await clock.sleep(for: .seconds(1)) }
    send(query)
  }
  .cancellable(id: "query", cancelInFlight: true)
}
