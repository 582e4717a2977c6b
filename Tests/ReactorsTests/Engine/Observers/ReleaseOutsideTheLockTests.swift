import Foundation
import Reactors
import ReactorsTestSupport
import Testing

/// Records, for each probe released, whether another thread could read the reactor's state
/// while the probe's `deinit` ran: it cannot while the engine's lock is held.
final class Releases: Sendable {
  /// Reads the state of the reactor under test; set once the reactor exists.
  let read = Shared<(@Sendable () -> Void)?>(nil)
  let results = Shared<[String]>([])

  /// A probe that reports here when it is released.
  func probe(_ name: String) -> ReleaseProbe {
    ReleaseProbe(name) { [self] in released($0) }
  }

  /// Asks another thread to read the state and waits for it (10 s at most: the wait runs out
  /// only when the lock is held, and the test then fails instead of hanging).
  private func released(_ name: String) {
    let done = DispatchSemaphore(value: 0)
    let read = self.read.withLock { $0 }
    Thread {
      read?()
      done.signal()
    }.start()
    let isReadable = done.wait(timeout: .now() + 10) == .success
    results.withLock { $0.append("\(name) \(isReadable ? "released" : "released under the lock")") }
  }
}

/// An object whose `deinit` runs code, as a view model or a cache in a state may: it tells
/// ``Releases``. Equal only to itself.
final class ReleaseProbe: Equatable, Sendable {
  let name: String
  let onRelease: @Sendable (String) -> Void

  init(_ name: String, onRelease: @escaping @Sendable (String) -> Void) {
    self.name = name
    self.onRelease = onRelease
  }

  deinit { onRelease(name) }

  static func == (lhs: ReleaseProbe, rhs: ReleaseProbe) -> Bool { lhs === rhs }
}

/// A probe and a label, equal when their labels are: two equal boxes may differ byte for byte.
struct LabeledProbe: Equatable, Sendable {
  let probe: ReleaseProbe
  let label: String

  static func == (lhs: LabeledProbe, rhs: LabeledProbe) -> Bool { lhs.label == rhs.label }
}

struct ProbeState: Equatable, Sendable {
  var probe: ReleaseProbe
  var labeled: LabeledProbe
  var numbers = SixteenNumbers()
}

enum ProbeAction: Sendable {
  /// Replaces the probe with a new one.
  case replace(ReleaseProbe)
  /// Replaces the labeled probe with another of the same label: equal, not the same bytes.
  case relabel(ReleaseProbe)
}

func probeReducer(_ state: inout ProbeState, _ action: ProbeAction) {
  switch action {
  case .replace(let probe): state.probe = probe
  case .relabel(let probe): state.labeled = LabeledProbe(probe: probe, label: state.labeled.label)
  }
}

/// A reactor whose `transform(state:)` stage republishes every state.
final class RepublishingReactor: Reactor {
  let storage = Storage()
  let initialState: ProbeState

  init(_ initialState: ProbeState) { self.initialState = initialState }

  func mutate(action: ProbeAction) -> Effect<ProbeAction> { .just(action) }

  func reduce(state: inout ProbeState, mutation: ProbeAction) { probeReducer(&state, mutation) }

  func transform(state: StateUpstream<ProbeState>) -> StateUpstream<ProbeState> {
    state.map { $0 }
  }
}

/// Two threads that meet here: the first two calls wait for each other (10 s at most); later
/// calls pass.
final class Meeting: Sendable {
  private let arrivals = Shared(0)
  private let everyoneIsHere = DispatchSemaphore(value: 0)

  func arrive() {
    let arrival = arrivals.withLock { count in
      count += 1
      return count
    }
    guard arrival <= 2 else { return }
    if arrival == 2 {
      everyoneIsHere.signal()
      everyoneIsHere.signal()
    }
    _ = everyoneIsHere.wait(timeout: .now() + 10)
  }
}

/// A reactor whose initial state is made anew at each read, once both threads starting it
/// have read it: one of the two states is installed, and the other released.
final class RacingStartReactor: Reactor {
  let storage = Storage()
  let releases: Releases
  let meeting = Meeting()

  init(_ releases: Releases) { self.releases = releases }

  var initialState: ProbeState {
    meeting.arrive()
    return ProbeState(
      probe: releases.probe("made"),
      labeled: LabeledProbe(probe: releases.probe("made"), label: "a"))
  }

  func mutate(action: ProbeAction) -> Effect<ProbeAction> { .just(action) }

  func reduce(state: inout ProbeState, mutation: ProbeAction) { probeReducer(&state, mutation) }
}

