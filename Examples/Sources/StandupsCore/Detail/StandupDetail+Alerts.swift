import Reactors

extension AlertState where Action == StandupDetail.Alert {
  /// "Delete?": confirms deleting the standup.
  public static var deleteStandup: Self {
    AlertState(
      title: "Delete?",
      message: "Are you sure you want to delete this standup and its meetings?",
      buttons: [
        ButtonState(title: "Yes", role: .destructive, action: .confirmDeletion),
        ButtonState(title: "Nevermind", role: .cancel),
      ])
  }

  /// The person denied speech recognition: offers to go on without a transcript, or to
  /// change their mind in the settings.
  public static var speechRecognitionDenied: Self {
    AlertState(
      title: "Speech recognition denied",
      message: "You previously denied speech recognition, so your meeting will not be "
        + "transcribed. You can allow it in the settings, or continue without a transcript.",
      buttons: [
        ButtonState(title: "Continue without recording", action: .continueWithoutRecording),
        ButtonState(title: "Open settings", action: .openSettings),
        ButtonState(title: "Cancel", role: .cancel),
      ])
  }

  /// The device cannot transcribe: offers to go on without a transcript.
  public static var speechRecognitionRestricted: Self {
    AlertState(
      title: "Speech recognition restricted",
      message: "Your device does not support speech recognition, so your meeting will not be "
        + "transcribed.",
      buttons: [
        ButtonState(title: "Continue without recording", action: .continueWithoutRecording),
        ButtonState(title: "Cancel", role: .cancel),
      ])
  }
}
