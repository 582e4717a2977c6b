import Reactors

/// Tests a ``Store`` step by step: each `send` dispatches an action and checks the state its
/// reduce made; each follow-up action the middleware emits (at once or later) is checked with
/// `receive`, in order, with the state it made; `finish` checks that nothing is left.
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
///
/// The rules of ``ReactorTester`` hold: exhaustive by default (see ``Exhaustivity``), failures
/// at the failing call with a diff, a real-time `timeout` only as a bound, one task driving it.
public final class StoreTester<State: Equatable & Sendable, Action: Sendable>: Sendable {
  /// The store under test.
  public let store: Store<State, Action>
  let core: TesterCore<State, Action, Action>

  /// Starts testing `store` from its current state. See ``ReactorTester/init(_:clock:exhaustivity:timeout:fileID:filePath:line:column:)``.
  public init(
    _ store: Store<State, Action>, clock: TestClock? = nil, exhaustivity: Exhaustivity = .on,
    timeout: Duration = .seconds(5), fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    self.store = store
    core = TesterCore(
      TestSubject(store: store), clock: clock, exhaustivity: exhaustivity, timeout: timeout,
      site: CallSite(fileID, filePath, line, column))
  }

  /// The state as the test has asserted it so far.
  public var state: State { core.asserted.withLock { $0 } }

  /// Dispatches `action`, then checks the state its reduce made (its follow-up actions are
  /// received one by one).
  nonisolated(nonsending) public func send(
    _ action: Action, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    assert: ((inout State) throws -> Void)? = nil
  ) async {
    await core.send(action, assert, at: CallSite(fileID, filePath, line, column))
  }

  /// Waits for the next follow-up action the middleware emitted, checks that it is `action`,
  /// then checks the state its reduce made.
  nonisolated(nonsending) public func receive(
    _ action: Action, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    assert: ((inout State) throws -> Void)? = nil
  ) async where Action: Equatable {
    await core.receive(
      core.describe(action), matching: { $0 == action },
      mismatch: { core.mismatch(expected: action, received: $0) }, assert,
      at: CallSite(fileID, filePath, line, column))
  }

  /// Waits for the next follow-up action, checks that `matches` accepts it (a case, whatever
  /// its value, for actions that are not `Equatable`), then checks the state it made.
  nonisolated(nonsending) public func receive(
    where matches: (Action) -> Bool, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    assert: ((inout State) throws -> Void)? = nil
  ) async {
    await core.receive(
      "an action that matches", matching: matches,
      mismatch: { "Received \(core.describe($0)), which does not match." }, assert,
      at: CallSite(fileID, filePath, line, column))
  }

  /// Waits until every running effect sleeps on the test clock, then moves it by `duration`.
  nonisolated(nonsending) public func advance(
    by duration: Duration, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    await core.advance(by: duration, at: CallSite(fileID, filePath, line, column))
  }

  /// Waits for the store's effects to end (up to the timeout), then fails if any still runs
  /// or emitted an action the test did not receive.
  nonisolated(nonsending) public func finish(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async {
    await core.finish(at: CallSite(fileID, filePath, line, column))
  }
}
