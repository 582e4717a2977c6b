import Reactors
import StandupsAppSupport
import StandupsCore
import SwiftUI

/// A past meeting, read only: when it was held and its transcript. The stack's back button is
/// its only way out.
struct PastMeetingView: View {
  let model: AppModel
  let id: StackElementID

  var body: some View {
    let screen = model.read(\.path[id: id]?.meeting)
    List {
      if let screen {
        Section(screen.standup.title) {
          Text(screen.transcriptText)
        }
      }
    }
    .navigationTitle(screen?.meeting.dateText ?? "")
  }
}
