import Testing

@testable import Reactors

/// A reactor that implements no `reduce` stays legal, as in ReactorKit, but says so once: its
/// mutations change nothing, which is most often a `reduce` forgotten or misspelled.
@Suite(.timeLimit(.minutes(1))) struct DefaultReduceTests {
  @Test func aReactorWithoutReduceWarnsOnceAtItsFirstMutation() {
    let key = "\(ForgetfulReactor.self).reduceNotImplemented"
    let before = warningThrottle.withLock { $0.count(of: key) }
    let reactor = ForgetfulReactor()
    #expect(warningThrottle.withLock { $0.count(of: key) } == before)
    reactor.send(.increment)
    reactor.send(.increment)
    ForgetfulReactor().send(.increment)
    #expect(reactor.currentState == 0)
    let shown = "\(key).shown"
    #expect(warningThrottle.withLock { $0.count(of: key) } == before + 3)
    #expect(warningThrottle.withLock { $0.count(of: shown) } == 1)
  }

  @Test func aReactorThatImplementsReduceIsNotWarned() {
    let key = "\(CountingReactor.self).reduceNotImplemented"
    let reactor = CountingReactor()
    reactor.send(.increment)
    #expect(reactor.currentState == 1)
    #expect(warningThrottle.withLock { $0.count(of: key) } == 0)
  }
}

/// A counter whose author forgot `reduce`. Internal, not private: an optimized build names a
/// private type with its file's discriminator where the test interpolates it, `(ForgetfulReactor
/// in _8C34…)`, but plainly where the library does, so the warning's key would differ.
final class ForgetfulReactor: Reactor {
  enum Action: Sendable { case increment }
  let storage = Storage()
  var initialState: Int { 0 }
}

/// The same counter with its `reduce`.
final class CountingReactor: Reactor {
  enum Action: Sendable { case increment }
  let storage = Storage()
  var initialState: Int { 0 }
  func reduce(state: inout Int, mutation: Action) { state += 1 }
}
