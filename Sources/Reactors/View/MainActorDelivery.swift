import Dispatch

/// Hands values to a main-actor closure from any thread, in order, newest last.
///
/// On the main thread the value is applied at once, so a test that changes state on the main
/// actor reads the view on the next line. From another thread the newest value is kept and
/// applied by one main-actor task; an older value never overwrites a newer one.
package final class MainActorDelivery<Value: Sendable>: Sendable {
  private let apply: @MainActor (Value) -> Void
  private let pending = Locked<(value: Value?, isScheduled: Bool)>((nil, false))

  package init(_ apply: @escaping @MainActor (Value) -> Void) { self.apply = apply }

  package func deliver(_ value: Value) {
    if isOnMainQueue() {
      pending.withLock { $0.value = nil }
      MainActor.assumeIsolated { apply(value) }
      return
    }
    let shouldSchedule = pending.withLock { pending -> Bool in
      pending.value = value
      defer { pending.isScheduled = true }
      return !pending.isScheduled
    }
    guard shouldSchedule else { return }
    Task { @MainActor in self.drain() }
  }

  @MainActor private func drain() {
    let value = pending.withLock { pending -> Value? in
      defer {
        pending.value = nil
        pending.isScheduled = false
      }
      return pending.value
    }
    if let value { apply(value) }
  }
}

/// Whether the caller runs on the main queue, which is where the main actor runs its jobs.
///
/// Not `Thread.isMainThread`: under a test runner on Linux the main actor's queue is drained by
/// a thread other than the process's first one. The key is set once, on first use. Inside a
/// main-actor view model's send (``MainActorSend``), answered without asking Dispatch.
@usableFromInline
package func isOnMainQueue() -> Bool {
  MainActorSend.isRunning || DispatchQueue.getSpecific(key: mainQueueKey) == true
}

private let mainQueueKey: DispatchSpecificKey<Bool> = {
  let key = DispatchSpecificKey<Bool>()
  DispatchQueue.main.setSpecific(key: key, value: true)
  return key
}()
