/// What happened to one screen of a ``StackState``: the actions of a navigation stack feature,
/// which a reducer routes to the screen they name.
///
/// ```swift
/// enum Action {
///   case path(StackAction<Path, PathAction>)
/// }
/// ```
///
/// Each case names its screen by ``StackElementID``, so an action that arrives after its screen
/// was popped finds nothing rather than reaching a newer screen.
public enum StackAction<State, Action> {
  /// An action of the screen with `id`.
  case element(id: StackElementID, action: Action)
  /// The screen with `id` and every screen above it were removed (a back button, a swipe, or a
  /// path written by `NavigationStack`): ``StackState/pop(from:)``.
  case popFrom(id: StackElementID)
  /// A screen with the state `state` is pushed under `id`, which the sender took from
  /// ``StackState/nextID``: ``StackState/push(_:id:)``.
  case push(id: StackElementID, state: State)
}

extension StackAction: Sendable where State: Sendable, Action: Sendable {}

extension StackAction: Equatable where State: Equatable, Action: Equatable {}

extension StackAction: Hashable where State: Hashable, Action: Hashable {}

extension StackAction: Codable where State: Codable, Action: Codable {}
