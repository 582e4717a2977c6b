import Reactors
import Synchronization

extension AppFeature {
  /// The middleware that saves the standups through `database` after each action that changed
  /// them, synchronously and in order, and answers a failure with ``Action/saveFailed(_:)``.
  ///
  /// It compares the standups with the last ones it saved (or tried to: a failed version is not
  /// retried until they change again, when the whole list is saved). Comparing costs nothing
  /// when they did not change, as the two share their storage.
  ///
  /// - Parameters:
  ///   - database: Where they are kept.
  ///   - lastSaved: What `database` holds now.
  public static func persistence(
    _ database: StandupsDatabase, lastSaved: IdentifiedArray<Standup>
  ) -> Middleware<State, Action> {
    let last = LastSaved(lastSaved)
    return { state, _ in
      let standups = state.list.standups
      let changed = last.standups.withLock { last in
        guard last != standups else { return false }
        last = standups
        return true
      }
      guard changed else { return .none }
      do {
        try database.save(standups.array)
        return .none
      } catch {
        return .just(.saveFailed("\(error)"))
      }
    }
  }

  /// The standups last saved, for one store.
  private final class LastSaved: Sendable {
    let standups: Mutex<IdentifiedArray<Standup>>
    init(_ standups: IdentifiedArray<Standup>) { self.standups = Mutex(standups) }
  }
}
