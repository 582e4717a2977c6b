import IssueReporting
import Reactors
import ReactorsTesting
import Testing

/// The tester's failure messages that a passing test never shows: each is made to happen here,
/// and says what went wrong and how to fix it.
@Suite(.timeLimit(.minutes(5))) struct TesterFailureTests {
  let clock = TestClock()

  struct Refused: Error {}

  @Test func anAssertionThatThrowsFailsTheStepWithItsError() async {
    let captured = CapturedIssues()
    await withIssueReporters([captured]) {
      let tester = ReactorTester(LoaderReactor(clock: clock), clock: clock)
      await tester.send(.rename("lee")) { _ in throw Refused() }
      await tester.finish()
    }
    #expect(captured.failures.count == 1)
    #expect(captured.failures.first?.contains("The assertion of send(") == true)
    #expect(captured.failures.first?.contains("threw: Refused()") == true)
  }

  @Test func aReceiveWithNoEffectRunningSaysSo() async {
    let captured = CapturedIssues()
    await withIssueReporters([captured]) {
      let tester = ReactorTester(
        LoaderReactor(clock: clock), clock: clock, timeout: .milliseconds(100))
      await tester.send(.rename("lee")) { $0.name = "lee" }
      await tester.receive(.setName("kim"))
      await tester.finish()
    }
    #expect(captured.failures.count == 1)
    #expect(captured.failures.first?.contains("nothing arrived within") == true)
    #expect(captured.failures.first?.contains("No effect is running") == true)
  }

  @Test func aTesterThatGoesAwayWithAnEffectRunningSaysHowToEndIt() async {
    let captured = CapturedIssues()
    let reactor = LoaderReactor(clock: clock)
    await withIssueReporters([captured]) {
      let tester = ReactorTester(reactor, clock: clock)
      await tester.send(.load) { $0.isLoading = true }
      await clock.waitForSleepers(1)
    }
    #expect(captured.failures.count == 1)
    #expect(
      captured.failures.first?.contains("1 effect is still running when the tester went away")
        == true, "\(captured.failures)")
    #expect(captured.failures.first?.contains("await tester.finish()") == true)
  }

  @Test func offListingNamesAnEffectReallyLeftRunning() async {
    let captured = CapturedIssues()
    await withIssueReporters([captured]) {
      let tester = ReactorTester(
        LoaderReactor(clock: clock), clock: clock, exhaustivity: .off(listingSkipped: true),
        timeout: .milliseconds(100))
      await tester.send(.load) { $0.isLoading = true }
      await tester.finish()
    }
    #expect(captured.failures.isEmpty)
    #expect(
      captured.expected.contains {
        $0.contains("1 effect is still running at finish(), not waited for")
      }, "\(captured.expected)")
  }

  @Test func aStoreTesterOffSkipsFollowUpsItIsNotTold() async {
    let captured = CapturedIssues()
    await withIssueReporters([captured]) {
      let tester = StoreTester(loginStore(clock: clock), clock: clock, exhaustivity: .off)
      await tester.send(.submit(password: "secret")) { $0.isLoading = true }
      await tester.advance(by: .seconds(1))
      // The follow-up `.succeeded` is not named: `.off` lets it go.
      await tester.send(.submit(password: "")) { $0.user = "kim" }
      await tester.receive(.failed) { $0.failures = 1 }
      await tester.finish()
    }
    #expect(captured.failures.isEmpty)
    #expect(captured.expected.isEmpty)
  }

  @Test func aStoreTesterFinishTimesOutOnAFollowUpThatNeverComes() async {
    let captured = CapturedIssues()
    await withIssueReporters([captured]) {
      let tester = StoreTester(
        loginStore(clock: clock), clock: clock, timeout: .milliseconds(100))
      await tester.send(.submit(password: "secret")) { $0.isLoading = true }
      await tester.finish()
    }
    #expect(captured.failures.count == 1)
    #expect(
      captured.failures.first?.contains("1 effect is still running at finish() after") == true)
    #expect(captured.failures.first?.contains("advance(by:)") == true)
  }
}
