import Reactors
import StandupsCore

/// What the program keeps beside the app's state, as a view keeps a half-typed line: the
/// meeting number being chosen after `m`, the line being said after `t`, and a note about the
/// last key. It belongs to the screen on top when it was set, and is forgotten once another
/// screen is on top (a meeting that ran out takes its half-typed line with it).
struct LocalState: Equatable, Sendable {
  /// The stack id of the screen on top when this was set; `nil` for the list.
  var top: StackElementID?
  /// `m` was pressed on a detail: the next digit opens that past meeting.
  var choosingMeeting = false
  /// The line being typed after `t` in a meeting, until Enter says it.
  var saying: String?
  /// A sentence about the last key, such as "There is no standup 7."
  var note: String?

  /// This, if it belongs to the screen on top of `state`; else nothing, for that screen.
  func current(in state: AppFeature.State) -> LocalState {
    top == state.path.ids.last ? self : LocalState(top: state.path.ids.last)
  }
}

/// What a key asks the program to do.
enum Command: Equatable, Sendable {
  /// Dispatch this action to the store.
  case send(AppFeature.Action)
  /// This line was said in the meeting: the speech client hears it.
  case say(String)
  /// Leave the program.
  case quit
}

/// The keys of an alert's buttons: each button's first letter not taken by a button before it
/// (then its next letters, then a digit), so that "Continue" and "Cancel" get `c` and `a`.
enum AlertKeys {
  /// Each button with its key, in order.
  static func keys<Action>(
    _ alert: AlertState<Action>
  ) -> [(key: Character, button: ButtonState<Action>)] {
    var taken: Set<Character> = []
    var keys: [(key: Character, button: ButtonState<Action>)] = []
    for (index, button) in alert.effectiveButtons.enumerated() {
      let letters = button.title.lowercased().filter { $0.isLetter || $0.isNumber }
      let fallback = Character(String(index + 1))
      let key = letters.first { !taken.contains($0) } ?? fallback
      taken.insert(key)
      keys.append((key, button))
    }
    return keys
  }

  /// What `key` does to `alert`: a button's action, or a dismissal (Esc, or a button with no
  /// action); `nil` for a key no button has.
  static func action<A>(_ alert: AlertState<A>, _ key: Key) -> PresentationAction<A>? {
    if key == .escape { return .dismiss }
    guard case .character(let typed) = key,
      let lower = typed.lowercased().first,
      let button = keys(alert).first(where: { $0.key == lower })?.button
    else { return nil }
    return button.action.map { .presented($0) } ?? .dismiss
  }
}
