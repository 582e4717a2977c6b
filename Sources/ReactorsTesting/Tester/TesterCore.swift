import CustomDump
import Reactors

/// One reduce the engine reported to a tester: what was reduced, the state it made, the thread
/// that reduced it, and whether the work came later than the send being processed (another
/// thread queued it, or an effect's task sent it).
struct TapStep<Output: Sendable, State: Sendable>: Sendable {
  let output: Output
  let state: State
  let thread: UInt
  let isLater: Bool

  /// Whether `thread`'s own processing made it, not an effect: part of a `send` made on that
  /// thread. What an effect's task emits is never part of it, whether the task started on the
  /// sending thread (`Task.immediate`: Linux, Apple systems from 26) or not (earlier systems),
  /// so that a test passes or fails alike on every system: it is received.
  func isMade(on thread: UInt) -> Bool { self.thread == thread && !isLater }
}

/// What the engine's tap fills and the tester empties, under a lock.
struct TapLog<Output: Sendable, State: Sendable>: Sendable {
  /// Reduces not yet checked, in reduce order.
  var steps: [TapStep<Output, State>] = []
  /// A `receive` waiting for the next step.
  var waiter: CheckedContinuation<Void, Never>?
}

/// The logic of ``ReactorTester`` and ``StoreTester``: it records every reduce through the
/// engine's tap, checks each step the test names against it, and reports what differs.
///
/// Thread rules: the tap runs on whichever thread processes the subject's work; everything it
/// shares with the test is under a lock. A test drives one tester from one task at a time.
final class TesterCore<State: Equatable & Sendable, Input: Sendable, Output: Sendable>: Sendable {
  let subject: TestSubject<State, Input, Output>
  let exhaustivity: Exhaustivity
  let timeout: Duration
  let clock: TestClock?
  let recording = Locked(TapLog<Output, State>())
  /// The state as the test has asserted it so far.
  let asserted: Locked<State>
  /// Whether `finish()` ran: the check on deinit is then done.
  let finished = Locked(false)
  /// Where the tester was made: what is left unchecked at its end is reported there.
  let site: CallSite

  init(
    _ subject: TestSubject<State, Input, Output>, clock: TestClock?, exhaustivity: Exhaustivity,
    timeout: Duration, site: CallSite
  ) {
    self.subject = subject
    self.exhaustivity = exhaustivity
    self.timeout = timeout
    self.clock = clock
    self.site = site
    let recording = recording
    asserted = Locked(
      subject.tap { output, state, isLater in
        let step = TapStep(
          output: output, state: state, thread: currentThreadID(), isLater: isLater)
        let waiter = recording.withLock { recording in
          recording.steps.append(step)
          return recording.waiter.take()
        }
        waiter?.resume()
      })
  }

  deinit {
    guard !finished.withLock({ $0 }) else { return }
    subject.untap()
    guard exhaustivity == .on else { return }
    let left = recording.withLock { $0.steps }
    if !left.isEmpty { site.fail(unreceived(left, when: "the tester went away")) }
    let running = subject.runningEffects()
    if running > 0 {
      site.fail(
        "\(effects(running)) still running when the tester went away. End the test with "
          + "`await tester.finish()`, which waits for them, or cancel them first.")
    }
  }

  // MARK: - Steps

  nonisolated(nonsending) func send(
    _ input: Input, _ assert: ((inout State) throws -> Void)?, at call: CallSite
  ) async {
    let what = "send(\(describe(input)))"
    // The subject is idle, so this thread processes the send, and what it reduces meanwhile is
    // the send's; what effects on other threads reduce meanwhile is left to `receive`.
    await subject.idle()
    takeUnreceived(before: what, at: call)
    let before = asserted.withLock { $0 }
    let thread = currentThreadID()
    let start = recording.withLock { $0.steps.count }
    subject.send(input)
    let own = recording.withLock { recording in
      var own: [TapStep<Output, State>] = []
      var index = start
      while index < recording.steps.count {
        if recording.steps[index].isMade(on: thread) && (subject.sendOwnsEveryStep || own.isEmpty) {
          own.append(recording.steps.remove(at: index))
        } else {
          index += 1
        }
      }
      return own
    }
    check(what, from: before, to: own.last?.state ?? before, assert, at: call)
  }

