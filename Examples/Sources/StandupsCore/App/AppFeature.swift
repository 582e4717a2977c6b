import Foundation
import Reactors

/// The whole app: the list at the root, a navigation stack of details, meetings being held and
/// past meetings above it, and an alert for what went wrong (a link that cannot be opened, a
/// save that failed).
///
/// Make its store with ``launch(dependencies:)`` (which loads the standups) or
/// ``store(initial:dependencies:)``. The app reducer composes the screens with the library's
/// combinators and acts on what they tell it: a detail's delete (remove the standup, close the
/// screen), edit (keep the new version), start (open the meeting), a meeting's save (add it to
/// the history, close the screen). The middleware saves the standups whenever they change
/// (``persistence(_:lastSaved:)``) and opens deep links (``deepLinks(uuid:)``).
public enum AppFeature {
  /// A screen of the navigation stack.
  public enum Path: Codable, Equatable, Sendable {
    /// A standup's detail.
    case detail(StandupDetail.State)
    /// A meeting being held.
    case record(RecordMeeting.State)
    /// A past meeting.
    case meeting(PastMeeting.State)
  }

  /// An action of a screen of the stack.
  public enum PathAction: Codable, Equatable, Sendable {
    /// An action of a detail.
    case detail(StandupDetail.Action)
    /// An action of a meeting being held. (A past meeting is read only: it has none.)
    case record(RecordMeeting.Action)
  }

  /// The buttons of the app's alert: only "OK", which dismisses.
  public enum Alert: Equatable, Sendable {}

  /// The one state tree.
  public struct State: Codable, Equatable, Sendable {
    /// The root screen, which holds every standup.
    public var list: StandupsList.State
    /// The screens pushed above the list, bottom first.
    public var path: StackState<Path>
    /// What went wrong, while shown.
    public var alert: AlertState<Alert>?

    /// The app at its list, unless told otherwise.
    public init(
      list: StandupsList.State = StandupsList.State(), path: StackState<Path> = [],
      alert: AlertState<Alert>? = nil
    ) {
      self.list = list
      self.path = path
      self.alert = alert
    }
  }

  /// Everything that can happen in the app.
  public enum Action: Codable, Equatable, Sendable {
    /// An action of the list.
    case list(StandupsList.Action)
    /// A screen of the stack acted, was pushed, or was popped (the back button).
    case path(StackAction<Path, PathAction>)
    /// The alert was dismissed.
    case alert(PresentationAction<Alert>)
    /// Open this link (see ``deepLinks(uuid:)``): the middleware answers with
    /// ``deepLinkOpened(_:)`` or ``deepLinkFailed(_:)``.
    case openDeepLink(String)
    /// The state a link named, which replaces the state whole.
    case deepLinkOpened(State)
    /// The link could not be opened: the alert says why; nothing else changes.
    case deepLinkFailed(DeepLinkError)
    /// Saving the standups failed: the alert says why (they are saved with the next change).
    case saveFailed(String)
  }

  /// The app's reducer: the list, each screen of the stack, the alert, and the app's own
  /// reactions to what the screens tell it.
  public static let reducer: MutatingReducer<State, Action> = combineReducers(
    pullback(
      StandupsList.reducer, state: \State.list,
      action: { if case .list(let action) = $0 { action } else { nil } }),
    forEach(
      pathReducer, stack: \State.path,
      action: { if case .path(let action) = $0 { action } else { nil } }),
    ifLet(
      { (_: inout AlertState<Alert>, _: Alert) in }, presented: \State.alert,
      action: { if case .alert(let action) = $0 { action } else { nil } }),
    reduceApp)

  /// What the app does with its screens' outcomes.
  private static let reduceApp: MutatingReducer<State, Action> = { state, action in
    switch action {
    case .list(.standupTapped(let id)):
      guard let standup = state.list.standups[id: id] else { return }
      state.path.push(.detail(StandupDetail.State(standup: standup)))
    case .path(.element(let screen, .detail(.delegate(let delegate)))):
      switch delegate {
      case .deleteStandup(let id):
        state.list.standups.remove(id: id)
        state.path.pop(from: screen)
      case .standupUpdated(let standup):
        guard state.list.standups.contains(id: standup.id) else { return }
        state.list.standups[id: standup.id] = standup
      case .startMeeting(let standup):
        state.path.push(.record(RecordMeeting.State(standup: standup)))
      }
    case .path(.element(let screen, .detail(.meetingTapped(let id)))):
      guard let standup = state.path[id: screen]?.detail?.standup,
        let meeting = standup.meetings[id: id]
      else { return }
      state.path.push(.meeting(PastMeeting.State(meeting: meeting, standup: standup)))
    case .path(.element(let screen, .record(.delegate(let delegate)))):
      if case .save(let meeting) = delegate, let record = state.path[id: screen]?.record {
        state.add(meeting, to: record.standup)
      }
      state.path.pop(from: screen)
    case .deepLinkOpened(let opened):
      state = opened
    case .deepLinkFailed(let error):
      state.alert = AlertState(title: "Cannot open the link", message: error.description)
    case .saveFailed(let reason):
      state.alert = AlertState(title: "Not saved", message: reason)
    case .list, .path, .alert, .openDeepLink:
      break
    }
  }

  /// Each screen's reducer, for the screen's own actions.
  static let pathReducer: MutatingReducer<Path, PathAction> = { screen, action in
    switch (screen, action) {
    case (.detail(var detail), .detail(let action)):
      StandupDetail.reducer(&detail, action)
      screen = .detail(detail)
    case (.record(var record), .record(let action)):
      RecordMeeting.reducer(&record, action)
      screen = .record(record)
    default:
      // An action for another kind of screen than the one under its id: nothing to do.
      break
    }
  }
}

extension AppFeature.Alert: Codable {
  /// Fails: the alert has no buttons with actions, so no value of this type exists to decode.
  public init(from decoder: any Decoder) throws {
    throw DecodingError.dataCorrupted(
      DecodingError.Context(
        codingPath: decoder.codingPath,
        debugDescription: "AppFeature.Alert has no values: its alerts' only button dismisses"))
  }

  /// Never called: there is no value to encode.
  public func encode(to encoder: any Encoder) throws {
    switch self {}
  }
}

extension AppFeature.State {
  /// Adds `meeting` at the top of the history of `standup`, in the list and in every detail
  /// of it on the stack.
  mutating func add(_ meeting: Meeting, to standup: Standup) {
    var updated = list.standups[id: standup.id] ?? standup
    updated.meetings.insert(meeting, at: 0)
    if list.standups.contains(id: standup.id) { list.standups[id: standup.id] = updated }
    for id in path.ids {
      path.modify(id: id) { screen in
        guard case .detail(var detail) = screen, detail.standup.id == standup.id else { return }
        detail.standup.meetings = updated.meetings
        screen = .detail(detail)
      }
    }
  }
}
