import Foundation
import Reactors

/// Scenario 1: synchronous sends with no observers, against a loop calling the same reduce.
func synchronousSends(count: Int) -> [Row] {
  func baseline() {
    var state = BenchState()
    for _ in 0..<count { benchReduce(&state, .increment) }
    blackHole(state)
  }
  let reactor = CounterReactor()
  let store = Store(initial: BenchState(), reducer: benchReduce)
  /// Both rows, timed now in turns with the baseline (see Paired), in a process described by
  /// `process`; `isTarget`: the rows the target applies to.
  func rows(in process: String, isTarget: Bool) -> [Row] {
    let sends = Paired(baseline: baseline) { for _ in 0..<count { reactor.send(.increment) } }
    let dispatches = Paired(baseline: baseline) {
      for _ in 0..<count { store.dispatch(.increment) }
    }
    return [("Reactor.send", sends), ("Store.dispatch", dispatches)].map { name, pair in
      let ratio = 1 / pair.ratio
      return Row(
        scenario: "1. \(name), \(process) (\(formatNanos(pair.subject, per: count)))",
        reactors: formatRate(rate(count, in: pair.subject)),
        baseline: formatRate(rate(count, in: pair.baseline)), ratio: ratio,
        target: isTarget ? "≥ 0.1" : "(reported)", isMet: isTarget ? ratio >= 0.1 : nil)
    }
  }
  let alone = rows(in: "no observers", isTarget: true)
  // The same again once the process has had a second thread, as every app has (the rows
  // above, when this scenario runs first, are in a process that never made one).
  makeProcessThreaded()
  return alone + rows(in: "process with threads", isTarget: false)
}

/// Scenario 2: 100 observers of the changing field, and of a field that never changes.
func observedSends(count: Int) -> [Row] {
  let quiet = CounterReactor()
  let watched = CounterReactor()
  let calls = CallCount()
  let counters = (0..<100).map { _ in watched.observe(\.count) { _ in calls.increment() } }
  let changing = withExtendedLifetime(counters) {
    fastest { for _ in 0..<count { watched.send(.increment) } }
  }
  precondition(calls.value == 100 * (5 * count + 1), "every observer is called on every change")

  // The unchanged field's sends in turns with a reactor's that nobody observes (see Paired).
  let unwatched = CounterReactor()
  let titles = (0..<100).map { _ in unwatched.observe(\.title) { blackHole($0) } }
  let unchanged = withExtendedLifetime(titles) {
    Paired {
      for _ in 0..<count { quiet.send(.increment) }
    } subject: {
      for _ in 0..<count { unwatched.send(.increment) }
    }
  }

  let changingRate = rate(count, in: changing)
  let slowdown = unchanged.ratio
  return [
    Row(
      scenario: "2. 100 observers of the changing field",
      reactors: formatRate(changingRate), baseline: "-", ratio: changingRate / 2_000_000,
      target: "≥ 2 M/s", isMet: changingRate >= 2_000_000),
    Row(
      scenario: "2. 100 observers of an unchanged field (time vs none)",
      reactors: formatRate(rate(count, in: unchanged.subject)),
      baseline: formatRate(rate(count, in: unchanged.baseline)), ratio: slowdown, target: "≤ 2×",
      isMet: slowdown <= 2),
  ]
}

/// Scenario 3: one append per action; the exponent of time at each doubling of n.
///
/// Measured twice: with the allocator as it comes, and with it keeping freed memory. glibc
/// serves a block above its mapping threshold from fresh pages and gives them back when it is
/// freed, so every run at the largest n pays page faults the smaller ones do not: that step
/// shows in the raw loop as much as in Reactors. The target applies to the second line, where
/// only the work per action is left.
func growth() -> [Row] {
  let asItComes = growthRows(label: "default allocator", target: nil)
  guard heapKeepFreedMemory() else { return asItComes }
  return asItComes + growthRows(label: "freed memory kept", target: 1.1)
}

