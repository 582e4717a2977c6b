/// The logic of an alert's bindings over an ``AlertState``: whether it shows, its buttons, and
/// what a tap and the system's dismissal send. Built and tested on every platform; the SwiftUI
/// glue only renders it (`.alert(alertBinding)`).
///
/// ```swift
/// let alert = store.alertBinding(\.alert, action: AppAction.alert)
/// alert.isPresented                    // whether the state holds an alert
/// alert.tap(alert.effectiveButtons[0]) // sends .alert(.presented(.confirmDeletion))
/// alert.setPresented(false)            // the alert went away: sends .alert(.dismiss)
/// ```
///
/// **One dismiss per alert.** A tapped button with an action sends
/// `PresentationAction.presented(action)`; one without an action (Cancel, the "OK" of an
/// alert with no buttons) sends `PresentationAction.dismiss`. SwiftUI then hides the alert and
/// writes `false` into its binding, after the button's action ran: that sends
/// `PresentationAction.dismiss` only when the state still shows the alert that was tapped and
/// no dismiss was sent for it yet. So a reducer that clears the alert on the button's action
/// (or shows another one) gets no dismiss after it, a Cancel is dismissed once, not twice, and
/// an alert that the system dismissed on its own is dismissed once. SwiftUI never writes
/// `true`; that write is refused with a runtime warning.
///
/// Made where a view draws the alert, it remembers the alert the state showed then, so that a
/// late write does not dismiss a newer one.
///
/// Thread rules: a value of `Sendable` closures; use it from any thread. SwiftUI uses it on the
/// main actor.
public struct AlertBinding<Action>: Sendable {
  /// Reads the alert, or `nil`.
  let read: @Sendable () -> AlertState<Action>?
  /// What taps and dismissals send.
  let presented: PresentedButtons<Action>

  /// The logic over the alert `read` returns; taps and dismissals go to `send`.
  ///
  /// ```swift
  /// AlertBinding(read: { store.state.alert }, send: { store.dispatch(.alert($0)) })
  /// ```
  public init(
    read: @escaping @Sendable () -> AlertState<Action>?,
    send: @escaping @Sendable (PresentationAction<Action>) -> Void
  ) {
    self.read = read
    presented = PresentedButtons(id: { read()?.id }, send: send)
  }

  /// The alert the state holds now, or `nil`.
  public var state: AlertState<Action>? {
    let state = read()
    presented.saw(state?.id)
    return state
  }

  /// Whether the state holds an alert now: the value of the alert's `isPresented` binding.
  public var isPresented: Bool { state != nil }

  /// The buttons to show, in order: the alert's ``AlertState/effectiveButtons`` (a single "OK"
  /// when it has none), or none when no alert is presented.
  public var effectiveButtons: [ButtonState<Action>] { state?.effectiveButtons ?? [] }

  /// The user tapped `button`: sends its action as `presented(action)`, or `dismiss` when it has
  /// none. Nothing when the state no longer shows the alert this binding was made for.
  public func tap(_ button: ButtonState<Action>) { presented.tap(button.action) }

  /// Takes what SwiftUI wrote into the `isPresented` binding; returns whether it sent
  /// `dismiss`. `false` is the alert going away (see the type's notes); `true` is refused with
  /// a runtime warning.
  @discardableResult
  public func setPresented(_ isPresented: Bool) -> Bool {
    presented.setPresented(isPresented, what: "an AlertState<\(Action.self)>")
  }
}

/// The logic of a confirmation dialog's bindings over a ``ConfirmationDialogState``: the same
/// as ``AlertBinding``'s, for a dialog. Built and tested on every platform; the SwiftUI glue
/// only renders it (`.confirmationDialog(dialogBinding)`).
///
/// ```swift
/// let dialog = store.dialogBinding(\.share, action: AppAction.share)
/// dialog.tap(dialog.effectiveButtons[0])   // sends .share(.presented(.copyTranscript))
/// ```
///
/// **One dismiss per dialog**, as for an alert: a button with an action sends
/// `presented(action)`, one without sends `dismiss`; the system's dismissal (a tap outside,
/// after a button) sends `dismiss` only when the state still shows the dialog tapped and no
/// dismiss was sent for it yet.
///
/// Thread rules: a value of `Sendable` closures; use it from any thread. SwiftUI uses it on the
/// main actor.
public struct ConfirmationDialogBinding<Action>: Sendable {
  /// Reads the dialog, or `nil`.
  let read: @Sendable () -> ConfirmationDialogState<Action>?
  /// What taps and dismissals send.
  let presented: PresentedButtons<Action>

