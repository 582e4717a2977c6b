/// The buffer between a reactor's processing thread and one iterating task.
@usableFromInline
final class StateChannel<State: Sendable>: Sendable {
  @usableFromInline
  struct Buffer: Sendable {
    @usableFromInline var values: [State] = []
    @usableFromInline var head = 0
    @usableFromInline var waiter: UnsafeContinuation<State?, Never>?
    @usableFromInline var isFinished = false
    @usableFromInline var observation: ObservationToken?

    @inlinable init() {}
  }

  @usableFromInline let buffer = Locked(Buffer())
  @usableFromInline let keepsNewestOnly: Bool

  @inlinable init(keepsNewestOnly: Bool) { self.keepsNewestOnly = keepsNewestOnly }

  /// Keeps the subscription alive for as long as the channel; `nil` means there is none.
  @inlinable
  func attach(_ observation: ObservationToken?) {
    guard let observation else { return finish() }
    buffer.withLock { $0.observation = observation }
  }

  @inlinable
  func push(_ state: State) {
    let waiter = buffer.withLock { buffer -> UnsafeContinuation<State?, Never>? in
      if buffer.isFinished { return nil }
      if let waiter = buffer.waiter {
        buffer.waiter = nil
        return waiter
      }
      if keepsNewestOnly {
        buffer.values = [state]
        buffer.head = 0
      } else {
        buffer.values.append(state)
      }
      return nil
    }
    waiter?.resume(returning: state)
  }

  @inlinable
  func finish() {
    let (waiter, observation) = buffer.withLock { buffer in
      buffer.isFinished = true
      defer {
        buffer.waiter = nil
        buffer.observation = nil
      }
      return (buffer.waiter, buffer.observation)
    }
    waiter?.resume(returning: nil)
    observation?.cancel()
  }

  /// The next state: at once when one is buffered (no suspension), otherwise when pushed.
  @inlinable
  func next() async -> State? {
    if Task.isCancelled {
      finish()
      return nil
    }
    if let buffered = takeBuffered() { return buffered }
    return await withTaskCancellationHandler {
      await withUnsafeContinuation { continuation in
        // Resumed exactly once: here, or by the `push` or `finish` that takes the waiter.
        if let value = takeBuffered(orWait: continuation) { continuation.resume(returning: value) }
      }
    } onCancel: {
      finish()
    }
  }

  /// A buffered state, `.some(nil)` when the sequence is over, or `nil` when there is nothing
  /// yet (and then `waiter`, if given, is kept to be resumed by the next push).
  @inlinable
  func takeBuffered(orWait waiter: UnsafeContinuation<State?, Never>? = nil) -> State?? {
    buffer.withLock { buffer -> State?? in
      if buffer.head < buffer.values.count {
        let value = buffer.values[buffer.head]
        buffer.head += 1
        if buffer.head == buffer.values.count {
          buffer.values.removeAll(keepingCapacity: true)
          buffer.head = 0
        }
        return .some(value)
      }
      if buffer.isFinished { return .some(nil) }
      if let waiter { buffer.waiter = waiter }
      return nil
    }
  }
}
