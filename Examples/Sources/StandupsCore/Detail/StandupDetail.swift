import Foundation
import Reactors

/// A standup's screen: its length, theme, attendees and past meetings; "Edit" (a sheet with the
/// form), "Delete" (after a confirmation), and "Start meeting" (after checking that speech may
/// be transcribed, or with the person's consent to go on without).
///
/// Outcomes that are the app's to act on reach it as ``Action/delegate(_:)``: delete this
/// standup and close the screen, the standup changed, start a meeting. Tapping a past meeting
/// (``Action/meetingTapped(_:)``) is the app's to open, as the stack is.
public enum StandupDetail {
  /// The buttons of the detail's alerts.
  public enum Alert: Codable, Equatable, Sendable {
    /// "Yes" to deleting the standup.
    case confirmDeletion
    /// Start the meeting without a transcript.
    case continueWithoutRecording
    /// Open the settings, to allow speech recognition.
    case openSettings
  }

  /// What the detail tells the app.
  public enum Delegate: Codable, Equatable, Sendable {
    /// Delete the standup with this id, and close this screen.
    case deleteStandup(Standup.ID)
    /// The standup was edited (or lost meetings): keep this version.
    case standupUpdated(Standup)
    /// Open the meeting screen for this standup.
    case startMeeting(Standup)
  }

  /// The standup shown, and what the screen presents.
  public struct State: Codable, Equatable, Sendable {
    /// The standup, as the list has it.
    public var standup: Standup
    /// The "Edit" sheet, while shown.
    public var editSheet: StandupForm.State?
    /// The alert, while shown.
    public var alert: AlertState<Alert>?

    /// The detail of `standup`, presenting nothing unless told.
    public init(
      standup: Standup, editSheet: StandupForm.State? = nil, alert: AlertState<Alert>? = nil
    ) {
      self.standup = standup
      self.editSheet = editSheet
      self.alert = alert
    }
  }

  /// What a person does on the detail, and what its middleware answers.
  public enum Action: Codable, Equatable, Sendable {
    /// Tapped "Edit": the sheet opens with the standup.
    case editButtonTapped
    /// Tapped "Cancel" in the sheet: the edits are dropped.
    case cancelEditButtonTapped
    /// Tapped "Done" in the sheet: the standup becomes the edited one.
    case doneEditingButtonTapped
    /// Something happened in the sheet's form, or the sheet was swiped away.
    case editSheet(PresentationAction<StandupForm.Action>)
    /// Tapped "Delete": asks first.
    case deleteButtonTapped
    /// Deleted the past meetings at these positions (a swipe).
    case deleteMeetings(atOffsets: [Int])
    /// Tapped a past meeting: the app opens it.
    case meetingTapped(Meeting.ID)
    /// Tapped "Start meeting": the middleware reads the speech authorization and sends
    /// ``speechAuthorizationChecked(_:)``.
    case startMeetingButtonTapped
    /// What the speech client said: the meeting starts, or an alert says why it would not be
    /// transcribed.
    case speechAuthorizationChecked(SpeechAuthorization)
    /// Tapped a button of the alert, or dismissed it.
    case alert(PresentationAction<Alert>)
    /// An outcome for the app.
    case delegate(Delegate)
  }

  /// The detail's reducer, its sheet's form and alert included.
  public static let reducer: MutatingReducer<State, Action> = combineReducers(
    ifLet(
      StandupForm.reducer, presented: \State.editSheet,
      action: { if case .editSheet(let action) = $0 { action } else { nil } }),
    ifLet(
      { (_: inout AlertState<Alert>, _: Alert) in }, presented: \State.alert,
      action: { if case .alert(let action) = $0 { action } else { nil } }),
    reduceDetail)

  /// The detail's own actions.
  private static let reduceDetail: MutatingReducer<State, Action> = { state, action in
    switch action {
    case .editButtonTapped:
      state.alert = nil
      state.editSheet = StandupForm.State(standup: state.standup)
    case .cancelEditButtonTapped:
      state.editSheet = nil
    case .doneEditingButtonTapped:
      guard let form = state.editSheet else { return }
      state.standup = form.standup
      state.editSheet = nil
    case .deleteButtonTapped:
      state.editSheet = nil
      state.alert = .deleteStandup
    case .deleteMeetings(let offsets):
      for offset in Set(offsets).sorted(by: >) where state.standup.meetings.indices.contains(offset)
      {
        state.standup.meetings.remove(at: offset)
      }
    case .speechAuthorizationChecked(.denied):
      state.alert = .speechRecognitionDenied
    case .speechAuthorizationChecked(.restricted):
      state.alert = .speechRecognitionRestricted
    case .alert(.presented):
      state.alert = nil
    case .editSheet, .meetingTapped, .startMeetingButtonTapped, .speechAuthorizationChecked,
      .alert(.dismiss), .delegate:
      break
    }
  }

  /// The detail's effects: the speech authorization, the delegates, the settings, and the
  /// form's ids.
  public static func middleware(dependencies: Dependencies) -> Middleware<State, Action> {
    let speech = dependencies.speechClient
    let settings = dependencies.settings
    let form = ifLet(
      middleware: StandupForm.middleware(dependencies: dependencies),
      presented: \State.editSheet,
      action: { if case .editSheet(let action) = $0 { action } else { nil } },
      embed: { Action.editSheet(.presented($0)) })
    return { state, action in
      switch action {
      case .startMeetingButtonTapped:
        return .just(.speechAuthorizationChecked(speech.authorizationStatus()))
      case .speechAuthorizationChecked(.authorized), .speechAuthorizationChecked(.notDetermined),
        .alert(.presented(.continueWithoutRecording)):
        return .just(.delegate(.startMeeting(state.standup)))
      case .alert(.presented(.openSettings)):
        return .run { _ in await settings.open() }
      case .alert(.presented(.confirmDeletion)):
        return .just(.delegate(.deleteStandup(state.standup.id)))
      case .doneEditingButtonTapped, .deleteMeetings:
        return .merge(
          form(state, action), .just(.delegate(.standupUpdated(state.standup))))
      default:
        return form(state, action)
      }
    }
  }
}
