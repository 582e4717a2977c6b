/// What a ``Recording`` hides before it keeps a value: secrets in the state, an action or a
/// mutation. It runs on the recorded reactor's processing thread, on the copy the recording
/// takes, so the original value never reaches the recording's buffer.
///
/// ```swift
/// let recording = Recording(of: login, named: "login", redacting: [
///   .state(\.password, as: ""),
///   .action { action in
///     guard case .typed(.password) = action else { return action }
///     return .typed(.password(""))
///   },
/// ])
/// ```
public struct Redaction<Action: Sendable, Mutation: Sendable, State: Sendable>: Sendable {
  @usableFromInline let state: (@Sendable (inout State) -> Void)?
  @usableFromInline let action: (@Sendable (Action) -> Action)?
  @usableFromInline let mutation: (@Sendable (Mutation) -> Mutation)?

  /// Replaces the value at `keyPath` in every recorded state with `placeholder`.
  public static func state<Value: Sendable>(
    _ keyPath: WritableKeyPath<State, Value> & Sendable, as placeholder: Value
  ) -> Redaction {
    Redaction(state: { $0[keyPath: keyPath] = placeholder }, action: nil, mutation: nil)
  }

  /// Rewrites each recorded state: for what a key path cannot reach (every element of a
  /// collection, a case's payload).
  public static func state(_ redact: @escaping @Sendable (inout State) -> Void) -> Redaction {
    Redaction(state: redact, action: nil, mutation: nil)
  }

  /// Rewrites each recorded action (for a store: each dispatched action).
  public static func action(_ redact: @escaping @Sendable (Action) -> Action) -> Redaction {
    Redaction(state: nil, action: redact, mutation: nil)
  }

  /// Rewrites each recorded mutation (for a store: each reduced action).
  public static func mutation(_ redact: @escaping @Sendable (Mutation) -> Mutation) -> Redaction {
    Redaction(state: nil, action: nil, mutation: redact)
  }
}

extension Array {
  /// `state` with every state redaction of these applied.
  @inlinable package func redacted<Action, Mutation, State>(_ state: State) -> State
  where Element == Redaction<Action, Mutation, State> {
    var state = state
    for redaction in self { redaction.state?(&state) }
    return state
  }

  /// `action` with every action redaction of these applied.
  @inlinable package func redacted<Action, Mutation, State>(action: Action) -> Action
  where Element == Redaction<Action, Mutation, State> {
    reduce(action) { $1.action?($0) ?? $0 }
  }

  /// `mutation` with every mutation redaction of these applied.
  @inlinable package func redacted<Action, Mutation, State>(mutation: Mutation) -> Mutation
  where Element == Redaction<Action, Mutation, State> {
    reduce(mutation) { $1.mutation?($0) ?? $0 }
  }
}
