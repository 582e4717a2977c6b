import Foundation
import Reactors
import Testing

extension NavigationTests {
  @Suite struct AlertStateTests {
    enum AlertAction: Hashable, Sendable { case delete, archive }

    @Test func anAlertWithNoButtonsImpliesOneOKThatDismisses() {
      let alert = AlertState<AlertAction>(title: "Saved")
      #expect(alert.buttons.isEmpty)
      #expect(alert.effectiveButtons == [ButtonState(title: "OK", role: .cancel)])
      #expect(alert.effectiveButtons[0].action == nil)
    }

    @Test func anAlertWithButtonsShowsThem() {
      let buttons = [
        ButtonState(title: "Delete", role: .destructive, action: AlertAction.delete),
        ButtonState(title: "Cancel", role: .cancel),
      ]
      let alert = AlertState(title: "Delete?", message: "It cannot be undone.", buttons: buttons)
      #expect(alert.effectiveButtons == buttons)
    }

    @Test func theIDIsWhatTheAlertReads() {
      let alert = AlertState(
        title: "Delete?", message: "Sure?",
        buttons: [ButtonState(title: "Delete", action: AlertAction.delete)])
      #expect(alert.id == ["Delete?", "Sure?", "Delete"])
      var other = alert
      other.buttons[0].action = .archive
      #expect(other.id == alert.id)
      #expect(other != alert)
      other.message = nil
      #expect(other.id == ["Delete?", nil, "Delete"])
      #expect(
        AlertState<AlertAction>(title: "a", message: "").id
          != AlertState<AlertAction>(title: "a").id)
    }

    @Test func mapEmbedsTheActions() {
      enum Parent: Equatable { case alert(AlertAction) }
      let alert = AlertState(
        title: "Delete?",
        buttons: [ButtonState(title: "Delete", action: AlertAction.delete), .init(title: "No")])
      let mapped = alert.map(Parent.alert)
      #expect(mapped.buttons.map(\.action) == [.alert(.delete), nil])
      #expect(mapped.id == alert.id)
    }

    @Test func aDialogWithNoButtonsImpliesCancel() {
      let dialog = ConfirmationDialogState<AlertAction>(title: "Share", titleVisibility: true)
      #expect(dialog.titleVisibility)
      #expect(dialog.effectiveButtons == [ButtonState(title: "Cancel", role: .cancel)])
      #expect(dialog.id == ["Share", nil])
      let mapped = dialog.map { [$0] }
      #expect(mapped.title == "Share" && mapped.titleVisibility)
    }

    @Test func statesAndActionsAreHashableSendableValues() {
      let alert = AlertState(
        title: "a", buttons: [ButtonState(title: "b", action: AlertAction.delete)])
      let dialog = ConfirmationDialogState(title: "a", buttons: alert.buttons)
      let values: [any Hashable & Sendable] = [
        alert, dialog, alert.buttons[0], ButtonStateRole.destructive,
        PresentationAction<AlertAction>.presented(.delete),
        StackAction<String, AlertAction>.element(id: 1, action: .delete),
      ]
      #expect(values.count == 6)
      #expect(Set([alert, alert]).count == 1)
      #expect(PresentationAction<AlertAction>.dismiss != .presented(.delete))
      #expect(
        StackAction<String, AlertAction>.push(id: 2, state: "x") == .push(id: 2, state: "x"))
      #expect(StackAction<String, AlertAction>.popFrom(id: 2) != .popFrom(id: 3))
    }
  }
}

extension NavigationTests {
  /// Navigation values are `Codable` where their parameters are, so a recording holds them.
  @Suite struct NavigationCodableTests {
    enum Choice: String, Codable, Equatable, Sendable { case save, discard }

    @Test func alertsDialogsAndActionsRoundTrip() throws {
      let alert = AlertState<Choice>(
        title: "End meeting?", message: "Save it?",
        buttons: [
          ButtonState(title: "Save", action: .save),
          ButtonState(title: "Discard", role: .destructive, action: .discard),
          ButtonState(title: "Resume", role: .cancel),
        ])
      let dialog = ConfirmationDialogState<Choice>(
        title: "Delete?", titleVisibility: true, message: nil,
        buttons: [ButtonState(title: "Delete", role: .destructive, action: .discard)])
      let actions: [StackAction<String, PresentationAction<Choice>>] = [
        .element(id: 3, action: .presented(.save)), .element(id: 4, action: .dismiss),
        .popFrom(id: 2), .push(id: 5, state: "detail"),
      ]
      #expect(try roundTrip(alert) == alert)
      #expect(try roundTrip(dialog) == dialog)
      #expect(try roundTrip(actions) == actions)
    }

    func roundTrip<Value: Codable>(_ value: Value) throws -> Value {
      try JSONDecoder().decode(Value.self, from: JSONEncoder().encode(value))
    }
  }
}
