import Foundation

/// A value shared between a test and the threads or tasks it starts.
final class Shared<Value: Sendable>: @unchecked Sendable {
  // Audited (test support): `value` is only touched inside `withLock`, under `lock`.
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) { self.value = value }

  @discardableResult
  func withLock<T>(_ body: (inout Value) -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body(&value)
  }

  var current: Value { withLock { $0 } }
}

extension Shared where Value == Int {
  func increment() { withLock { $0 += 1 } }
}

/// Runs `body` on `count` real threads at once and returns when all have finished (a minute
/// at most: past that, a deadlock stops the run with a message rather than hanging it).
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
  let finished = onThreads(count, within: 60, body)
  precondition(finished, "threads did not finish within a minute: a deadlock?")
}

/// Runs `body` on `count` real threads at once; `false` when they have not all finished within
/// `seconds`: a deadlock then fails the test instead of hanging the suite (the stuck threads are
/// left behind).
func onThreads(
  _ count: Int, within seconds: Double, _ body: @escaping @Sendable (Int) -> Void
)
  -> Bool
{
  let group = DispatchGroup()
  for index in 0..<count {
    group.enter()
    let thread = Thread {
      body(index)
      group.leave()
    }
    thread.stackSize = 1 << 20
    thread.start()
  }
  return group.wait(timeout: .now() + seconds) == .success
}

/// How long `eventually` keeps trying: generous, since parallel tests share two cores.
let eventuallyLimit = Duration.seconds(30)

/// Yields to other tasks until `condition` holds (or gives up after `eventuallyLimit`): waits
/// for work on other tasks without sleeping.
func eventually(_ condition: @Sendable () -> Bool) async -> Bool {
  let deadline = ContinuousClock.now + eventuallyLimit
  while ContinuousClock.now < deadline {
    if condition() { return true }
    await Task.yield()
  }
  return condition()
}

/// `eventually` for a condition that reads main-actor state.
@MainActor
func eventuallyOnMain(_ condition: @MainActor () -> Bool) async -> Bool {
  let deadline = ContinuousClock.now + eventuallyLimit
  while ContinuousClock.now < deadline {
    if condition() { return true }
    await Task.yield()
  }
  return condition()
}

/// Whether effects start on the sending thread (`Task.immediate`): always on Linux, on Apple
/// systems from 26. Tests of what an effect sends before it suspends need it.
let startsTasksImmediately: Bool = {
  if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) { return true }
  return false
}()
