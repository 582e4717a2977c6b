import Testing

@testable import Reactors

extension NavigationGlueTests {
  /// An alert's and a dialog's bindings: a tapped button sends its action (or the dismiss,
  /// without one), and the system's dismissal that follows sends the dismiss only when the
  /// state still shows the alert tapped and none was sent for it: one dismiss per alert.
  @Suite struct AlertBindingTests {
    typealias AlertAction = GlueApp.AlertAction

    /// A binding over an alert the state keeps showing whatever is sent, as when the store is
    /// busy on another thread: what the binding decides on its own.
    func fixedAlert(
      _ alert: AlertState<AlertAction>? = deleteAlert
    ) -> (AlertBinding<AlertAction>, SentActions<PresentationAction<AlertAction>>) {
      let sent = SentActions<PresentationAction<AlertAction>>()
      return (AlertBinding(read: { alert }, send: sent.send), sent)
    }

    @Test func isPresentedAndTheButtonsComeFromTheState() {
      let (alert, _) = fixedAlert()
      #expect(alert.isPresented)
      #expect(alert.state == deleteAlert)
      #expect(
        alert.effectiveButtons.map(\.title) == ["Delete", "Ask again", "Delete quietly", "Cancel"])
      let (okOnly, _) = fixedAlert(AlertState(title: "Saved"))
      #expect(okOnly.effectiveButtons == [ButtonState(title: "OK", role: .cancel)])
      let (none, _) = fixedAlert(nil)
      #expect(!none.isPresented && none.effectiveButtons.isEmpty)
    }

    @Test func aButtonWithAnActionSendsItThenTheSystemsDismissalSendsTheDismiss() {
      let (alert, sent) = fixedAlert()
      alert.tap(alert.effectiveButtons[0])
      #expect(sent.all == [.presented(.confirmDelete)])
      #expect(alert.setPresented(false))
      #expect(sent.all == [.presented(.confirmDelete), .dismiss])
    }

    @Test func aCancelIsDismissedOnceNotAgainByTheSystemsDismissal() {
      let (alert, sent) = fixedAlert()
      alert.tap(alert.effectiveButtons[3])
      #expect(sent.all == [.dismiss])
      #expect(!alert.setPresented(false))
      #expect(sent.all == [.dismiss])
    }

    @Test func theSystemsDismissalAloneSendsOneDismiss() {
      let (alert, sent) = fixedAlert()
      #expect(alert.setPresented(false))
      #expect(!alert.setPresented(false))
      #expect(sent.all == [.dismiss])
    }

    @Test func settingPresentedIsRefusedWithAWarningAndSendsNothing() {
      let (alert, sent) = fixedAlert()
      let before = warningThrottle.withLock { $0.count(of: "PresentedButtons.setPresented") }
      #expect(!alert.setPresented(true))
      #expect(sent.all.isEmpty)
      #expect(warningThrottle.withLock { $0.count(of: "PresentedButtons.setPresented") } > before)
    }

    @Test func aBindingMadeForAnotherAlertSendsNothing() {
      let current = Locked<AlertState<AlertAction>?>(deleteAlert)
      let sent = SentActions<PresentationAction<AlertAction>>()
      let alert = AlertBinding(read: { current.withLock { $0 } }, send: sent.send)
      current.withLock { $0 = AlertState(title: "Another") }
      alert.tap(deleteAlert.buttons[0])
      #expect(!alert.setPresented(false))
      current.withLock { $0 = nil }
      alert.tap(deleteAlert.buttons[3])
      #expect(!alert.setPresented(false))
      #expect(sent.all.isEmpty)
    }

    // Through a store, which is idle: each send is reduced before it returns.

    @Test func throughAStoreAButtonsActionIsFollowedByOneDismissThatClearsTheAlert() {
      let store = glueStore()
      store.dispatch(.askToDelete)
      let alert = store.alertBinding(\.alert, action: GlueAction.alert)
      alert.tap(alert.effectiveButtons[0])
      #expect(store.state.deleted == 1 && store.state.alert == deleteAlert)
      #expect(alert.setPresented(false))
      #expect(store.state.alert == nil && store.state.alertDismissals == 1)
    }

    @Test func throughAStoreACancelIsDismissedOnce() {
      let store = glueStore()
      store.dispatch(.askToDelete)
      let alert = store.alertBinding(\.alert, action: GlueAction.alert)
      alert.tap(alert.effectiveButtons[3])
      #expect(store.state.alert == nil)
      #expect(!alert.setPresented(false))
      #expect(store.state.alertDismissals == 1)
    }

    @Test func throughAStoreAReducerThatClearsTheAlertGetsNoDismissAfterIt() {
      let store = glueStore()
      store.dispatch(.askToDelete)
      let alert = store.alertBinding(\.alert, action: GlueAction.alert)
      alert.tap(alert.effectiveButtons[2])
      #expect(store.state.alert == nil && store.state.deleted == 1)
      #expect(!alert.setPresented(false))
      #expect(store.state.alertDismissals == 0)
    }

    @Test func throughAStoreTheNextAlertAReducerShowsIsNotDismissed() {
      let store = glueStore()
      store.dispatch(.askToDelete)
      let alert = store.alertBinding(\.alert, action: GlueAction.alert)
      alert.tap(alert.effectiveButtons[1])
      #expect(!alert.setPresented(false))
      #expect(store.state.alert == AlertState(title: "Really delete?"))
      #expect(store.state.alertDismissals == 0)
      // The view draws the new alert with a new binding, whose dismissal clears it.
      #expect(store.alertBinding(\.alert, action: GlueAction.alert).setPresented(false))
      #expect(store.state.alert == nil && store.state.alertDismissals == 1)
    }

    @Test func aDialogWorksAsAnAlert() {
      let store = glueStore()
      let dialog = store.dialogBinding(\.dialog, action: GlueAction.dialog)
      #expect(!dialog.isPresented && dialog.effectiveButtons.isEmpty)
      store.dispatch(.offerSharing)
      #expect(dialog.isPresented)
      let drawn = store.dialogBinding(\.dialog, action: GlueAction.dialog)
      #expect(drawn.effectiveButtons.map(\.title) == ["Copy"])
      drawn.tap(drawn.effectiveButtons[0])
      #expect(drawn.setPresented(false))
      #expect(!drawn.setPresented(false))
      #expect(store.state.dialog == nil && store.state.dialogDismissals == 1)
      #expect(
        ConfirmationDialogState<AlertAction>(title: "Share").effectiveButtons.map(\.title) == [
          "Cancel"
        ])
      store.dispatch(.offerSharing)
      let cancelled = store.dialogBinding(\.dialog, action: GlueAction.dialog)
      cancelled.tap(ButtonState(title: "Cancel", role: .cancel))
      #expect(!cancelled.setPresented(false))
      #expect(store.state.dialog == nil && store.state.dialogDismissals == 2)
    }
  }
}
