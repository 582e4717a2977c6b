import Reactors

/// Tests a `Store` step by step: each `send` dispatches an action and checks the state its
/// reduce made; each follow-up action the middleware emits (at once or later) is checked with
/// `receive`, in order, with the state it made; `finish` checks that nothing is left (see
/// ``Tester``).
///
/// ```swift
/// let tester = StoreTester(Store(initial: AppState(), reducer: appReducer,
///                                middlewares: [loginMiddleware]))
/// await tester.send(.login(.submit(id: "kim", password: "pw"))) { $0.login.isLoading = true }
/// await tester.receive(.login(.succeeded(user))) {
///   $0.login.isLoading = false
///   $0.user = user
/// }
/// await tester.finish()
/// ```
public final class StoreTester<State: Equatable & Sendable, Action: Sendable>:
  Tester<State, Action, Action>
{
  /// The store under test.
  public let store: Store<State, Action>

  /// Starts testing `store` from its current state; the parameters are
  /// ``ReactorTester/init(_:clock:exhaustivity:timeout:fileID:filePath:line:column:)``'s.
  public init(
    _ store: Store<State, Action>, clock: TestClock? = nil, exhaustivity: Exhaustivity = .on,
    timeout: Duration = .seconds(5), fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    self.store = store
    super.init(
      core: TesterCore(
        TestSubject(store: store), clock: clock, exhaustivity: exhaustivity, timeout: timeout,
        site: CallSite(fileID, filePath, line, column)))
  }
}