  nonisolated(nonsending) func receive(
    _ what: String, matching matches: (Output) -> Bool, mismatch: (Output) -> String,
    _ assert: ((inout State) throws -> Void)?, at call: CallSite
  ) async {
    while true {
      guard let step = await nextStep() else {
        return call.fail(
          "Expected to receive \(what), but nothing arrived within \(timeout). "
            + waitingHint())
      }
      let before = asserted.withLock { $0 }
      if matches(step.output) {
        return check("receive(\(what))", from: before, to: step.state, assert, at: call)
      }
      asserted.withLock { $0 = step.state }
      switch exhaustivity {
      case .on:
        return call.fail(mismatch(step.output))
      case .off(let listing):
        if listing { call.listSkipped("Skipped receiving \(describe(step.output)).") }
      }
    }
  }

  nonisolated(nonsending) func advance(by duration: Duration, at call: CallSite) async {
    guard let clock else {
      return call.fail(
        "advance(by:) needs the test clock the effects sleep on: make the tester with "
          + "`clock: clock`.")
    }
    // Every effect that may be held by a clock is asleep on this one before time moves.
    if await !effectsAsleepOrEnded(on: clock) {
      call.fail(
        "\(effects(subject.activeEffects())) running, but only \(clock.sleeperCount) "
          + "asleep on the test clock after \(timeout): an effect waits for something else "
          + "(another clock, a continuation). Give it this clock, or await what it waits for.")
    }
    await clock.advance(by: duration)
  }

