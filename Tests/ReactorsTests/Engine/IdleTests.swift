import Foundation
import Reactors
import ReactorsTestSupport
import Testing

/// `idle()`, what the test toolkit awaits: it returns once nothing is processed or queued, and
/// a test's time limit (a cancellation) ends it while another thread keeps the reactor busy.
@Suite(.timeLimit(.minutes(1))) struct IdleTests {
  @Test func idleReturnsOnceTheWorkIsDone() async {
    let held = HeldReactor(then: .just(.add(1)))
    #expect(held.hold())
    let waiting = Task { await held.reactor.storage.idle() }
    held.release()
    await waiting.value
    #expect(held.reactor.currentState.count == 1)
  }

  @Test func idleEndsWhenItsTaskIsCancelledWhileTheReactorIsBusy() async {
    let held = HeldReactor()
    #expect(held.hold())
    let waiting = Task { await held.reactor.storage.idle() }
    waiting.cancel()
    let ended: Void? = await withDeadline(20) { await waiting.value }
    #expect(ended != nil, "a cancelled idle() must return while the reactor is still busy")
    held.release()
    await held.reactor.storage.idle()
  }
}
