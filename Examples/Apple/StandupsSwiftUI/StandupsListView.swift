import Reactors
import StandupsAppSupport
import StandupsCore
import SwiftUI

/// The first screen: every standup (a tap opens its detail, a swipe deletes it), "Add" and its
/// "New standup" sheet, and the alert shown when the file could not be read.
struct StandupsListView: View {
  let model: AppModel

  var body: some View {
    List {
      ForEach(model.read(\.list.standups)) { standup in
        Button {
          send(.standupTapped(standup.id))
        } label: {
          LabeledContent(standup.title, value: standup.summary)
        }
      }
      .onDelete { send(.deleteStandups(atOffsets: Array($0))) }
    }
    .navigationTitle("Daily Standups")
    .toolbar {
      ToolbarItem(placement: .primaryAction) {
        Button("Add") { send(.addButtonTapped) }
      }
    }
    .sheet(addSheetPresentation) { _ in addSheet }
    .alert(model.alertBinding(\.list.alert, action: { .list(.alert($0)) }))
  }

  /// Presents the "New standup" sheet while the list's state holds its form; a swipe down
  /// sends `.addSheet(.dismiss)`.
  private var addSheetPresentation: PresentationBinding<FormSheet> {
    model.presentationBinding(\.list.addSheet?.sheet, action: { .list(.addSheet($0)) })
  }

  /// The "New standup" sheet: the form, with "Dismiss" and "Add".
  private var addSheet: some View {
    NavigationStack {
      StandupFormView(
        model: model, form: \.list.addSheet, embed: { .list(.addSheet(.presented($0))) }
      )
      .navigationTitle("New standup")
      .toolbar {
        ToolbarItem(placement: .cancellationAction) {
          Button("Dismiss") { send(.dismissAddButtonTapped) }
        }
        ToolbarItem(placement: .confirmationAction) {
          Button("Add") { send(.confirmAddButtonTapped) }
        }
      }
    }
  }

  /// Sends an action of the list.
  private func send(_ action: StandupsList.Action) { model.send(.list(action)) }
}
