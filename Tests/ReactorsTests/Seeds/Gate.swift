import Reactors

/// An answer that comes when the test says: what a network call looks like to a test. Each
/// ``open()`` lets one ``wait()`` through, whichever comes first.
///
/// Not `Task.yield()`: a yield may resume at once, on the same thread, when nothing else is
/// waiting to run, and the answer would then come before `send` returns.
nonisolated final class Gate: Sendable {
  private let state = Locked<(opened: Int, waiting: [CheckedContinuation<Void, Never>])>((0, []))

  /// Returns once the test opens the gate (at once if it did already).
  func wait() async {
    await withCheckedContinuation { continuation in
      let isOpen = state.withLock { state -> Bool in
        guard state.opened == 0 else {
          state.opened -= 1
          return true
        }
        state.waiting.append(continuation)
        return false
      }
      if isOpen { continuation.resume() }
    }
  }

  /// Lets one waiting (or the next) call through.
  func open() {
    let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
      guard !state.waiting.isEmpty else {
        state.opened += 1
        return nil
      }
      return state.waiting.removeFirst()
    }
    waiter?.resume()
  }
}
