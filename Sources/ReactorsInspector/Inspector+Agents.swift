import Reactors
import ReactorsRecording

extension Inspector {
  /// Shows `recording` (as `inspect(_:)` does), and lets the page (its "send an action" form)
  /// and a coding agent over MCP (the `send_action` tool) send its reactor actions, decoded
  /// from JSON as `Codable` writes them:
  /// `inspector.inspect(recording, sending: { reactor.send($0) })`.
  ///
  /// Off unless the app passes `send`, as time travel is off when the app says so: an agent
  /// with the token may then do what the app's screens do. `send` runs on the inspector's
  /// threads, never the app's main actor: hop there yourself if the reactor asks for it.
  public func inspect<Action: Codable, Mutation: Codable, State: Codable>(
    _ recording: Recording<Action, Mutation, State>,
    sending send: @escaping @Sendable (Action) -> Void
  ) {
    add(recording, access: .of(recording, send: send))
  }

  /// Shows `recording`, and lets a coding agent replay a recording file (a bug report) on a
  /// fresh reactor that `makeReactor` makes, over MCP (the `replay` tool), which answers the
  /// first step where the reactor does something else than the file recorded; and, with
  /// `send`, send the app's reactor actions (see ``inspect(_:sending:)``).
  ///
  /// `makeReactor` runs once a replay, on the inspector's threads; the reactor it makes should
  /// run no effect of its own (a replay injects what the effects emitted).
  public func inspect<R: Reactor>(
    _ recording: Recording<R.Action, R.Mutation, R.State>,
    replayingOn makeReactor: @escaping @Sendable () -> R,
    sending send: (@Sendable (R.Action) -> Void)? = nil
  ) where R.Action: Codable, R.Mutation: Codable, R.State: Codable {
    add(recording, access: AgentAccess.of(recording, send: send).replaying(on: makeReactor))
  }
}
