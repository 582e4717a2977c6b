import Foundation
import Reactors

/// The form that edits a standup: its title, length, theme and attendees. Shown in the list's
/// "add" sheet and the detail's "edit" sheet; the screen that shows it decides what "done"
/// does with ``State/standup``.
///
/// **A standup always has an attendee here**: deleting the last one leaves a blank one in its
/// place, as SyncUps does.
public enum StandupForm {
  /// Which field has the keyboard.
  public enum Field: Codable, Hashable, Sendable {
    /// The title.
    case title
    /// The name of this attendee.
    case attendee(Attendee.ID)
  }

  /// The standup being edited, and the focused field.
  public struct State: Codable, Equatable, Sendable {
    /// The standup as edited so far.
    public var standup: Standup
    /// The field with the keyboard; the title when the form opens.
    public var focus: Field?

    /// A form editing `standup`. A standup with no attendees gets a blank one, whose id is the
    /// standup's (any id unique among its attendees would do; this one needs no generator, so
    /// a replay makes the same).
    public init(standup: Standup, focus: Field? = .title) {
      var standup = standup
      if standup.attendees.isEmpty { standup.attendees.append(Attendee(id: standup.id)) }
      self.standup = standup
      self.focus = focus
    }
  }

  /// What a person does with the form.
  public enum Action: Codable, Equatable, Sendable {
    /// Typed a title.
    case setTitle(String)
    /// Chose a length (whole seconds are kept; SyncUps offers 5 to 30 minutes).
    case setDuration(Duration)
    /// Chose a theme.
    case setTheme(Theme)
    /// Typed a name for the attendee `id`.
    case renameAttendee(id: Attendee.ID, name: String)
    /// Tapped "New attendee": the middleware makes an id and sends ``attendeeAdded(_:)``.
    case addAttendeeButtonTapped
    /// A blank attendee with this id joins the end of the list, focused.
    case attendeeAdded(Attendee.ID)
    /// Deleted the attendees at these positions (a swipe).
    case deleteAttendees(atOffsets: [Int])
    /// The keyboard moved (or went).
    case setFocus(Field?)
  }

  /// The form's reducer.
  public static let reducer: MutatingReducer<State, Action> = { state, action in
    switch action {
    case .setTitle(let title):
      state.standup.title = title
    case .setDuration(let duration):
      state.standup.duration = duration
    case .setTheme(let theme):
      state.standup.theme = theme
    case .renameAttendee(let id, let name):
      state.standup.attendees[id: id]?.name = name
    case .addAttendeeButtonTapped:
      break
    case .attendeeAdded(let id):
      guard state.standup.attendees.append(Attendee(id: id)) else { return }
      state.focus = .attendee(id)
    case .deleteAttendees(let offsets):
      deleteAttendees(at: offsets, in: &state)
    case .setFocus(let focus):
      state.focus = focus
    }
  }

  /// Removes the attendees at `offsets` and focuses the one now at the first of them (or the
  /// last); when none would be left, keeps the first of them, blank.
  private static func deleteAttendees(at offsets: [Int], in state: inout State) {
    let attendees = state.standup.attendees
    let valid = Set(offsets.filter { attendees.indices.contains($0) })
    guard let first = valid.min() else { return }
    if valid.count == attendees.count {
      state.standup.attendees = [Attendee(id: attendees[first].id)]
      state.focus = .attendee(attendees[first].id)
      return
    }
    for offset in valid.sorted(by: >) { state.standup.attendees.remove(at: offset) }
    let focused = min(first, state.standup.attendees.count - 1)
    state.focus = .attendee(state.standup.attendees[focused].id)
  }

  /// The form's effects: an id for each new attendee.
  public static func middleware(dependencies: Dependencies) -> Middleware<State, Action> {
    let uuid = dependencies.uuid
    return { _, action in
      guard case .addAttendeeButtonTapped = action else { return .none }
      return .just(.attendeeAdded(uuid()))
    }
  }
}
