import Foundation
import Reactors

/// The meeting being held: a timer that moves from speaker to speaker (each gets the standup's
/// length ÷ its attendees), "Next speaker", "End meeting", and the transcript the speech
/// client hears.
///
/// Show the screen by sending ``Action/onTask`` once (SwiftUI's `.task`): the timer ticks once
/// a second on the injected clock, and the transcript grows, for as long as the screen's state
/// exists. When time is up, or the person ends the meeting early and saves it, the screen
/// tells the app ``Delegate/save(_:)``; discarding tells it ``Delegate/discard``. Either way
/// its timer and transcription stop.
public enum RecordMeeting {
  /// The buttons of the meeting's alerts.
  public enum Alert: Codable, Equatable, Sendable {
    /// "Save and end": keep the meeting and close the screen.
    case confirmSave
    /// "Discard": drop the meeting and close the screen.
    case confirmDiscard
  }

  /// What the meeting tells the app.
  public enum Delegate: Codable, Equatable, Sendable {
    /// Add this meeting to the standup's history, and close the screen.
    case save(Meeting)
    /// Close the screen; the meeting is not kept.
    case discard
  }

  /// The meeting so far.
  public struct State: Codable, Equatable, Sendable {
    /// The standup being held.
    public var standup: Standup
    /// Seconds since the meeting started (a tick while an alert is shown does not count).
    public var secondsElapsed: Int
    /// Who speaks now: a position in the standup's attendees.
    public var speakerIndex: Int
    /// What was heard so far.
    public var transcript: String
    /// The alert, while shown.
    public var alert: AlertState<Alert>?

    /// A meeting of `standup`, at its start unless told.
    public init(
      standup: Standup, secondsElapsed: Int = 0, speakerIndex: Int = 0, transcript: String = "",
      alert: AlertState<Alert>? = nil
    ) {
      self.standup = standup
      self.secondsElapsed = secondsElapsed
      self.speakerIndex = speakerIndex
      self.transcript = transcript
      self.alert = alert
    }

    /// The time left (never negative).
    public var durationRemaining: Duration {
      .seconds(max(0, standup.seconds - secondsElapsed))
    }

    /// The speaker now, or `nil` when the standup has no attendees.
    public var speaker: Attendee? {
      standup.attendees.indices.contains(speakerIndex) ? standup.attendees[speakerIndex] : nil
    }

    /// Whether the speaker now is the last.
    public var isLastSpeaker: Bool { speakerIndex >= standup.attendees.count - 1 }
  }

  /// What happens during a meeting.
  public enum Action: Codable, Equatable, Sendable {
    /// The screen appeared: starts the timer and, when allowed, the transcription.
    case onTask
    /// A second passed.
    case timerTick
    /// Tapped "Next speaker"; on the last speaker, asks whether to end the meeting.
    case nextButtonTapped
    /// Tapped "End meeting": asks whether to save or discard it.
    case endMeetingButtonTapped
    /// The speech client heard this (the whole transcript so far).
    case speechResult(String)
    /// Speech recognition failed: the transcript stops, and an alert says so.
    case speechFailure
    /// Tapped a button of the alert, or dismissed it (which resumes the meeting).
    case alert(PresentationAction<Alert>)
    /// An outcome for the app.
    case delegate(Delegate)
  }

  /// The meeting's reducer, its alert included.
  public static let reducer: MutatingReducer<State, Action> = combineReducers(
    ifLet(
      { (_: inout AlertState<Alert>, _: Alert) in }, presented: \State.alert,
      action: { if case .alert(let action) = $0 { action } else { nil } }),
    reduceMeeting)

  /// The meeting's own actions.
  private static let reduceMeeting: MutatingReducer<State, Action> = { state, action in
    switch action {
    case .timerTick:
      // Time stands still while an alert asks something. Past the end (a tick already on its
      // way when the meeting ended) the count goes on, so that "time is up" is seen once.
      guard state.alert == nil else { return }
      state.secondsElapsed += 1
      let perAttendee = state.standup.secondsPerAttendee
      if state.secondsElapsed < state.standup.seconds,
        state.secondsElapsed.isMultiple(of: perAttendee), !state.isLastSpeaker
      {
        state.speakerIndex += 1
      }
    case .nextButtonTapped:
      guard !state.isLastSpeaker else {
        state.alert = .endMeeting(isDiscardable: false)
        return
      }
      state.speakerIndex += 1
      // Never past the last second: with more attendees than seconds (each gets one), the
      // count would pass the end, and no tick would bring the meeting to it.
      state.secondsElapsed = min(
        state.speakerIndex * state.standup.secondsPerAttendee,
        max(state.standup.seconds - 1, 0))
    case .endMeetingButtonTapped:
      state.alert = .endMeeting(isDiscardable: true)
    case .speechResult(let transcript):
      state.transcript = transcript
    case .speechFailure:
      if !state.transcript.isEmpty { state.transcript += " ❌" }
      state.alert = .speechRecognizerFailed
    case .alert(.presented):
      state.alert = nil
    case .onTask, .alert(.dismiss), .delegate:
      break
    }
  }
}

extension RecordMeeting.State {
  /// Whether the last tick brought the meeting to its end.
  var isTimeUp: Bool { secondsElapsed == standup.seconds }
}

extension AlertState where Action == RecordMeeting.Alert {
  /// "End meeting?": save it, discard it (when `isDiscardable`), or resume.
  public static func endMeeting(isDiscardable: Bool) -> Self {
    AlertState(
      title: "End meeting?",
      message: "You are ending the meeting early. What would you like to do?",
      buttons: [ButtonState(title: "Save and end", action: .confirmSave)]
        + (isDiscardable
          ? [ButtonState(title: "Discard", role: .destructive, action: .confirmDiscard)] : [])
        + [ButtonState(title: "Resume", role: .cancel)])
  }

  /// Speech recognition stopped: go on without it, or discard the meeting.
  public static var speechRecognizerFailed: Self {
    AlertState(
      title: "Speech recognition failure",
      message: "The speech recognizer failed, so the rest of your meeting will not be "
        + "transcribed. What would you like to do?",
      buttons: [
        ButtonState(title: "Continue meeting", role: .cancel),
        ButtonState(title: "Discard meeting", role: .destructive, action: .confirmDiscard),
      ])
  }
}
