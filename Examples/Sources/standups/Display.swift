import ExampleTerminal
import Reactors
import StandupsCore
import Synchronization

/// The screen: the last state the store's observer delivered and the program's
/// ``LocalState``, drawn again whenever either changes. The observer draws from whichever
/// thread reduced the change, the keys' loop from its own; a lock keeps each drawing whole
/// and in order.
final class Display: Sendable {
  private let shown = Mutex<(state: AppFeature.State?, local: LocalState)>((nil, LocalState()))
  private let writer: ScreenWriter
  private let rows: Int
  private let columns: Int
  private let note: String?

  /// A display of `rows` × `columns`, drawing through `writer`, with `note` on its last line.
  init(writer: ScreenWriter, rows: Int, columns: Int, note: String?) {
    self.writer = writer
    self.rows = rows
    self.columns = columns
    self.note = note
  }

  /// Draws `state`: the store's observer calls it with each new state.
  func show(_ state: AppFeature.State) {
    shown.withLock { shown in
      shown.state = state
      draw(shown.state, shown.local)
    }
  }

  /// What `key` asks for on `state` (the store's state now), the local state updated and
  /// drawn when it changed.
  func commands(for key: Key, in state: AppFeature.State) -> [Command] {
    shown.withLock { shown in
      let before = shown.local
      let commands = Input.commands(for: key, in: state, local: &shown.local)
      if shown.local != before { draw(shown.state ?? state, shown.local) }
      return commands
    }
  }

  private func draw(_ state: AppFeature.State?, _ local: LocalState) {
    guard let state else { return }
    writer.write(
      ScreenLayout.render(state, local, rows: rows, columns: columns, note: note))
  }
}

/// Starts each meeting screen once, as SwiftUI's `.task` would: the first time a record screen
/// is in the stack (pushed by "Start meeting", or opened by a deep link), it is sent
/// ``RecordMeeting/Action/onTask``, which starts its timer and its transcription.
final class MeetingStarter: Sendable {
  private let started = Mutex<Set<StackElementID>>([])

  /// Observes `store`'s record screens until the token is cancelled.
  static func observe(_ store: Store<AppFeature.State, AppFeature.Action>) -> ObservationToken {
    let starter = MeetingStarter()
    return store.observe(\.recordScreenIDs) { ids in
      let new = starter.started.withLock { started in
        ids.filter { started.insert($0).inserted }
      }
      for id in new { store.dispatch(.path(.element(id: id, action: .record(.onTask)))) }
    }
  }
}

extension AppFeature.State {
  /// The stack ids of the meetings being held, bottom first.
  var recordScreenIDs: [StackElementID] {
    zip(path.ids, path).compactMap { id, screen in
      if case .record = screen { id } else { nil }
    }
  }
}
