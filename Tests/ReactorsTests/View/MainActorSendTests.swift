import Foundation
import Testing

@testable import Reactors

/// The mark a main-actor view model's send puts on its thread: seen by what that send runs
/// synchronously there, restored after nested sends, never seen by another thread.
@Suite struct MainActorSendTests {
  @MainActor @Test func theMarkHoldsOnlyDuringTheSendAndNests() {
    #expect(!MainActorSend.isRunning)
    var seen: [Bool] = []
    MainActorSend.run {
      seen.append(MainActorSend.isRunning)
      MainActorSend.run { seen.append(isOnMainQueue()) }
      seen.append(MainActorSend.isRunning)
    }
    seen.append(MainActorSend.isRunning)
    #expect(seen == [true, true, true, false])
  }

  @MainActor @Test func anotherThreadDoesNotSeeTheMark() async {
    let answer = DispatchSemaphore(value: 0)
    let seen = Locked<Bool?>(nil)
    MainActorSend.run {
      Thread {
        seen.withLock { $0 = MainActorSend.isRunning || isOnMainQueue() }
        answer.signal()
      }.start()
      // Waits here, inside the send, so the mark is set while the other thread looks.
      _ = answer.wait(timeout: .now() + 60)
    }
    #expect(seen.withLock { $0 } == false)
  }
}
