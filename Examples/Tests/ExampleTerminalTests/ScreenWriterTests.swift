import ExampleTerminal
import Foundation
import Synchronization
import Testing

/// What a program's observer draws ends when the program closes its writer, even a screen being
/// drawn on another thread meanwhile.
@Suite(.timeLimit(.minutes(1))) struct ScreenWriterTests {
  @Test func writesGoOutUntilItIsClosed() {
    let written = Mutex<[String]>([])
    let writer = ScreenWriter { text in written.withLock { $0.append(text) } }
    writer.write("one")
    writer.write("two")
    writer.close()
    writer.write("three")
    #expect(written.withLock { $0 } == ["one", "two"])
  }

  @Test func closeWaitsForAWriteInProgressAndNothingFollowsIt() async {
    let written = Mutex<[String]>([])
    let writing = DispatchSemaphore(value: 0)
    let finish = DispatchSemaphore(value: 0)
    let writer = ScreenWriter { text in
      writing.signal()
      // Held until the test lets it go, 60 s at most, so a bug cannot hang the suite.
      _ = finish.wait(timeout: .now() + 60)
      written.withLock { $0.append(text) }
    }
    let closing = DispatchSemaphore(value: 0)
    let closed = DispatchSemaphore(value: 0)
    Thread { writer.write("frame") }.start()
    writing.wait()
    Thread {
      closing.signal()
      writer.close()
      written.withLock { $0.append("closed") }
      closed.signal()
    }.start()
    // The close, called (its thread is past the signal), waits for the frame being drawn: it
    // has not returned 0.2 s later. (A close that did not wait would return within that time
    // on any machine; no signal can say that a thread waits for a lock.)
    closing.wait()
    #expect(closed.wait(timeout: .now() + 0.2) == .timedOut)
    finish.signal()
    #expect(closed.wait(timeout: .now() + 60) == .success)
    writer.write("late frame")
    #expect(written.withLock { $0 } == ["frame", "closed"])
  }
}
