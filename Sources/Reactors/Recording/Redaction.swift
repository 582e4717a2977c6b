/// What a ``Recording`` hides before it keeps a value: secrets in the state, an action or a
/// mutation. It runs on the recorded reactor's processing thread, on the copy the recording
/// takes, so the original value never reaches the recording's buffer.
///
/// Where the mutations are the actions (a ``Store``, whose recorded mutation is the reduced
/// action, and a reactor whose `Mutation` is its `Action`, passing its actions through), an
/// action redaction rewrites each recorded mutation too, before the mutation redactions do:
/// a hidden action stays hidden without a `.mutation` redaction repeating the rule. Where the
/// types differ, only the mutation redactions rewrite mutations. Which applies is decided once,
/// when the recording is made, not at each step.
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

  /// Rewrites each recorded action (for a store: each dispatched action); where `Mutation` is
  /// `Action` (a store: each reduced action), each recorded mutation too.
  public static func action(_ redact: @escaping @Sendable (Action) -> Action) -> Redaction {
    Redaction(state: nil, action: redact, mutation: nil)
  }

  /// Rewrites each recorded mutation (for a store: each reduced action), after the action
  /// redactions where `Mutation` is `Action`.
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

  /// What rewrites a recorded mutation, decided once (a recording keeps it): the action
  /// redactions when `Mutation` is `Action` (a store, a reactor that passes its actions through
  /// as mutations), then the mutation redactions; `nil` when none applies.
  @inlinable
  package func mutationRedaction<Action, Mutation, State>() -> (@Sendable (Mutation) -> Mutation)?
  where Element == Redaction<Action, Mutation, State> {
    var rewrites: [@Sendable (Mutation) -> Mutation] = []
    if Action.self == Mutation.self {
      // The same type at run time: each closure is cast once, here, not at each step.
      for redaction in self {
        if let rewrite = redaction.action as? @Sendable (Mutation) -> Mutation {
          rewrites.append(rewrite)
        }
      }
    }
    for redaction in self {
      if let rewrite = redaction.mutation { rewrites.append(rewrite) }
    }
    switch rewrites.count {
    case 0: return nil
    case 1: return rewrites[0]
    default:
      let all = rewrites
      return { mutation in all.reduce(mutation) { $1($0) } }
    }
  }
}
