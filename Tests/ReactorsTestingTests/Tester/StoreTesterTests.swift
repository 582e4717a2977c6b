import IssueReporting
import Reactors
import ReactorsTesting
import Testing

/// A small login store: `submit` sets a flag, and the middleware answers at once for an empty
/// password and a second later (on the test clock) otherwise.
enum LoginAction: Equatable, Sendable {
  case submit(password: String)
  case succeeded(user: String)
  case failed
}

struct LoginState: Equatable, Sendable {
  var isLoading = false
  var user: String?
  var failures = 0
}

func loginStore(clock: TestClock) -> Store<LoginState, LoginAction> {
  Store(
    initial: LoginState(),
    reducer: { (state: inout LoginState, action: LoginAction) in
      switch action {
      case .submit: state.isLoading = true
      case .succeeded(let user):
        state.isLoading = false
        state.user = user
      case .failed:
        state.isLoading = false
        state.failures += 1
      }
    },
    middlewares: [
      { _, action in
        guard case .submit(let password) = action else { return .none }
        guard !password.isEmpty else { return .just(.failed) }
        return Effect.just(.succeeded(user: "kim")).delay(for: .seconds(1), clock: clock)
      }
    ])
}

/// The store tester: the dispatched action's reduce is checked by `send`, every follow-up
/// action (at once or later) by `receive`, in order.
@Suite(.timeLimit(.minutes(5))) struct StoreTesterTests {
  let clock = TestClock()

  @Test func aFollowUpEmittedAtOnceIsReceivedNotFoldedIntoTheSend() async {
    let tester = StoreTester(loginStore(clock: clock), clock: clock)
    await tester.send(.submit(password: "")) { $0.isLoading = true }
    await tester.receive(.failed) {
      $0.isLoading = false
      $0.failures = 1
    }
    await tester.finish()
  }

  @Test func aLaterFollowUpIsReceivedAfterTheClockMoves() async {
    let tester = StoreTester(loginStore(clock: clock), clock: clock)
    await tester.send(.submit(password: "pw")) { $0.isLoading = true }
    await tester.advance(by: .seconds(1))
    await tester.receive(.succeeded(user: "kim")) {
      $0.isLoading = false
      $0.user = "kim"
    }
    await tester.finish()
  }

  @Test func aFollowUpNobodyReceivedFailsTheNextSend() async {
    let tester = StoreTester(loginStore(clock: clock), clock: clock)
    await tester.send(.submit(password: "")) { $0.isLoading = true }
    await withKnownIssue {
      await tester.send(.submit(password: "")) { $0.isLoading = true }
    } matching: { issue in
      mentions("were not received when send(")(issue) && mentions(".failed")(issue)
    }
    await tester.receive(.failed) {
      $0.isLoading = false
      $0.failures = 2
    }
    await tester.finish()
  }

  @Test func aWrongFollowUpIsReportedAsADiff() async {
    let tester = StoreTester(loginStore(clock: clock), clock: clock)
    await tester.send(.submit(password: "pw")) { $0.isLoading = true }
    await tester.advance(by: .seconds(1))
    await withKnownIssue {
      await tester.receive(.succeeded(user: "lee"))
    } matching: { issue in
      mentions("other than the one expected")(issue) && mentions("\"lee\"")(issue)
        && mentions("\"kim\"")(issue)
    }
    await tester.finish()
  }
}
