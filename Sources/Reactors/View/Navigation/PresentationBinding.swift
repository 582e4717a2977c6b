/// The logic of a binding over a presented child (a sheet, a cover, a popover): the child to
/// show, read from the state, and a dismissal when the user dismisses it. Built and tested on
/// every platform; the SwiftUI glue only wraps it in a `Binding<Item?>` (`binding`, or
/// `.sheet(presentationBinding) { item in ... }`), and the UIKit glue calls it when a presented
/// controller is swiped down.
///
/// ```swift
/// let sheet = store.presentationBinding(\.editor, action: AppAction.editor)
/// sheet.item               // the editor's state, or nil
/// sheet.write(nil)         // the user swiped it down: sends .editor(.dismiss)
/// ```
///
/// **State first.** A write of `nil` (an interactive dismiss, a tap outside the sheet) sends the
/// dismiss action, once: not again for the same presentation while the state still shows it
/// (the store may be busy on another thread), and not at all when the state shows nothing any
/// more. SwiftUI never writes a child; a write of one is refused with a runtime warning, and the
/// state stays as it was: present by changing the state.
///
/// Thread rules: a value of `Sendable` closures; read and write it from any thread. SwiftUI and
/// UIKit use it on the main actor.
public struct PresentationBinding<Item>: Sendable {
  /// Reads the presented child, or `nil`.
  let read: @Sendable () -> Item?
  /// Sends the dismiss action.
  let sendDismiss: @Sendable () -> Void
  /// Whether a dismiss was sent for what the state shows.
  let dismissal = DismissOnce()

  /// The logic over the child `read` returns, which sends `send(.dismiss)` when the user
  /// dismisses it.
  ///
  /// ```swift
  /// PresentationBinding(read: { store.state.editor }, send: { store.dispatch(.editor($0)) })
  /// ```
  public init<ChildAction>(
    read: @escaping @Sendable () -> Item?,
    send: @escaping @Sendable (PresentationAction<ChildAction>) -> Void
  ) {
    self.init(read: read, dismiss: { send(.dismiss) })
  }

  /// The logic over the child `read` returns, which calls `dismiss` when the user dismisses it:
  /// for a dismiss action of your own.
  public init(read: @escaping @Sendable () -> Item?, dismiss: @escaping @Sendable () -> Void) {
    self.read = read
    self.sendDismiss = dismiss
  }

  /// The child presented now, or `nil`: the value of the binding.
  public var item: Item? {
    let item = read()
    if item == nil { dismissal.reset() }
    return item
  }

  /// Whether a child is presented now.
  public var isPresented: Bool { item != nil }

  /// Takes what SwiftUI wrote into the binding; returns whether it sent the dismiss action.
  ///
  /// `nil` sends the dismiss when the state still shows a child and no dismiss was sent for it
  /// yet; a child is refused with a runtime warning.
  @discardableResult
  public func write(_ newItem: Item?) -> Bool {
    guard newItem == nil else {
      runtimeWarning(
        "A binding of a presented \(Item.self) was set to a value, which only the state can "
          + "do, so nothing was sent and the state is unchanged. Present it by changing the "
          + "state (an action whose reducer sets it).",
        key: "PresentationBinding<\(Item.self)>.write")
      return false
    }
    guard isPresented else { return false }
    guard dismissal.claim() else { return false }
    sendDismiss()
    return true
  }

  /// Sends the dismiss action when the state shows a child, whether or not one was sent for
  /// it: for a caller that knows each dismissal once (the UIKit glue's ``PresentationSync``).
  func dismissIfPresented() {
    if read() != nil { sendDismiss() }
  }
}

/// Whether a dismiss was sent for the presentation the state shows, so that a second one (a
/// button that dismissed, then the system's own dismissal) is not sent while the state still
/// shows it: the store may be busy on another thread and change it later. Reset when a read
/// finds nothing presented. Copies share one flag.
struct DismissOnce: Sendable {
  /// Whether a dismiss was sent.
  let sent = Locked(false)

  /// Sets the flag; returns whether it was clear, that is whether the caller is to send.
  func claim() -> Bool {
    sent.withLock { isSent in
      defer { isSent = true }
      return !isSent
    }
  }

  /// Clears the flag: nothing is presented any more.
  func reset() { sent.withLock { $0 = false } }
}