  /// Waits, up to the timeout, until every effect still running is asleep on `clock`: each wait
  /// ends when a task falls asleep or fewer are awake (an effect ended, was cancelled, or began
  /// waiting for a child task or a relay). `false` when some are still awake then.
  nonisolated(nonsending) func effectsAsleepOrEnded(on clock: TestClock) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while true {
      // One reading of both counts a pass: a task that fell asleep between two readings of the
      // clock would otherwise be waited for as the next one.
      let active = subject.activeEffects()
      let asleep = clock.sleeperCount
      guard active > asleep else { return true }
      let remaining = deadline - ContinuousClock.now
      let changes: [@Sendable () async -> Void] = [
        { await clock.sleepers(atLeast: asleep + 1) },
        { [subject] in await subject.activeEffectsBelow(active) },
      ]
      guard remaining > .zero, await firstOf(changes, within: remaining) != nil else {
        return subject.activeEffects() <= clock.sleeperCount  // just in time, or not
      }
    }
  }

  nonisolated(nonsending) func finish(at call: CallSite) async {
    defer {
      finished.withLock { $0 = true }
      subject.untap()
    }
    switch exhaustivity {
    case .on:
      guard await withDeadline(timeout, { [subject] in await subject.settled() }) == nil else {
        break
      }
      call.fail(
        "\(effects(subject.runningEffects())) still running at finish() after \(timeout). "
          + "Advance the test clock until they end (`await tester.advance(by:)`), cancel them, "
          + "or use `exhaustivity: .off`.")
    case .off(let listing):
      // Effects still running are let go (they end with the reactor); queued work is done.
      _ = await withDeadline(timeout) { [subject] in await subject.idle() }
      // An effect that has sent its last value may still be ending: with the test clock, only
      // those asleep on it, or waiting for something else, are listed as left running.
      if listing, let clock { _ = await effectsAsleepOrEnded(on: clock) }
      let running = subject.runningEffects()
      if listing && running > 0 {
        call.listSkipped("\(effects(running)) still running at finish(), not waited for.")
      }
    }
    takeUnreceived(before: "finish()", at: call)
  }

  // MARK: - Checks

  /// Fails (exhaustive) or lets go (not) of steps nobody received, before `what`.
  func takeUnreceived(before what: String, at call: CallSite) {
    let left = recording.withLock { recording in
      defer { recording.steps.removeAll() }
      return recording.steps
    }
    guard let last = left.last else { return }
    asserted.withLock { $0 = last.state }
    switch exhaustivity {
    case .on: call.fail(unreceived(left, when: "\(what) was called"))
    case .off(let listing): if listing { call.listSkipped(unreceived(left, when: what)) }
    }
  }

  /// Compares the state `what` made with the one the test expects, and reports the difference.
  func check(
    _ what: String, from before: State, to after: State,
    _ assert: ((inout State) throws -> Void)?, at call: CallSite
  ) {
    asserted.withLock { $0 = after }
    var expected = exhaustivity == .on ? before : after
    do {
      try assert?(&expected)
    } catch {
      return call.fail("The assertion of \(what) threw: \(error)")
    }
    if expected != after {
      return call.fail(
        "The state after \(what) is not what the test expects: (− expected, + actual)\n\n"
          + (diff(expected, after, format: .proportional) ?? "")
          + "\n\nChange the assertion to the state the reactor made, or fix the reactor.")
    }
    guard case .off(true) = exhaustivity, before != after else { return }
    var asserted = before
    try? assert?(&asserted)
    guard asserted != after, let difference = diff(asserted, after, format: .proportional) else {
      return
    }
    call.listSkipped("Changes \(what) made that the test did not assert:\n\n\(difference)")
  }

  /// The next step not yet checked, waiting for it up to the timeout; `nil` when none came.
  nonisolated(nonsending) func nextStep() async -> TapStep<Output, State>? {
    if let step = takeFirstStep() { return step }
    let arrived = await withDeadline(timeout) { [recording] in
      await withCheckedContinuation { continuation in
        let ready = recording.withLock { recording -> Bool in
          // Given up already: the caller will not take this waiter, so none is left.
          guard recording.steps.isEmpty, !Task.isCancelled else { return true }
          recording.waiter = continuation
          return false
        }
        if ready { continuation.resume() }
      }
      return true
    }
    // Given up: a waiter installed before the cancellation is resumed, so none is left behind.
    if arrived == nil { recording.withLock { $0.waiter.take() }?.resume() }
    return takeFirstStep()
  }

  func takeFirstStep() -> TapStep<Output, State>? {
    recording.withLock { $0.steps.isEmpty ? nil : $0.steps.removeFirst() }
  }

  // MARK: - Messages

  func describe(_ value: some Any) -> String {
    var text = ""
    customDump(value, to: &text, maxDepth: 2)
    return text
  }

  func mismatch<Value>(expected: Value, received: Value) -> String {
    "Received a value other than the one expected: (− expected, + received)\n\n"
      + (diff(expected, received, format: .proportional) ?? "")
      + "\n\nReceive the values in the order effects emit them, or fix the reactor."
  }

  func effects(_ count: Int) -> String { count == 1 ? "1 effect is" : "\(count) effects are" }

  func unreceived(_ steps: [TapStep<Output, State>], when: String) -> String {
    let list = steps.map { "  • \(describe($0.output))" }.joined(separator: "\n")
    return "\(steps.count) value(s) that effects emitted were not received when \(when):\n"
      + list + "\n\nAssert each with `await tester.receive(…)` in order, or use "
      + "`exhaustivity: .off`."
  }

  /// What to do about a `receive` that timed out.
  func waitingHint() -> String {
    let running = subject.runningEffects()
    guard running > 0 else {
      return "No effect is running: check that `mutate` starts one, or that an earlier step "
        + "did not already receive it."
    }
    let asleep = clock.map { " (\($0.sleeperCount) asleep on the test clock)" } ?? ""
    return "\(effects(running)) running\(asleep): advance the test clock "
      + "(`await tester.advance(by:)`) or fake what they await so that they can emit."
  }
}