private func growthRows(label: String, target: Double?) -> [Row] {
  let sizes = [10_000, 20_000, 40_000, 80_000]
  func exponents(_ run: (Int) -> Void) -> [Double] {
    // A warm-up at the largest size first (caches, allocator), then each timing covers ten
    // fresh runs, so timer noise stays small against the work.
    run(sizes.last ?? 0)
    let times = sizes.map { n in fastest(runs: 7) { for _ in 0..<10 { run(n) } }.seconds }
    return zip(times, times.dropFirst()).map { log2($1 / $0) }
  }
  let inPlace = exponents { n in
    let reactor = CounterReactor()
    for value in 0..<n { reactor.send(.append(value)) }
  }
  let returning = exponents { n in
    let reactor = ReturningReactor()
    for value in 0..<n { reactor.send(.append(value)) }
  }
  let raw = exponents { n in
    var state = BenchState()
    for value in 0..<n { benchReduce(&state, .append(value)) }
    blackHole(state)
  }
  let worst = inPlace.max() ?? 0
  let rawText = raw.map(rounded).joined(separator: ", ")
  return [
    Row(
      scenario: "3. appends, inout reduce, \(label): exponent per doubling",
      reactors: inPlace.map(rounded).joined(separator: ", "), baseline: rawText,
      ratio: worst, target: target.map { "≤ \($0)" } ?? "(reported)",
      isMet: target.map { worst <= $0 }),
    Row(
      scenario: "3. appends, returning reduce, \(label): exponent per doubling",
      reactors: returning.map(rounded).joined(separator: ", "), baseline: rawText,
      ratio: returning.max() ?? 0, target: "(reported)", isMet: nil),
  ]
}

/// Scenario 4: heap per idle reactor with one observer, and the time to create one.
func idleReactors(count: Int) -> [Row] {
  var creation = Duration.seconds(1_000)
  var perReactor: Double?
  // The fastest of five rounds, each creating `count` reactors and releasing them after.
  for _ in 0..<5 {
    var reactors: [CounterReactor] = []
    var observations: [ObservationToken] = []
    reactors.reserveCapacity(count)
    observations.reserveCapacity(count)
    let before = heapBytesInUse()
    let start = ContinuousClock.now
    for _ in 0..<count {
      let reactor = CounterReactor()
      observations.append(reactor.observe(\.count) { blackHole($0) })
      reactors.append(reactor)
    }
    creation = min(creation, ContinuousClock.now - start)
    let after = heapBytesInUse()
    withExtendedLifetime((reactors, observations)) {}
    if let before, let after { perReactor = Double(after - before) / Double(count) }
  }
  let nanos = creation.seconds * 1e9 / Double(count)
  return [
    Row(
      scenario: "4. heap per idle reactor with one observer",
      reactors: perReactor.map { "\(Int($0)) B" } ?? "n/a", baseline: "-",
      ratio: (perReactor ?? 0) / 1024, target: "≤ 1 KB",
      isMet: perReactor.map { $0 <= 1024 }),
    Row(
      scenario: "4. time to create one (with its observer)", reactors: "\(rounded(nanos)) ns",
      baseline: "-", ratio: nanos / 1000, target: "≤ 1 µs", isMet: nanos <= 1000),
  ]
}

/// Scenario 5: actions in sequence whose effect yields its mutation from a `.run` task,
/// against the same number of `await Task { }.value` round trips. The runs are interleaved, so
/// that a noisy moment hits both sides.
///
/// A `.run` starts on the sending thread and runs until it suspends, so the effect measured
/// there sends without changing threads. Two more rows measure round trips that do: the same
/// `.run` suspending once (`await Task.yield()`) before it sends, and, as a floor for those,
/// a task made by hand in `mutate` (no effect, no registry, no cancellation).
func asyncEffects(count: Int) async -> [Row] {
  var baseline = Duration.seconds(1_000)
  var effects = baseline
  var suspending = baseline
  var floor = baseline
  for _ in 0..<5 {
    baseline = min(baseline, await fastest(runs: 1) { await taskRoundTrips(count: count) })
    effects = min(
      effects, await fastest(runs: 1) { await roundTrips(AsyncReactor(), count: count) })
    suspending = min(
      suspending, await fastest(runs: 1) { await roundTrips(SuspendingReactor(), count: count) })
    floor = min(
      floor, await fastest(runs: 1) { await roundTrips(HandMadeTaskReactor(), count: count) })
  }
  return [
    .times(
      "5. async effect round trip (time vs Task round trip)", effects, vs: baseline, per: count,
      atMost: 2),
    .times(
      "5. the same .run suspending once before it sends", suspending, vs: baseline, per: count,
      atMost: nil),
    .times(
      "5. floor for that: a task made by hand in mutate", floor, vs: baseline, per: count,
      atMost: nil),
  ]
}

/// `count` raw `await Task { }.value` round trips: scenario 5's baseline.
func taskRoundTrips(count: Int) async { for _ in 0..<count { await Task {}.value } }

/// Sends `count` `.tick`s in sequence, each awaiting the state the task it starts produces.
func roundTrips<R: Reactor>(_ reactor: R, count: Int) async where R.Action == BenchAction {
  var states = reactor.states.makeAsyncIterator()
  _ = await states.next()
  for _ in 0..<count {
    reactor.send(.tick)
    _ = await states.next()
  }
}
