import Reactors

/// Tests a reactor step by step, in ReactorKit's words: each `send` checks the state its
/// synchronous mutations made, each `receive` checks one mutation an effect emitted later and
/// the state it made, and `finish` checks that nothing is left.
///
/// ```swift
/// let clock = TestClock()
/// let tester = ReactorTester(CounterViewReactor(clock: clock), clock: clock)
/// await tester.send(.increase) { $0.isLoading = true }
/// await tester.advance(by: .seconds(1))
/// await tester.receive(.increaseValue) { $0.value = 1 }
/// await tester.receive(.setLoading(false)) { $0.isLoading = false }
/// await tester.finish()
/// ```
///
/// By default the tester is exhaustive (see ``Exhaustivity``): a state assertion starts from
/// the state before the step and must match the new state whole; every mutation effects emit
/// must be received, in order; and ``finish()`` fails while effects still run. Failures are
/// reported at the failing call, with a diff of what differs (− expected, + actual), and say
/// how to fix the test. What is left unchecked when the tester goes away without ``finish()``
/// is reported where it was made.
///
/// Nothing waits in real time except up to `timeout`, which turns a hang (a mutation that
/// never comes, an effect that never ends) into a failure. The tester installs a tap in the
/// reactor's engine, so from then on the reactor's `send` takes its general path: make a tester
/// for a reactor under test only.
///
/// Thread rules: drive a tester from one task at a time; the reactor's effects may run
/// anywhere.
public final class ReactorTester<R: Reactor>: Sendable where R.State: Equatable {
  /// The reactor under test.
  public let reactor: R
  let core: TesterCore<R.State, R.Action, R.Mutation>

  /// Starts testing `reactor` from its current state.
  ///
  /// - Parameters:
  ///   - clock: The test clock the reactor's effects sleep on, for ``advance(by:)``.
  ///   - exhaustivity: How much the tester insists on; ``Exhaustivity/on`` by default.
  ///   - timeout: How long, in real time, a `receive` waits for a mutation and ``finish()``
  ///     for effects to end, before the test fails.
  public init(
    _ reactor: R, clock: TestClock? = nil, exhaustivity: Exhaustivity = .on,
    timeout: Duration = .seconds(5), fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    self.reactor = reactor
    core = TesterCore(
      TestSubject(reactor: reactor), clock: clock, exhaustivity: exhaustivity, timeout: timeout,
      site: CallSite(fileID, filePath, line, column))
  }

  /// The state as the test has asserted it so far.
  public var state: R.State { core.asserted.withLock { $0 } }

  /// Sends `action`, then checks the state its synchronous mutations made before `send`
  /// returned: `assert` changes the state before the step into the one expected (omit it when
  /// the action changes nothing at once).
  nonisolated(nonsending) public func send(
    _ action: R.Action, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    assert: ((inout R.State) throws -> Void)? = nil
  ) async {
    await core.send(action, assert, at: CallSite(fileID, filePath, line, column))
  }

  /// Waits for the next mutation an effect emitted, checks that it is `mutation`, then checks
  /// the state it made.
  nonisolated(nonsending) public func receive(
    _ mutation: R.Mutation, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    assert: ((inout R.State) throws -> Void)? = nil
  ) async where R.Mutation: Equatable {
    await core.receive(
      core.describe(mutation), matching: { $0 == mutation },
      mismatch: { core.mismatch(expected: mutation, received: $0) }, assert,
      at: CallSite(fileID, filePath, line, column))
  }

  /// Waits for the next mutation an effect emitted, checks that `matches` accepts it (a case,
  /// whatever its value, for mutations that are not `Equatable`), then checks the state it
  /// made.
  ///
  /// ```swift
  /// await tester.receive(where: { if case .setUser = $0 { true } else { false } }) {
  ///   $0.user = User(name: "kim")
  /// }
  /// ```
  nonisolated(nonsending) public func receive(
    where matches: (R.Mutation) -> Bool, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    assert: ((inout R.State) throws -> Void)? = nil
  ) async {
    await core.receive(
      "a mutation that matches", matching: matches,
      mismatch: { "Received \(core.describe($0)), which does not match." }, assert,
      at: CallSite(fileID, filePath, line, column))
  }

  /// Waits until every running effect sleeps on the test clock, then moves the clock by
  /// `duration`: no need to count sleepers.
  nonisolated(nonsending) public func advance(
    by duration: Duration, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    await core.advance(by: duration, at: CallSite(fileID, filePath, line, column))
  }

  /// Waits for the reactor's effects to end (up to the timeout), then fails if any still runs
  /// or emitted a mutation the test did not receive.
  nonisolated(nonsending) public func finish(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async {
    await core.finish(at: CallSite(fileID, filePath, line, column))
  }
}
