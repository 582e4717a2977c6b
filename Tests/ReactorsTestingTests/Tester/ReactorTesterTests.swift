import IssueReporting
import Reactors
import ReactorsTesting
import Testing

/// The reactor tester: a passing test reads as ReactorKit's, and each way a test can fail
/// reports a message that says what differs and how to fix it.
@Suite(.timeLimit(.minutes(5))) struct ReactorTesterTests {
  let clock = TestClock()

  @Test func aReactorWithADelayedEffectIsTestedStepByStep() async {
    let tester = ReactorTester(LoaderReactor(clock: clock), clock: clock)
    await tester.send(.load) { $0.isLoading = true }
    await tester.advance(by: .seconds(1))
    await tester.receive(.setName("kim")) { $0.name = "kim" }
    await tester.receive(.setLoading(false)) { $0.isLoading = false }
    await tester.finish()
    #expect(tester.state == LoaderReactor.State(isLoading: false, name: "kim"))
  }

  @Test func whatAnEffectEmitsIsReceivedEvenBeforeItSuspends() async {
    // Where `.run` starts at once (Task.immediate: Linux, Apple systems from 26), its value is
    // reduced before `send` returns (contract 2); elsewhere it arrives later. The tester gives
    // one answer on every system: an effect's value is received, never part of the send.
    let tester = ReactorTester(LoaderReactor(clock: clock), clock: clock)
    await tester.send(.greet)
    #expect(tester.reactor.currentState.name == (ImmediateTasks.areAvailable ? "hello" : ""))
    await tester.receive(.setName("hello")) { $0.name = "hello" }
    await tester.finish()
  }

  @Test func whatAnEffectSendsToItsReactorIsReceivedOnEverySystem() async {
    // Before it suspends: on this thread, while the send is processed, where tasks start at
    // once; from another thread elsewhere. Received either way.
    let tester = ReactorTester(LoaderReactor(clock: clock), clock: clock)
    await tester.send(.echo)
    await tester.receive(.setName("echo")) { $0.name = "echo" }
    await tester.finish()
  }

  @Test func aSendThatAssertsAnEffectsValueFailsOnEverySystem() async {
    let captured = CapturedIssues()
    await withIssueReporters([captured]) {
      let tester = ReactorTester(LoaderReactor(clock: clock), clock: clock)
      await tester.send(.greet) { $0.name = "hello" }
      await tester.receive(.setName("hello")) { $0.name = "hello" }
      await tester.finish()
    }
    #expect(captured.failures.count == 1)
    #expect(captured.failures.first?.contains("send(LoaderReactor.Action.greet)") == true)
  }

  @Test func advanceCountsACancellablePartsParentAsWaitingNotAsleep() async {
    let tester = ReactorTester(LoaderReactor(clock: clock), clock: clock)
    await tester.send(.search) { $0.isLoading = true }
    await tester.advance(by: .seconds(1))
    await tester.receive(.setName("found")) { $0.name = "found" }
    await tester.receive(.setLoading(false)) { $0.isLoading = false }
    await tester.finish()
  }

  @Test func advanceGoesOnWhenAnEffectEndsInsteadOfFallingAsleep() async {
    let captured = CapturedIssues()
    await withIssueReporters([captured]) {
      // A timeout longer than the suite's time limit: had the effect's end not woken `advance`,
      // the test would hit that limit and fail.
      let tester = ReactorTester(
        LoaderReactor(clock: clock), clock: clock, timeout: .seconds(3_600))
      await tester.send(.quick)
      // Still running when `advance` looks, and ends only once `advance` waits: `advance` must
      // wake at its end, not wait for a sleeper.
      #expect(tester.reactor.storage.runningEffectCount == 1)
      await tester.advance(by: .seconds(1))
      await tester.receive(.setName("quick")) { $0.name = "quick" }
      await tester.finish()
    }
    #expect(captured.failures.isEmpty)
  }

  @Test func waitForSleepersFailsWithAMessageInsteadOfHanging() async {
    await withKnownIssue {
      await clock.waitForSleepers(1, timeout: .milliseconds(50))
    } matching: { issue in
      mentions("waitForSleepers(1): 0 task(s) asleep on the test clock")(issue)
    }
  }

  @Test func aWrongStateIsReportedAsADiffAtTheSend() async {
    let tester = ReactorTester(LoaderReactor(clock: clock), clock: clock)
    let sendLine = #line + 2
    await withKnownIssue {
      await tester.send(.rename("lee")) { $0.name = "kim" }
    } matching: { issue in
      mentions("not what the test expects")(issue) && mentions("name: \"kim\"")(issue)
        && mentions("name: \"lee\"")(issue) && issue.sourceLocation?.line == sendLine
    }
    // The tester goes on from the state the reactor made.
    await tester.send(.rename("park")) { $0.name = "park" }
    await tester.finish()
  }

  @Test func anUnexpectedMutationIsReportedWithWhatCameInstead() async {
    let tester = ReactorTester(LoaderReactor(clock: clock), clock: clock)
    await tester.send(.load) { $0.isLoading = true }
    await tester.advance(by: .seconds(1))
    await withKnownIssue {
      await tester.receive(.setLoading(false)) { $0.isLoading = false }
    } matching: { issue in
      mentions("other than the one expected")(issue) && mentions("setName")(issue)
    }
    await tester.receive(.setLoading(false)) { $0.isLoading = false }
    await tester.finish()
  }

  @Test func aMutationThatNeverComesFailsAtItsTimeoutWithAHint() async {
    let tester = ReactorTester(
      LoaderReactor(clock: clock), clock: clock, timeout: .milliseconds(100))
    await tester.send(.load) { $0.isLoading = true }
    await clock.waitForSleepers(1)
    await withKnownIssue {
      await tester.receive(.setName("kim"))
    } matching: { issue in
      mentions("nothing arrived within")(issue) && mentions("1 asleep on the test clock")(issue)
        && mentions("advance the test clock")(issue)
    }
    await tester.advance(by: .seconds(1))
    // Only the receive above is meant to time out: what follows does not race the 100 ms.
    await tester.reactor.storage.settled()
    await tester.receive(.setName("kim")) { $0.name = "kim" }
    await tester.receive(.setLoading(false)) { $0.isLoading = false }
    await tester.finish()
  }

  @Test func finishFailsWhileAnEffectStillRuns() async {
    let reactor = LoaderReactor(clock: clock)
    let tester = ReactorTester(reactor, clock: clock, timeout: .milliseconds(100))
    await tester.send(.load) { $0.isLoading = true }
    await withKnownIssue {
      await tester.finish()
    } matching: { issue in
      mentions("1 effect is still running at finish()")(issue)
    }
    #expect(clock.sleeperCount == 1)
  }

  @Test func finishFailsForMutationsNobodyReceived() async {
    let tester = ReactorTester(LoaderReactor(clock: clock), clock: clock)
    await tester.send(.load) { $0.isLoading = true }
    await tester.advance(by: .seconds(1))
    await withKnownIssue {
      await tester.finish()
    } matching: { issue in
      mentions("2 value(s) that effects emitted were not received")(issue)
        && mentions(".setName(\"kim\")")(issue) && mentions(".setLoading(false)")(issue)
    }
  }

  @Test func aTesterThatGoesAwayUncheckedReportsWhereItWasMade() async {
    let captured = CapturedIssues()
    let madeAt = Locked<UInt>(0)
    await withIssueReporters([captured]) {
      madeAt.withLock { $0 = #line + 1 }
      let tester = ReactorTester(LoaderReactor(clock: clock), clock: clock)
      await tester.send(.load) { $0.isLoading = true }
      await tester.advance(by: .seconds(1))
      await tester.reactor.storage.settled()
    }
    #expect(captured.failures.count == 1)
    #expect(captured.failures.first?.contains("when the tester went away") == true)
    #expect(captured.lines == [madeAt.withLock { $0 }])
  }

  @Test func advancingAClockTheEffectsDoNotSleepOnFailsWithAHint() async {
    let captured = CapturedIssues()
    let reactor = LoaderReactor(clock: clock)
    await withIssueReporters([captured]) {
      let tester = ReactorTester(reactor, clock: clock, timeout: .milliseconds(100))
      await tester.send(.wait)
      await tester.advance(by: .seconds(1))
      await tester.finish()
    }
    #expect(captured.failures.count == 2)
    #expect(captured.failures.first?.contains("only 0 asleep on the test clock") == true)
    #expect(captured.failures.last?.contains("still running at finish()") == true)
  }

  // An effect that stops being awake by waiting for a relay or a child task (neither asleep on
  // the clock nor ended) let `advance` go on only at its timeout, as if just in time: the
  // Effects article's debounce test (a cancellable part its parent task waits for) took the
  // whole 5 s of the default timeout in a CI run whenever the parent began waiting last. The
  // timeout here is longer than the test's limit, so that waiting for it fails the test.
  @Test(.timeLimit(.minutes(1)))
  func advanceGoesOnOnceAnEffectWaitsForARelayInsteadOfAtItsTimeout() async {
    let tester = ReactorTester(LoaderReactor(clock: clock), clock: clock, timeout: .seconds(600))
    await tester.send(.listen)
    await tester.advance(by: .seconds(1))
    tester.reactor.names.accept("kim")
    await tester.receive(.setName("kim")) { $0.name = "kim" }
    await tester.send(.stopListening)
    await tester.finish()
  }

  @Test func advanceWithoutAClockSaysHowToGiveOne() async {
    let tester = ReactorTester(LoaderReactor(clock: clock))
    await withKnownIssue {
      await tester.advance(by: .seconds(1))
    } matching: { issue in
      mentions("make the tester with `clock: clock`")(issue)
    }
  }

  @Test func aCaseIsReceivedWhateverItsValue() async {
    let tester = ReactorTester(LoaderReactor(clock: clock), clock: clock)
    await tester.send(.load) { $0.isLoading = true }
    await tester.advance(by: .seconds(1))
    await tester.receive(where: { if case .setName = $0 { true } else { false } }) {
      $0.name = "kim"
    }
    await tester.receive(where: { $0 == .setLoading(false) }) { $0.isLoading = false }
    await tester.send(.load) { $0.isLoading = true }
    await tester.advance(by: .seconds(1))
    await withKnownIssue {
      await tester.receive(where: { if case .setLoading = $0 { true } else { false } })
    } matching: { issue in
      mentions("LoaderReactor.Mutation.setName(\"kim\"), which does not match")(issue)
    }
    await tester.receive(where: { $0 == .setLoading(false) }) { $0.isLoading = false }
    await tester.finish()
  }

  @Test func offChecksOnlyWhatTheTestNamesAndSkipsTheRest() async {
    let captured = CapturedIssues()
    await withIssueReporters([captured]) {
      let tester = ReactorTester(
        LoaderReactor(clock: clock), clock: clock, exhaustivity: .off)
      await tester.send(.load)
      await tester.advance(by: .seconds(1))
      await tester.receive(.setLoading(false)) { $0.name = "kim" }
      await tester.finish()
    }
    #expect(captured.failures.isEmpty)
    #expect(captured.expected.isEmpty)
  }

  @Test func offStillFailsWhenWhatTheTestNamesIsWrong() async {
    let captured = CapturedIssues()
    await withIssueReporters([captured]) {
      let tester = ReactorTester(
        LoaderReactor(clock: clock), clock: clock, exhaustivity: .off)
      await tester.send(.rename("lee")) { $0.name = "kim" }
    }
    #expect(captured.failures.count == 1)
    #expect(captured.failures.first?.contains("not what the test expects") == true)
  }

  @Test func offListingDoesNotListAnEffectThatIsOnlyEnding() async {
    let captured = CapturedIssues()
    await withIssueReporters([captured]) {
      let tester = ReactorTester(
        LoaderReactor(clock: clock), clock: clock, exhaustivity: .off(listingSkipped: true))
      await tester.send(.linger)
      await tester.receive(.setName("lingering")) { $0.name = "lingering" }
      // The effect is still running, awake, when `finish` starts: it ends once `finish` waits.
      #expect(tester.reactor.storage.runningEffectCount == 1)
      await tester.finish()
    }
    #expect(captured.failures.isEmpty)
    #expect(captured.expected.isEmpty)
  }

  @Test func offListingSkippedListsEachSkippedThingWithoutFailing() async {
    let captured = CapturedIssues()
    await withIssueReporters([captured]) {
      let tester = ReactorTester(
        LoaderReactor(clock: clock), clock: clock, exhaustivity: .off(listingSkipped: true))
      await tester.send(.load)
      await tester.advance(by: .seconds(1))
      await tester.receive(.setLoading(false))
      await tester.finish()
    }
    #expect(captured.failures.isEmpty)
    #expect(captured.expected.count == 3)
    #expect(
      captured.expected[0].contains("did not assert") && captured.expected[0].contains("isLoading"))
    #expect(
      captured.expected[1].contains("Skipped receiving LoaderReactor.Mutation.setName(\"kim\")"))
    #expect(
      captured.expected[2].contains("did not assert") && captured.expected[2].contains("isLoading"))
  }
}
