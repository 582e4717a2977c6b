import Foundation

/// Runs `body`, which blocks (a wait for the screen in tmux, a child's output), on a thread of
/// its own and returns what it returns: never on the tasks' threads, which a test blocking them
/// for seconds would take from the rest of the suite (an in-process server's tasks, say).
public func onOwnThread<Value: Sendable>(
  _ body: @escaping @Sendable () throws -> Value
) async throws -> Value {
  try await withCheckedThrowingContinuation { continuation in
    Thread { continuation.resume(with: Result { try body() }) }.start()
  }
}
