import Reactors

/// Tests a reactor step by step, in ReactorKit's words: each `send` checks the state its
/// synchronous mutations made, each `receive` checks one mutation an effect emitted later and
/// the state it made, and `finish` checks that nothing is left (see ``Tester``).
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
/// The tester installs a tap in the reactor's engine, so from then on the reactor's `send`
/// takes its general path: make a tester for a reactor under test only.
public final class ReactorTester<R: Reactor>: Tester<R.State, R.Action, R.Mutation>
where R.State: Equatable {
  /// The reactor under test.
  public let reactor: R

  /// Starts testing `reactor` from its current state.
  ///
  /// - Parameters:
  ///   - reactor: The reactor under test.
  ///   - clock: The test clock the reactor's effects sleep on, for ``Tester/advance(by:fileID:filePath:line:column:)``.
  ///   - exhaustivity: How much the tester insists on; ``Exhaustivity/on`` by default.
  ///   - timeout: How long, in real time, a `receive` waits for a mutation and `finish()` for
  ///     effects to end, before the test fails.
  ///   - fileID: Where the tester is made, for failures about it as a whole (filled in).
  ///   - filePath: Where the tester is made (filled in).
  ///   - line: Where the tester is made (filled in).
  ///   - column: Where the tester is made (filled in).
  public init(
    _ reactor: R, clock: TestClock? = nil, exhaustivity: Exhaustivity = .on,
    timeout: Duration = .seconds(5), fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    self.reactor = reactor
    super.init(
      core: TesterCore(
        TestSubject(reactor: reactor), clock: clock, exhaustivity: exhaustivity,
        timeout: timeout, site: CallSite(fileID, filePath, line, column)))
  }
}
