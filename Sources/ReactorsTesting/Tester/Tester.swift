import Reactors

/// What ``ReactorTester`` and ``StoreTester`` share: each step of a test, checked against what
/// the reactor (or store) really did. Made through one of the two.
///
/// - `send` checks the state the sending thread's reduces made before `send` returned;
/// - `receive` waits for the next value reduced later (a mutation an effect emitted, or a
///   store's follow-up action) and checks it and the state it made;
/// - `advance(by:)` moves the test clock once every effect it may hold is asleep on it;
/// - `finish()` waits for effects to end and fails on anything left running or unchecked.
///
/// By default a tester is exhaustive (see ``Exhaustivity``). Failures are reported at the
/// failing call, with a diff of what differs (− expected, + actual), and say how to fix the
/// test; what is left unchecked when a tester goes away without ``finish(fileID:filePath:line:column:)`` is reported where
/// it was made. Nothing waits in real time except up to the tester's timeout, which turns a hang
/// into a failure.
///
/// Thread rules: drive a tester from one task at a time; it runs in its caller's isolation, so
/// a main-actor test passes its closures without sending them. The subject's effects may run
/// anywhere.
public class Tester<State: Equatable & Sendable, Input: Sendable, Output: Sendable> {
  let core: TesterCore<State, Input, Output>

  init(core: TesterCore<State, Input, Output>) { self.core = core }

  /// The state as the test has asserted it so far.
  public var state: State { core.asserted.withLock { $0 } }

  /// Sends (or dispatches) `input`, then checks the state this thread reduced before it
  /// returned: `assert` changes the state before the step into the one expected (omit it when
  /// nothing changes at once).
  nonisolated(nonsending) public func send(
    _ input: Input, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    assert: ((inout State) throws -> Void)? = nil
  ) async {
    await core.send(input, assert, at: CallSite(fileID, filePath, line, column))
  }

  /// Waits for the next value reduced later, checks that `matches` accepts it (a case, whatever
  /// its value, for values that are not `Equatable`), then checks the state it made.
  ///
  /// ```swift
  /// await tester.receive(where: { if case .setUser = $0 { true } else { false } }) {
  ///   $0.user = User(name: "kim")
  /// }
  /// ```
  nonisolated(nonsending) public func receive(
    where matches: (Output) -> Bool, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    assert: ((inout State) throws -> Void)? = nil
  ) async {
    await core.receive(
      "a value that matches", matching: matches,
      mismatch: { "Received \(core.describe($0)), which does not match." }, assert,
      at: CallSite(fileID, filePath, line, column))
  }

  /// Waits until every running effect that may be held by a clock (any not waiting for a
  /// child task or a relay) sleeps on the test clock, then moves it by `duration`: no need to
  /// count sleepers.
  nonisolated(nonsending) public func advance(
    by duration: Duration, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    await core.advance(by: duration, at: CallSite(fileID, filePath, line, column))
  }

  /// Waits for the effects to end (up to the timeout), then fails if any still runs or
  /// emitted a value the test did not receive. Not exhaustive, it lets running effects go.
  nonisolated(nonsending) public func finish(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async {
    await core.finish(at: CallSite(fileID, filePath, line, column))
  }
}

extension Tester where Output: Equatable {
  /// Waits for the next value reduced later, checks that it is `value`, then checks the state
  /// it made.
  nonisolated(nonsending) public func receive(
    _ value: Output, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    assert: ((inout State) throws -> Void)? = nil
  ) async {
    await core.receive(
      core.describe(value), matching: { $0 == value },
      mismatch: { core.mismatch(expected: value, received: $0) }, assert,
      at: CallSite(fileID, filePath, line, column))
  }
}