/// Nothing a change replaces is released with the engine's lock held: a value's `deinit` may
/// run user code (read a reactor, cancel bindings), which another thread waiting for the lock
/// would wait for. (What `reduce` itself drops is released inside `reduce`, which is pure and
/// runs with the lock held: see the threads article.)
@Suite(.timeLimit(.minutes(5))) struct ReleaseOutsideTheLockTests {
  /// The first probe stays alive (the store keeps its initial state); the second is the one
  /// whose release is watched.
  func makeStore(_ releases: Releases) -> Store<ProbeState, ProbeAction> {
    let store = Store(initial: firstState(releases), reducer: probeReducer)
    releases.read.withLock { $0 = { _ = store.currentState.numbers } }
    return store
  }

  /// A ``RepublishingReactor`` whose first probe stays alive, as ``makeStore(_:)``'s does.
  func makeRepublishingReactor(_ releases: Releases) -> RepublishingReactor {
    let reactor = RepublishingReactor(firstState(releases))
    releases.read.withLock { $0 = { _ = reactor.currentState.numbers } }
    return reactor
  }

  func firstState(_ releases: Releases) -> ProbeState {
    ProbeState(
      probe: releases.probe("first"),
      labeled: LabeledProbe(probe: releases.probe("first labeled"), label: "a"))
  }

  @Test func aValueAnObserverSawIsReleasedOutsideTheLock() {
    let releases = Releases()
    let store = makeStore(releases)
    let calls = Shared(0)
    let token = store.observe(\.probe) { _ in calls.increment() }
    store.dispatch(.replace(releases.probe("second")))
    store.dispatch(.replace(releases.probe("third")))
    #expect(releases.results.withLock { $0 } == ["second released"])
    #expect(calls.withLock { $0 } == 3)
    token.cancel()
  }

  @Test func withTheByteComparisonToo() {
    let releases = Releases()
    let store = makeStore(releases)
    var tokens = [store.observe(\.probe) { _ in }]
    tokens += numberPaths.map { store.observe($0) { _ in } }
    #expect(tokens.count >= 16)  // enough for the byte comparison
    store.dispatch(.replace(releases.probe("second")))
    store.dispatch(.replace(releases.probe("third")))
    #expect(releases.results.withLock { $0 } == ["second released"])
    for token in tokens { token.cancel() }
  }

  @Test func anEqualValueThatReplacesTheLastIsReleasedOutsideTheLockAndToldToNobody() {
    let releases = Releases()
    let store = makeStore(releases)
    let calls = Shared(0)
    var tokens = [store.observe(\.labeled) { _ in calls.increment() }]
    tokens += numberPaths.map { store.observe($0) { _ in } }
    store.dispatch(.relabel(releases.probe("second")))
    store.dispatch(.relabel(releases.probe("third")))
    // The byte comparison keeps the equal value whose bytes differ, and lets the one it
    // replaced go outside the lock; the observer is not called for an equal value.
    #expect(releases.results.withLock { $0 } == ["second released"])
    #expect(calls.withLock { $0 } == 1)
    for token in tokens { token.cancel() }
  }

  @Test func aStateTheTransformStageReplacesIsReleasedOutsideTheLock() {
    let releases = Releases()
    let reactor = makeRepublishingReactor(releases)
    reactor.send(.replace(releases.probe("second")))
    reactor.send(.replace(releases.probe("third")))
    #expect(releases.results.withLock { $0 } == ["second released"])
  }

  @Test func aStateTheStubReplacesIsReleasedOutsideTheLock() {
    let releases = Releases()
    let reactor = makeRepublishingReactor(releases)
    reactor.stub.isEnabled = true
    reactor.stub.state.probe = releases.probe("second")
    reactor.stub.state.probe = releases.probe("third")
    #expect(releases.results.withLock { $0 } == ["second released"])
  }

  @Test func theInitialStateAThreadLosingTheRaceToStartMadeIsReleasedOutsideTheLock() async {
    let releases = Releases()
    let reactor = RacingStartReactor(releases)
    releases.read.withLock { $0 = { _ = reactor.currentState.numbers } }
    // Both threads read the initial state (they meet there), then race to install it.
    let finished = await onThreads(2, within: 60) { _ in _ = reactor.currentState }
    #expect(finished)
    #expect(releases.results.withLock { $0 } == ["made released", "made released"])
  }

  /// Sixteen key paths into the state's numbers.
  var numberPaths: [KeyPath<ProbeState, Int>] {
    [
      \.numbers.values.0, \.numbers.values.1, \.numbers.values.2, \.numbers.values.3,
      \.numbers.values.4, \.numbers.values.5, \.numbers.values.6, \.numbers.values.7,
      \.numbers.values.8, \.numbers.values.9, \.numbers.values.10, \.numbers.values.11,
      \.numbers.values.12, \.numbers.values.13, \.numbers.values.14, \.numbers.values.15,
    ]
  }
}
