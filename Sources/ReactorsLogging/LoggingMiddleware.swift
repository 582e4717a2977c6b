import CustomDump
import Logging
import Reactors

extension Store {
  /// A middleware that logs every action and what it changed in the state, as a diff: add it
  /// to the store's middlewares to turn logging on; leave it out and nothing is logged.
  ///
  /// ```swift
  /// let store = AppStore(
  ///   initial: AppState(), reducer: appReducer,
  ///   middlewares: [appMiddleware, AppStore.logging()]  // the one line that turns it on
  /// )
  /// // info: received loginAction(.login(id: "kim", password: "secret"))
  /// //   AppState(
  /// //     loginState: AppState.LoginState(
  /// // -     isLoggingIn: false,
  /// // +     isLoggingIn: true,
  /// ```
  ///
  /// A middleware sees only the state after each action, so this one remembers the state it
  /// saw last: for the first action it logs the whole state, then diffs. An action that
  /// changed nothing is logged as "(no state change)". It returns `.none`: it never dispatches.
  ///
  /// - Parameters:
  ///   - logger: Where the lines go; by default a logger labelled `Reactors.Store`.
  ///   - level: The level of every line; `.info` by default.
  public static func logging(
    to logger: Logger = Logger(label: "Reactors.Store"), level: Logger.Level = .info
  ) -> Middleware<State, Action> {
    let lastSeen = Locked<State?>(nil)
    return { state, action in
      let previous = lastSeen.withLock { last in
        defer { last = state }
        return last
      }
      let change: String
      if let previous {
        change = diff(previous, state) ?? "(no state change)"
      } else {
        change = String(customDumping: state)
      }
      var actionText = ""
      customDump(action, to: &actionText)
      logger.log(level: level, "received \(actionText)\n\(change)")
      return .none
    }
  }
}
