import Reactors
import ReactorsTesting
import Testing

/// A client the test provides, through an endpoint that throws when it is not provided.
struct GreetingClient: Sendable {
  var greet: @Sendable (String) async throws -> String
}

extension GreetingClient: DependencyKey {
  static let liveValue = GreetingClient(greet: { "live hello, \($0)" })

  static func testValue(_ unimplemented: Unimplemented) -> GreetingClient {
    GreetingClient(greet: unimplemented("greet"))
  }
}

extension Dependencies {
  var greetings: GreetingClient {
    get { self[GreetingClient.self] }
    set { self[GreetingClient.self] = newValue }
  }
}

/// A reactor that gets its client when it is made and greets through an effect.
final class GreetingReactor: Reactor {
  let storage = Storage()
  let initialState = State()
  private let greetings: GreetingClient

  init(dependencies: Dependencies) {
    greetings = dependencies.greetings
  }

  enum Action: Equatable, Sendable { case greet(String) }
  enum Mutation: Equatable, Sendable {
    case setGreeting(String)
    case failed
  }
  struct State: Equatable, Sendable {
    var greeting = ""
    var failed = false
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .greet(let name):
      Effect.run { [greetings] send in send(.setGreeting(try await greetings.greet(name))) }
        .catchAndReturn(.failed)
    }
  }

  func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .setGreeting(let greeting): state.greeting = greeting
    case .failed: state.failed = true
    }
  }
}

/// The toolkit's `Dependencies.test { … }`: a client the test did not provide fails the test,
/// at the line that made the dependencies, with a message that says how to provide it.
@Suite(.timeLimit(.minutes(5))) struct DependenciesTestTests {
  let greetMessage =
    "GreetingClient.greet was called, but this test did not provide GreetingClient. Provide "
    + "it: `dependencies[GreetingClient.self] = GreetingClient(greet: { … })` "
    + "(or `Dependencies.test { $0[GreetingClient.self] = … }`)."

  @Test func aClientTheTestDidNotProvideFailsItWithTheMessage() async {
    let dependencies = Dependencies.test()
    let madeAt = #line - 1
    await withKnownIssue {
      _ = try? await dependencies.greetings.greet("kim")
    } matching: { issue in
      issue.comments.map(\.rawValue) == [greetMessage] && issue.sourceLocation?.line == madeAt
    }
  }

  @Test func aProvidedClientFailsNothing() async throws {
    let dependencies = Dependencies.test { $0.greetings.greet = { "hello, \($0)" } }
    #expect(try await dependencies.greetings.greet("kim") == "hello, kim")
  }

  @Test func aReactorGetsItsClientThroughItsInitReplacedInOneLine() async {
    let reactor = GreetingReactor(dependencies: .test { $0.greetings.greet = { "hi, \($0)" } })
    let tester = ReactorTester(reactor)
    await tester.send(.greet("lee"))
    await tester.receive(.setGreeting("hi, lee")) { $0.greeting = "hi, lee" }
    await tester.finish()
  }

  @Test func aReactorsEffectCallingAClientTheTestDidNotProvideFailsTheTest() async {
    let tester = ReactorTester(GreetingReactor(dependencies: .test()))
    await withKnownIssue {
      await tester.send(.greet("lee"))
      await tester.receive(.failed) { $0.failed = true }
    } matching: { issue in
      issue.comments.map(\.rawValue) == [greetMessage]
    }
    await tester.finish()
  }

  @Test func aClosureTheCoreFormAlsoAcceptsStillFailsTheTest() async {
    // `{ _ in }` fits `test(reportingTo:)` too; the toolkit's form is the one chosen, so the
    // failure is not swallowed.
    let dependencies = Dependencies.test { _ in }
    await withKnownIssue {
      _ = try? await dependencies.greetings.greet("kim")
    } matching: { issue in
      issue.comments.map(\.rawValue) == [greetMessage]
    }
  }

  @Test func sleepingOnAClockTheTestDidNotProvideFailsIt() async {
    let clock = Dependencies.test().clock
    await withKnownIssue {
      await #expect(throws: CancellationError.self) { try await clock.sleep(for: .seconds(1)) }
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        "clock.sleep was called, but this test did not provide a clock. Provide one: "
          + "`dependencies[ClockKey.self] = TestClock()`."
      ]
    }
  }

  @Test func aProvidedTestClockIsTheOneUsed() async {
    let testClock = TestClock()
    let clock = Dependencies.test { $0.clock = testClock }.clock
    let sleeper = Task { try await clock.sleep(for: .seconds(2)) }
    await testClock.waitForSleepers(1)
    await testClock.advance(by: .seconds(2))
    await #expect(throws: Never.self) { try await sleeper.value }
    #expect(testClock.now.offset == .seconds(2))
  }
}
