import IssueReporting
import Reactors
import ReactorsTesting
import Testing

/// A reactor whose `.load` shows a loading flag at once, names the user a second later on the
/// test clock, then clears the flag: one synchronous change and two later mutations.
final class LoaderReactor: Reactor {
  enum Action: Equatable, Sendable {
    case load
    case rename(String)
    case greet
    case search
    case quick
    case linger
    case wait
    case echo
    case listen
    case stopListening
  }

  enum Mutation: Equatable, Sendable {
    case setLoading(Bool)
    case setName(String)
  }

  struct State: Equatable, Sendable {
    var isLoading = false
    var name = ""
  }

  let storage = Storage()
  let initialState = State()
  let clock: TestClock
  /// Names `.listen` turns into mutations.
  let names = PublishRelay<String>()

  init(clock: TestClock) { self.clock = clock }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .load:
      return .concat(
        .just(.setLoading(true)),
        Effect.just(.setName("kim")).delay(for: .seconds(1), clock: clock),
        .just(.setLoading(false)))
    case .rename(let name):
      return .just(.setName(name))
    case .greet:
      return .run { send in send(.setName("hello")) }
    case .search:
      // ReactorKit's GitHubSearch shape: a cancellable part inside a concat, which runs as a
      // child task its parent waits for.
      return .concat(
        .just(.setLoading(true)),
        Effect.just(.setName("found")).delay(for: .seconds(1), clock: clock)
          .cancellable(id: "search", cancelInFlight: true),
        .just(.setLoading(false)))
    case .quick:
      // Waits on nothing a clock drives (until a tester's `advance` is waiting for it to fall
      // asleep), then answers and ends.
      return .run { [clock] send in
        await clock.waitsStarted(atLeast: 1)
        send(.setName("quick"))
      }
    case .linger:
      // Answers at once, then is still running, awake, until a tester waits for it to fall
      // asleep or end: as an effect that has sent its last value and is only returning.
      return .run { [clock] send in
        send(.setName("lingering"))
        await clock.waitsStarted(atLeast: 1)
      }
    case .echo:
      // Sends an action to its own reactor before it first suspends.
      return .run { [weak self] _ in self?.send(.rename("echo")) }
    case .listen:
      // Awake until a tester's `advance` waits for it to fall asleep, then waits for the next
      // name: a wait no clock drives, which the tester counts apart from the awake.
      return .concat(
        .run { [clock] _ in await clock.waitsStarted(atLeast: 1) },
        names.effect.map { .setName($0) }
      )
      .cancellable(id: "listen")
    case .stopListening:
      return .cancel(id: "listen")
    case .wait:
      // Waits on something other than the clock: a stream nobody feeds.
      return .run { _ in
        let silence = AsyncStream<Never>(Never.self) { _ in }
        for await _ in silence {}
      }
    }
  }

  func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .setLoading(let isLoading): state.isLoading = isLoading
    case .setName(let name): state.name = name
    }
  }
}

/// Collects what a tester reports instead of failing the test: lets a test read the exact
/// messages, the expected issues (what a non-exhaustive tester skipped) included.
final class CapturedIssues: IssueReporter {
  private let captured = Locked<(failures: [String], lines: [UInt], expected: [String])>(
    ([], [], []))

  var failures: [String] { captured.withLock { $0.failures } }
  /// The line each failure was reported at.
  var lines: [UInt] { captured.withLock { $0.lines } }
  var expected: [String] { captured.withLock { $0.expected } }

  func reportIssue(
    _ message: @autoclosure () -> String?, severity: IssueSeverity, fileID: StaticString,
    filePath: StaticString, line: UInt, column: UInt
  ) {
    let text = message() ?? ""
    captured.withLock {
      $0.failures.append(text)
      $0.lines.append(line)
    }
  }

  func expectIssue(
    _ message: @autoclosure () -> String?, fileID: StaticString, filePath: StaticString,
    line: UInt, column: UInt
  ) {
    let text = message() ?? ""
    captured.withLock { $0.expected.append(text) }
  }
}

/// Whether a known issue's comments contain `text`.
func mentions(_ text: String) -> @Sendable (Issue) -> Bool {
  { issue in issue.comments.contains { $0.rawValue.contains(text) } }
}
