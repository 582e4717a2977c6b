import Foundation
import Reactors

/// Scenario 6: threads sending at once, against one thread sending as many. Each time ends when
/// every action is processed, not when the senders return: a sender that finds the reactor
/// busy queues its action and returns (after a pause of about 0.1 ms when 256 or more were
/// queued already, which lets the processing thread work alone for a while; longer, behind 32,
/// while two or more other threads pause on it).
func contention(perThread: Int) -> [Row] {
  // The baseline runs in a process with threads, as the threads' runs do, whichever scenario
  // ran before.
  makeProcessThreaded()
  let alone = CounterReactor()
  // Each round times one thread's sends and then the threads' (see Paired): their ratio is the
  // median of the rounds'. Not pinned: the senders must run on every processor.
  let single = { for _ in 0..<(2 * perThread) { alone.send(.increment) } }
  let two = Paired(rounds: 5, pinned: false, baseline: single) {
    sendFromThreads(2, perThread, to: CounterReactor())
  }
  let eight = Paired(rounds: 5, pinned: false, baseline: single) {
    sendFromThreads(8, perThread / 4, to: CounterReactor())
  }
  let ring = fastest(runs: 3) { ringOfThree(perThread: perThread) }
  // The machine's own cost of two threads on one lock, for scale: the same reduce, each call
  // under a plain lock, from one thread and from two.
  let lockedState = LockedState()
  let raw = Paired(rounds: 5, pinned: false) {
    for _ in 0..<(2 * perThread) { lockedState.increment() }
  } subject: {
    onThreads(2) { _ in for _ in 0..<perThread { lockedState.increment() } }
  }
  let singleRate = rate(2 * perThread, in: min(two.baseline, eight.baseline))
  let twoRatio = 1 / two.ratio
  // Each of the ring's sends makes a second action half the time: 1.5 actions per send.
  let ringActions = 3 * perThread + 3 * perThread / 2
  return [
    Row(
      scenario: "6. 2 threads × \(formatCount(perThread)) sends (rate vs one thread)",
      reactors: formatRate(rate(2 * perThread, in: two.subject)),
      baseline: formatRate(rate(2 * perThread, in: two.baseline)),
      ratio: twoRatio, target: "≥ 0.8", isMet: twoRatio >= 0.8),
    Row(
      scenario: "6. 8 threads × \(formatCount(perThread / 4)) sends (rate vs one thread)",
      reactors: formatRate(rate(2 * perThread, in: eight.subject)),
      baseline: formatRate(rate(2 * perThread, in: eight.baseline)), ratio: 1 / eight.ratio,
      target: "(reported)", isMet: nil),
    Row(
      scenario: "6. raw: 2 threads calling the same reduce under one lock (rate vs one thread)",
      reactors: formatRate(rate(2 * perThread, in: raw.subject)),
      baseline: formatRate(rate(2 * perThread, in: raw.baseline)), ratio: 1 / raw.ratio,
      target: "(reported)", isMet: nil),
    Row(
      scenario: "6. ring of 3 reactors on 3 threads (actions/s vs one thread)",
      reactors: formatRate(rate(ringActions, in: ring)), baseline: formatRate(singleRate),
      ratio: rate(ringActions, in: ring) / singleRate, target: "(reported)", isMet: nil),
  ]
}

/// A state behind a plain lock: scenario 6's raw baseline of two threads on one lock.
final class LockedState: @unchecked Sendable {
  // Safe: `state` is only touched with `lock` held.
  private let lock = NSLock()
  private var state = BenchState()

  /// Runs the benchmarks' reduce on the state, under the lock.
  func increment() {
    lock.lock()
    benchReduce(&state, .increment)
    lock.unlock()
  }
}

/// Sends `perThread` increments to `reactor` from each of `threads` threads, and returns when
/// all of them are processed.
func sendFromThreads(_ threads: Int, _ perThread: Int, to reactor: CounterReactor) {
  onThreads(threads) { _ in
    for _ in 0..<perThread { reactor.send(.increment) }
  }
  waitUntil { reactor.currentState.count == threads * perThread }
}

/// Three reactors, each driven by its own thread; each one's observer sends to the next one
/// when its count is odd. Returns when every action is processed.
func ringOfThree(perThread: Int) {
  let ring = (0..<3).map { _ in CounterReactor() }
  let observations = ring.indices.map { index in
    let next = ring[(index + 1) % 3]
    return ring[index].observe(\.count) { count in
      if count % 2 == 1 { next.send(.append(count)) }
    }
  }
  onThreads(3) { index in
    for _ in 0..<perThread { ring[index].send(.increment) }
  }
  for reactor in ring {
    waitUntil {
      let state = reactor.currentState
      return state.count == perThread && state.items.count == perThread / 2
    }
  }
  withExtendedLifetime(observations) {}
}

/// Returns once `condition` holds, looking every 20 µs: often enough for runs of milliseconds,
/// and seldom enough not to compete for the reactor's lock.
func waitUntil(_ condition: () -> Bool) {
  while !condition() { usleep(20) }
}

/// Starts and ends one thread, so that the process has had a second thread, as every app has:
/// from then on glibc takes its locks with atomic instructions, where a process that never made
/// a thread takes them with plain ones (`__libc_single_threaded`).
func makeProcessThreaded() {
  onThreads(1) { _ in }
}

/// Runs `body` on `count` threads at once and returns when all have finished.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
  let group = DispatchGroup()
  for index in 0..<count {
    group.enter()
    Thread {
      body(index)
      group.leave()
    }.start()
  }
  group.wait()
}
