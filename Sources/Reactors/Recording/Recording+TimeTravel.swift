extension Recording {
  /// Shows the recorded reactor's observers (its views, its view models) the state as it was
  /// at step `index`: the state that step made, or, for a step that made none (an input, an
  /// effect's start), the latest state before it. The reactor holds the work that arrives
  /// meanwhile, in order, and runs nothing again; ``returnToLive()`` shows the live state and
  /// processes what was held. Travel again to show another step.
  ///
  /// ```swift
  /// let recording = Recording(of: search, named: "search")
  /// // … the user types …
  /// try recording.travel(to: 3)  // the screen goes back to step 3
  /// recording.returnToLive()     // and forward again, with what the user did meanwhile
  /// ```
  ///
  /// Thread rules: from any thread; the travel happens in the reactor's work order, after the
  /// work queued before it. While a past state is shown, `currentState` returns it too. A
  /// redacted state is shown as it was recorded, redacted.
  ///
  /// - Throws: ``TimeTravelError`` when the recording keeps no state for that step (a
  ///   recording that only writes a file keeps none in memory) or is attached to no reactor.
  public func travel(to index: Int) throws {
    guard let traveler else { throw TimeTravelError.notAttached(recording: name) }
    guard let state = state(at: index)?.state else {
      throw TimeTravelError.noState(
        recording: name, index: index, keepsSteps: keepsSteps, count: withSteps { $0.count })
    }
    traveler(state)
  }

  /// The state at step `index`: the one that step made, or the latest before it, with the
  /// index of the step that made it; `nil` when none is kept there (or, for a recording that
  /// keeps a state every few mutations, when its reactor is gone). A state the steps do not
  /// hold is made again, outside the lock, from the nearest one before with `reduce`; a
  /// recording read from a file has no `reduce`, and gives the nearest one before, and where
  /// it was made. For the package's other targets.
  package func state(at index: Int) -> (state: State, madeAt: Int)? {
    let found = withSteps { steps -> (State, keptAt: Int, madeAt: Int, [Mutation])? in
      // The first step after `index`, then back to one that holds a state, taking the
      // mutations after it.
      var low = 0
      var high = steps.count
      while low < high {
        let middle = (low + high) / 2
        if steps[middle].index <= index { low = middle + 1 } else { high = middle }
      }
      var mutations: [Mutation] = []
      var madeAt: Int?
      while low > 0 {
        low -= 1
        let step = steps[low]
        if let state = step.state {
          return (state, step.index, madeAt ?? step.index, mutations.reversed())
        }
        if case .mutation(let mutation) = step.kind {
          mutations.append(mutation)
          madeAt = madeAt ?? step.index
        }
      }
      return nil
    }
    guard case (var state, let keptAt, let madeAt, let mutations)? = found else { return nil }
    guard !mutations.isEmpty else { return (state, madeAt) }
    guard let reducer else { return (state, keptAt) }
    for mutation in mutations {
      guard reducer(&state, mutation) else { return nil }
    }
    return (state, madeAt)
  }

  /// Whether a redaction rewrites the mutations kept (reduced again, they would not make the
  /// states recorded). For the package's other targets.
  package var redactsMutations: Bool { redactMutation != nil }

  /// `state` after `mutations`, each reduced as the recorded reactor reduces it (nothing else
  /// runs: no `mutate`, no effect, no observer); `nil` when the recording has no `reduce` (it
  /// was read from a file) or its reactor is gone. For the package's other targets.
  package func reduced(_ state: State, with mutations: some Sequence<Mutation>) -> State? {
    guard let reducer else { return nil }
    var state = state
    for mutation in mutations {
      guard reducer(&state, mutation) else { return nil }
    }
    return state
  }

  /// Runs `body` with the steps kept, under the recording's lock: the steps are not copied
  /// (an array kept past the lock would make the next step copy every step). Keep `body`
  /// short: the reactor waits for it to record its next step. For the package's other targets.
  package func withSteps<Result>(_ body: (borrowing [Step]) -> Result) -> Result {
    buffer.withLock { body($0.steps) }
  }

  /// Shows the reactor's observers its live state again, and processes the work it held
  /// while a past state was shown, in order (see ``travel(to:)``); nothing when it shows its
  /// live state already.
  public func returnToLive() {
    traveler?(nil)
  }
}

/// Why ``Recording/travel(to:)`` could not show a step's state, and how to fix it.
public enum TimeTravelError: Error, Equatable, CustomStringConvertible {
  /// The recording holds no state at or before step `index`.
  case noState(recording: String, index: Int, keepsSteps: Bool, count: Int)
  /// The recording was read from a file: there is no reactor to show a state to.
  case notAttached(recording: String)

  /// What went wrong and what to do.
  public var description: String {
    switch self {
    case .noState(let recording, let index, let keepsSteps, let count):
      guard keepsSteps else {
        return "\(recording) keeps no step in memory (it only writes its file), so it has no "
          + "state to show for step \(index). Record with `keepingSteps: true` to travel."
      }
      return "\(recording) has no state at or before step \(index) (it keeps \(count) steps). "
        + "Travel to a step it has: 0..<\(count)."
    case .notAttached(let recording):
      return "\(recording) was read from a file and shows its states to no reactor. Replay it "
        + "on a reactor, or travel in the recording attached to the running one."
    }
  }
}
