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
    await ask(counted)
    #expect(counted.lateAnswers.current == 19)
    for _ in 0..<200 { await ask(LateAnswerReactor()) }
    #expect(
      warningThrottle.withLock { $0.count(of: "LateAnswerReactor.sentAfterCancellation") } == 0)
  }

  /// Sends `reactor` its 20 queries, and returns once each effect has answered: while the
  /// reactor is alive, so that each late answer reaches its `report(_:)` (a cancelled effect is
  /// no longer the reactor's to wait for in `settled()`, and the answer of one whose reactor is
  /// gone reaches no one).
  private func ask<R: LateAnswering>(_ reactor: R) async {
    var answers = reactor.answers.makeAsyncIterator()
    for query in 0..<20 { reactor.send(query) }
    for _ in 0..<20 { await answers.next() }
    #expect(reactor.currentState == 19)
  }
}

/// A reactor whose queries answer late (see ``lateAnswer(_:on:answered:)``), and say when
/// each has answered.
private protocol LateAnswering: Reactor where Action == Int, State == Int {
  /// One element each time a query's effect has sent its answer.
  var answers: AsyncStream<Void> { get }
}

/// Each query cancels the one before it, which answers then: after its cancellation.
private final class LateAnswerReactor: LateAnswering {
  let storage = Storage()
  let initialState = -1
  let clock = TestClock()
  let (answers, answered) = AsyncStream.makeStream(of: Void.self)

  func mutate(action: Int) -> Effect<Int> { lateAnswer(action, on: clock, answered: answered) }

  func reduce(state: inout Int, mutation: Int) { state = mutation }
}

/// A ``LateAnswerReactor`` that counts the answers it is told came after their cancellation,
/// instead of the default report.
private final class CountingLateAnswerReactor: LateAnswering {
  let storage = Storage()
  let initialState = -1
  let clock = TestClock()
  let (answers, answered) = AsyncStream.makeStream(of: Void.self)
  let lateAnswers = Shared(0)

  func mutate(action: Int) -> Effect<Int> { lateAnswer(action, on: clock, answered: answered) }

  func reduce(state: inout Int, mutation: Int) { state = mutation }

  func report(_ issue: ReactorIssue<Int>) {
    if issue.kind == "sentAfterCancellation" { lateAnswers.increment() }
  }
}

/// A query's answer: at once for the last query (19), and for the others once the next query
/// cancelled them (they wait on `clock`, which no one advances), so always after their
/// cancellation, whatever the threads do; `answered` is told once it is sent. (Answers after a
/// yield raced the next query: under the thread sanitizer, every one of them came first.)
private func lateAnswer(
  _ query: Int, on clock: TestClock, answered: AsyncStream<Void>.Continuation
) -> Effect<Int> {
  Effect.run { send in
    if query < 19 { try? await clock.sleep(for: .seconds(1)) }
    send(query)
    answered.yield()
  }
  .cancellable(id: "query", cancelInFlight: true)
}
