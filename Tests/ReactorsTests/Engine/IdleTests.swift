import Foundation
import Reactors
import ReactorsTestSupport
import Testing

/// `idle()`, what the test toolkit awaits: it returns once nothing is processed or queued, and
/// a test's time limit (a cancellation) ends it while another thread keeps the reactor busy.
@Suite(.timeLimit(.minutes(1))) struct IdleTests {
  @Test func idleReturnsOnceTheWorkIsDone() async {
    let inMutate = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let reactor = ProbeReactor(mutate: { _, action in
      guard case .custom = action else { return ProbeReactor.defaultMutation(action) }
      inMutate.signal()
      _ = release.wait(timeout: .now() + 30)
      return .just(.add(1))
    })
    Thread { reactor.send(.custom(0)) }.start()
    #expect(await signalled(inMutate))
    let waiting = Task { await reactor.storage.idle() }
    release.signal()
    await waiting.value
    #expect(reactor.currentState.count == 1)
  }

  @Test func idleEndsWhenItsTaskIsCancelledWhileTheReactorIsBusy() async {
    let inMutate = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let reactor = ProbeReactor(mutate: { _, action in
      guard case .custom = action else { return ProbeReactor.defaultMutation(action) }
      inMutate.signal()
      _ = release.wait(timeout: .now() + 30)
      return .none
    })
    Thread { reactor.send(.custom(0)) }.start()
    #expect(await signalled(inMutate))
    let waiting = Task { await reactor.storage.idle() }
    waiting.cancel()
    let ended: Void? = await withDeadline(20) { await waiting.value }
    #expect(ended != nil, "a cancelled idle() must return while the reactor is still busy")
    release.signal()
    await reactor.storage.idle()
  }
}
