import Reactors
import StandupsCore
import Synchronization

/// Knows when the store has finished what the person did, so that quitting never cuts a save
/// short: the persistence middleware saves synchronously, on whichever thread processes the
/// action (a meeting's tick, say), and the screen can show a change before that middleware has
/// run. Quitting waits until ``isSettled``.
///
/// Its action middleware, first to see each action, counts it in; its middleware, last to run
/// after each reduce (after the persistence middleware), counts it out. The keys' actions are
/// also listed from the moment they are dispatched until the action middleware sees them, as
/// one dispatched while another thread processes the store's work is queued, not processed,
/// when `dispatch` returns. (A key's action is told from an effect's by equality: the screens
/// send actions that no effect sends.)
final class StoreActivity: Sendable {
  private struct Counts {
    /// Actions between the action middleware and the last middleware.
    var inFlight = 0
    /// The keys' actions dispatched and not yet seen by the action middleware, in order.
    var sent: [AppFeature.Action] = []
  }

  private let counts = Mutex(Counts())

  /// Whether no action is being processed and every key's action has been.
  var isSettled: Bool { counts.withLock { $0.inFlight == 0 && $0.sent.isEmpty } }

  /// Dispatches a key's `action` to `store`, and remembers it until it is processed.
  func dispatch(_ action: AppFeature.Action, to store: Store<AppFeature.State, AppFeature.Action>) {
    counts.withLock { $0.sent.append(action) }
    store.dispatch(action)
  }

  /// The action middleware: put it first.
  var start: ActionMiddleware<AppFeature.State, AppFeature.Action> {
    { _, action in
      self.counts.withLock { counts in
        counts.inFlight += 1
        if counts.sent.first == action { counts.sent.removeFirst() }
      }
      return action
    }
  }

  /// The middleware: put it last.
  var finish: Middleware<AppFeature.State, AppFeature.Action> {
    { _, _ in
      self.counts.withLock { $0.inFlight -= 1 }
      return .none
    }
  }

  /// Returns once ``isSettled``, or after `limit` (a store that never settles, should a
  /// middleware hang, does not keep the program from quitting).
  func settle(within limit: Duration) async {
    let deadline = ContinuousClock.now + limit
    while !isSettled && ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(2))
    }
  }
}
