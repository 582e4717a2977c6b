/// What an effect needs from the reactor or store that runs it: somewhere to deliver values,
/// and an owner for the tasks it starts.
@usableFromInline
protocol EffectHost<Output>: Sendable {
  associatedtype Output: Sendable

  /// Delivers a value emitted by a running task (not on the synchronous path).
  func deliver(_ output: Output)

  /// Cancels every running effect marked with `id`.
  func cancelEffects(id: EffectID)

  /// Starts `effect` in a task owned by the host, marked with `id` when given.
  /// Returns `nil` when the host is gone.
  func launch(_ effect: Effect<Output>, id: EffectID?) -> Task<Void, any Error>?

  /// The current task starts waiting for something no clock drives: a child task, a relay's
  /// next event. The test toolkit counts such tasks apart from those that sleep on its clock.
  func waitingBegan()

  /// The current task stopped waiting (see ``waitingBegan()``).
  func waitingEnded()
}

extension EffectHost {
  /// Awaits `child`, a task started for a cancellable part (see ``Effect/join(_:)``), counted
  /// meanwhile as waiting.
  @inlinable
  func join(_ child: Task<Void, any Error>) async throws {
    waitingBegan()
    defer { waitingEnded() }
    try await Effect<Output>.join(child)
  }
}
