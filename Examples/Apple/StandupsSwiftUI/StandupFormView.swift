import Reactors
import StandupsAppSupport
import StandupsCore
import SwiftUI

/// The form that edits a standup: its title, length, theme and attendees. Shown in the list's
/// "New standup" sheet and the detail's edit sheet, which say where its state lies (`form`) and
/// how its actions reach the store (`embed`); the screen around it owns "Cancel" and "Done".
///
/// Each control reads the form's state and sends an action when edited: the text typed is the
/// state's as soon as the store has reduced it, never a copy kept by the view.
struct StandupFormView: View {
  let model: AppModel
  /// Where the form's state lies; `nil` once the sheet is closing.
  let form: KeyPath<AppFeature.State, StandupForm.State?> & Sendable
  /// A form action as the app's.
  let embed: @Sendable (StandupForm.Action) -> AppFeature.Action

  var body: some View {
    let standup = model.read(form)?.standup
    Form {
      Section("Standup info") {
        TextField("Title", text: binding(\.title, default: "", send: StandupForm.Action.setTitle))
        Stepper(
          "Length: \(standup?.duration.minutesAndSeconds ?? "")",
          value: binding(\.minutes, default: 5) { .setDuration(.seconds($0 * 60)) }, in: 1...60)
        Picker("Theme", selection: binding(\.theme, default: .bubblegum, send: { .setTheme($0) })) {
          ForEach(Theme.allCases) { theme in
            Text(theme.name).tag(theme)
          }
        }
      }
      Section("Attendees") {
        ForEach(standup?.attendees ?? []) { attendee in
          TextField("Name", text: name(of: attendee.id))
        }
        .onDelete { send(.deleteAttendees(atOffsets: Array($0))) }
        Button("New attendee") { send(.addAttendeeButtonTapped) }
      }
    }
  }

  /// Sends an action of the form.
  private func send(_ action: StandupForm.Action) { model.send(embed(action)) }

  /// A control's binding to a value of the standup: reads it from the form's state (`fallback`
  /// while the sheet closes), and sends `action` with each value the control writes.
  private func binding<Value: Sendable>(
    _ value: KeyPath<Standup, Value> & Sendable, default fallback: Value,
    send action: @escaping @Sendable (Value) -> StandupForm.Action
  ) -> Binding<Value> {
    Binding(
      get: { @MainActor [model, form] in model.read(form)?.standup[keyPath: value] ?? fallback },
      set: { @MainActor [model, embed] newValue in model.send(embed(action(newValue))) })
  }

  /// The binding of an attendee's name field.
  private func name(of id: Attendee.ID) -> Binding<String> {
    Binding(
      get: { @MainActor [model, form] in model.read(form)?.standup.attendees[id: id]?.name ?? "" },
      set: { @MainActor [model, embed] name in
        model.send(embed(.renameAttendee(id: id, name: name)))
      })
  }
}
