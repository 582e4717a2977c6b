import Reactors
import StandupsAppSupport
import StandupsCore
import SwiftUI

/// The meeting being held: the time elapsed and left, who speaks, "Next speaker", the
/// transcript, and "End meeting" with its alert. The screen sends ``RecordMeeting/Action/onTask``
/// when it appears (`.task`), which starts the timer and the transcription; they stop when the
/// screen's state goes (the meeting ends, and the app pops it). No back button: the meeting is
/// ended, not left.
struct RecordMeetingView: View {
  let model: AppModel
  let id: StackElementID

  var body: some View {
    let meeting = model.read(\.path[id: id]?.record)
    List {
      if let meeting {
        Section {
          ProgressView(
            value: Double(meeting.secondsElapsed), total: Double(max(1, meeting.standup.seconds)))
          LabeledContent("Elapsed", value: Duration.seconds(meeting.secondsElapsed).clock)
          LabeledContent("Remaining", value: meeting.durationRemaining.clock)
        }
        Section("Speaker") {
          Text(meeting.speakerText)
          Button("Next speaker") { send(.nextButtonTapped) }
        }
        Section("Transcript") {
          Text(meeting.transcript.isEmpty ? "Nothing heard yet." : meeting.transcript)
        }
      }
    }
    .navigationTitle(meeting?.standup.title ?? "")
    .navigationBarBackButtonHidden(true)
    .toolbar {
      ToolbarItem(placement: .cancellationAction) {
        Button("End meeting") { send(.endMeetingButtonTapped) }
      }
    }
    .task { send(.onTask) }
    .alert(
      model.alertBinding(\.path[id: id]?.record?.alert, action: { [id] in .record(id, .alert($0)) })
    )
  }

  /// Sends an action of this meeting.
  private func send(_ action: RecordMeeting.Action) { model.send(.record(id, action)) }

}
