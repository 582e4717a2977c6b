// The effect interpreter: how an `Effect`'s operations run, the synchronous parts on the
// calling thread and the rest in a task, against any `EffectHost`.

extension Effect {
  /// Runs the parts of this effect that need no waiting, emitting their values through
  /// `emit` in order, and returns what is left to run in a task (`nil` when nothing is).
  ///
  /// What is left of a cancellable part goes through `defer`, which returns what the task is
  /// to run in its place: the part itself, started in line by that task where tasks can start
  /// on the current thread (so a part that answers before it suspends is still synchronous),
  /// or a task launched at once and awaited (`.join`) elsewhere.
  @inlinable
  func startSynchronously(
    emit: (Output) -> Void, cancel: (EffectID) -> Void,
    defer deferCancellable: (Effect, EffectID) -> Effect
  ) -> Effect? {
    switch operation {
    case .none:
      return nil
    case .just(let value):
      emit(value)
      return nil
    case .concat(let effects):
      for index in effects.indices {
        guard
          let rest = effects[index].startSynchronously(
            emit: emit, cancel: cancel, defer: deferCancellable)
        else { continue }
        let remaining = effects[(index + 1)...]
        return remaining.isEmpty ? rest : .concat([rest] + remaining)
      }
      return nil
    case .merge(let effects):
      var pending: [Effect] = []
      for effect in effects {
        if let rest = effect.startSynchronously(emit: emit, cancel: cancel, defer: deferCancellable)
        {
          pending.append(rest)
        }
      }
      return pending.isEmpty ? nil : (pending.count == 1 ? pending[0] : .merge(pending))
    case .deferred(let make):
      return make().startSynchronously(emit: emit, cancel: cancel, defer: deferCancellable)
    case .cancel(let id):
      cancel(id)
      return nil
    case .cancellable(let effect, let id, let cancelInFlight):
      if cancelInFlight { cancel(id) }
      return effect.startSynchronously(emit: emit, cancel: cancel, defer: deferCancellable).map {
        deferCancellable($0, id)
      }
    case .catching(let effect, let handler):
      // The synchronous parts cannot throw; what waits keeps its handler.
      return effect.startSynchronously(emit: emit, cancel: cancel, defer: deferCancellable).map {
        Effect(.catching($0, handler))
      }
    case .run, .delay, .join, .relay:
      return self
    }
  }

  /// Runs this effect to its end inside the current task, delivering values to `host`.
  ///
  /// A `.run`, the common case, is called from this small frame; the rest go through
  /// ``runComposite(on:)``, whose frame holds what every other case needs.
  @inlinable @inline(__always)
  func run(on host: some EffectHost<Output>) async throws {
    if case .run(_, let operation) = operation {
      try await operation(Send { host.deliver($0) })
    } else {
      try await runComposite(on: host)
    }
  }

  /// ``run(on:)`` for every case but `.run`.
  @inlinable
  func runComposite(on host: some EffectHost<Output>) async throws {
    switch operation {
    case .none:
      return
    case .just(let value):
      try Task.checkCancellation()
      host.deliver(value)
    case .concat(let effects):
      for effect in effects { try await effect.run(on: host) }
    case .merge(let effects):
      try await withThrowingTaskGroup(of: Void.self) { group in
        for effect in effects {
          // Each part runs on this thread until it first suspends, in order, where it can.
          ImmediateTasks.add({ try await effect.run(on: host) }, to: &group)
        }
        try await group.waitForAll()
      }
    case .run:
      try await run(on: host)  // reached only from `run(on:)`, which handles it itself
    case .deferred(let make):
      try await make().run(on: host)
    case .delay(let effect, let duration, let sleep):
      try await sleep(duration)
      try await effect.run(on: host)
    case .catching(let effect, let handler):
      do {
        try await effect.run(on: host)
      } catch is CancellationError {
        throw CancellationError()
      } catch {
        try await handler(error).run(on: host)
      }
    case .cancel(let id):
      host.cancelEffects(id: id)
    case .cancellable(let effect, let id, let cancelInFlight):
      if cancelInFlight { host.cancelEffects(id: id) }
      guard let child = host.launch(effect, id: id) else { return }
      try await host.join(child)
    case .join(let child):
      try await host.join(child)
    case .relay(let source):
      try await Effect.runRelay(source, on: host)
    }
  }

  /// Awaits a task started for a cancellable part: its errors are this effect's errors, and
  /// its cancellation by id ends that part only.
  @inlinable
  static func join(_ child: Task<Void, any Error>) async throws {
    do {
      try await withTaskCancellationHandler {
        try await child.value
      } onCancel: {
        child.cancel()
      }
    } catch is CancellationError where !Task.isCancelled {
      // Cancelled by id: this part is over, and what follows it in a `.concat` goes on.
    }
  }
}