  /// The logic over the dialog `read` returns; taps and dismissals go to `send`.
  public init(
    read: @escaping @Sendable () -> ConfirmationDialogState<Action>?,
    send: @escaping @Sendable (PresentationAction<Action>) -> Void
  ) {
    self.read = read
    presented = PresentedButtons(id: { read()?.id }, send: send)
  }

  /// The dialog the state holds now, or `nil`.
  public var state: ConfirmationDialogState<Action>? {
    let state = read()
    presented.saw(state?.id)
    return state
  }

  /// Whether the state holds a dialog now: the value of the dialog's `isPresented` binding.
  public var isPresented: Bool { state != nil }

  /// The buttons to show, in order: the dialog's ``ConfirmationDialogState/effectiveButtons``
  /// (a single "Cancel" when it has none), or none when no dialog is presented.
  public var effectiveButtons: [ButtonState<Action>] { state?.effectiveButtons ?? [] }

  /// The user tapped `button`: sends its action as `presented(action)`, or `dismiss` when it has
  /// none. Nothing when the state no longer shows the dialog this binding was made for.
  public func tap(_ button: ButtonState<Action>) { presented.tap(button.action) }

  /// Takes what SwiftUI wrote into the `isPresented` binding; returns whether it sent
  /// `dismiss`. `false` is the dialog going away; `true` is refused with a runtime warning.
  @discardableResult
  public func setPresented(_ isPresented: Bool) -> Bool {
    presented.setPresented(isPresented, what: "a ConfirmationDialogState<\(Action.self)>")
  }
}

/// What an alert's or a dialog's taps and dismissals send, given the id of what the state
/// shows (``AlertState/id``: what it reads). Shared by ``AlertBinding`` and
/// ``ConfirmationDialogBinding``.
struct PresentedButtons<Action>: Sendable {
  /// Reads the id of what the state shows now, or `nil`.
  let id: @Sendable () -> [String?]?
  /// Sends a button's action or the dismissal.
  let send: @Sendable (PresentationAction<Action>) -> Void
  /// The id of what the state showed when this was made: what the view drew.
  let shownID: [String?]?
  /// Whether a dismiss was sent for what the state shows.
  let dismissal = DismissOnce()

  init(
    id: @escaping @Sendable () -> [String?]?,
    send: @escaping @Sendable (PresentationAction<Action>) -> Void
  ) {
    self.id = id
    self.send = send
    shownID = id()
  }

  /// Notes what a read found: nothing presented clears the dismissal.
  func saw(_ id: [String?]?) {
    if id == nil { dismissal.reset() }
  }

  /// Whether the state shows what this was made for (anything, when it was made with nothing
  /// shown).
  func showsWhatWasDrawn() -> Bool {
    let current = id()
    saw(current)
    guard let current else { return false }
    return shownID == nil || current == shownID
  }

  /// A tap on a button whose action is `action`.
  func tap(_ action: Action?) {
    guard showsWhatWasDrawn() else { return }
    if let action {
      send(.presented(action))
    } else if dismissal.claim() {
      send(.dismiss)
    }
  }

  /// A write of `isPresented` into the binding of `what`.
  func setPresented(_ isPresented: Bool, what: @autoclosure () -> String) -> Bool {
    guard !isPresented else {
      runtimeWarning(
        "The isPresented binding of \(what()) was set to true, which only the state can do, so "
          + "nothing was sent and the state is unchanged. Present it by setting it in the state.",
        key: "PresentedButtons.setPresented")
      return false
    }
    guard showsWhatWasDrawn(), dismissal.claim() else { return false }
    send(.dismiss)
    return true
  }
}
