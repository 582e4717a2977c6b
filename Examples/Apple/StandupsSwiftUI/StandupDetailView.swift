import Reactors
import StandupsAppSupport
import StandupsCore
import SwiftUI

/// A standup's screen: "Start meeting", its length and theme, its past meetings (a tap opens
/// one, a swipe deletes it), its attendees, "Delete" (after the alert asks), and "Edit" with its
/// sheet. The detail under `id` of the stack; empty once it was popped.
struct StandupDetailView: View {
  let model: AppModel
  let id: StackElementID

  var body: some View {
    let standup = model.read(\.path[id: id]?.detail?.standup)
    List {
      if let standup {
        Section("Standup info") {
          Button("Start meeting") { send(.startMeetingButtonTapped) }
          LabeledContent("Length", value: standup.duration.minutesAndSeconds)
          LabeledContent("Theme", value: standup.theme.name)
        }
        Section("Past meetings") {
          ForEach(standup.meetings) { meeting in
            Button(meeting.dateText) { send(.meetingTapped(meeting.id)) }
          }
          .onDelete { send(.deleteMeetings(atOffsets: Array($0))) }
        }
        Section("Attendees") {
          ForEach(standup.attendees) { attendee in
            Text(attendee.name)
          }
        }
        Section {
          Button("Delete", role: .destructive) { send(.deleteButtonTapped) }
        }
      }
    }
    .navigationTitle(standup?.title ?? "")
    .toolbar {
      ToolbarItem(placement: .primaryAction) {
        Button("Edit") { send(.editButtonTapped) }
      }
    }
    .alert(
      model.alertBinding(\.path[id: id]?.detail?.alert, action: { [id] in .detail(id, .alert($0)) })
    )
    .sheet(editSheetPresentation) { _ in editSheet(title: standup?.title ?? "") }
  }

  /// Presents the edit sheet while the detail's state holds its form; a swipe down sends
  /// `.editSheet(.dismiss)`.
  private var editSheetPresentation: PresentationBinding<FormSheet> {
    model.presentationBinding(
      \.path[id: id]?.detail?.editSheet?.sheet, action: { [id] in .detail(id, .editSheet($0)) })
  }

  /// The edit sheet: the form, with "Cancel" and "Done".
  private func editSheet(title: String) -> some View {
    NavigationStack {
      StandupFormView(
        model: model, form: \.path[id: id]?.detail?.editSheet,
        embed: { [id] in .detail(id, .editSheet(.presented($0))) }
      )
      .navigationTitle(title)
      .toolbar {
        ToolbarItem(placement: .cancellationAction) {
          Button("Cancel") { send(.cancelEditButtonTapped) }
        }
        ToolbarItem(placement: .confirmationAction) {
          Button("Done") { send(.doneEditingButtonTapped) }
        }
      }
    }
  }

  /// Sends an action of this detail.
  private func send(_ action: StandupDetail.Action) { model.send(.detail(id, action)) }
}
