// The navigation bindings' logic made from a store, a scoped store or a reactor: each reads the
// part of the current state named by a key path, and sends through `action`, which wraps the
// navigation action in the source's own (typically a case of its action enum).

extension Store {
  /// The logic of a `NavigationStack(path:)` binding over the stack at `path`; a back swipe
  /// dispatches `action(.popFrom(id:))`. See ``StackPathBinding``.
  ///
  /// ```swift
  /// NavigationStack(path: store.pathBinding(\.path, action: AppAction.path)) { ... }
  /// ```
  public func pathBinding<Element, ElementAction>(
    _ path: KeyPath<State, StackState<Element>> & Sendable,
    action: @escaping @Sendable (StackAction<Element, ElementAction>) -> Action
  ) -> StackPathBinding<Element> {
    StackPathBinding(
      read: { [self] in currentState[keyPath: path] }, send: { [self] in dispatch(action($0)) })
  }

  /// The logic of a binding over the child presented at `item`; the user's dismissal dispatches
  /// `action(.dismiss)`. See ``PresentationBinding``.
  public func presentationBinding<Item, ChildAction>(
    _ item: KeyPath<State, Item?> & Sendable,
    action: @escaping @Sendable (PresentationAction<ChildAction>) -> Action
  ) -> PresentationBinding<Item> {
    PresentationBinding(
      read: { [self] in currentState[keyPath: item] }, send: { [self] in dispatch(action($0)) })
  }

  /// The logic of an alert over the alert at `alert`; taps and dismissals dispatch
  /// `action(.presented(...))` and `action(.dismiss)`. See ``AlertBinding``.
  public func alertBinding<AlertAction>(
    _ alert: KeyPath<State, AlertState<AlertAction>?> & Sendable,
    action: @escaping @Sendable (PresentationAction<AlertAction>) -> Action
  ) -> AlertBinding<AlertAction> {
    AlertBinding(
      read: { [self] in currentState[keyPath: alert] }, send: { [self] in dispatch(action($0)) })
  }

  /// The logic of a confirmation dialog over the dialog at `dialog`; taps and dismissals
  /// dispatch `action(.presented(...))` and `action(.dismiss)`. See
  /// ``ConfirmationDialogBinding``.
  public func dialogBinding<DialogAction>(
    _ dialog: KeyPath<State, ConfirmationDialogState<DialogAction>?> & Sendable,
    action: @escaping @Sendable (PresentationAction<DialogAction>) -> Action
  ) -> ConfirmationDialogBinding<DialogAction> {
    ConfirmationDialogBinding(
      read: { [self] in currentState[keyPath: dialog] }, send: { [self] in dispatch(action($0)) })
  }
}

extension ScopedStore {
  /// The logic of a `NavigationStack(path:)` binding over the stack at `path` of this part; a
  /// back swipe dispatches `action(.popFrom(id:))`. See ``StackPathBinding``.
  public func pathBinding<Element, ElementAction>(
    _ path: KeyPath<State, StackState<Element>> & Sendable,
    action: @escaping @Sendable (StackAction<Element, ElementAction>) -> Action
  ) -> StackPathBinding<Element> {
    StackPathBinding(
      read: { [self] in currentState[keyPath: path] }, send: { [self] in dispatch(action($0)) })
  }

  /// The logic of a binding over the child presented at `item` of this part; the user's
  /// dismissal dispatches `action(.dismiss)`. See ``PresentationBinding``.
  public func presentationBinding<Item, ChildAction>(
    _ item: KeyPath<State, Item?> & Sendable,
    action: @escaping @Sendable (PresentationAction<ChildAction>) -> Action
  ) -> PresentationBinding<Item> {
    PresentationBinding(
      read: { [self] in currentState[keyPath: item] }, send: { [self] in dispatch(action($0)) })
  }

  /// The logic of an alert over the alert at `alert` of this part. See ``AlertBinding``.
  public func alertBinding<AlertAction>(
    _ alert: KeyPath<State, AlertState<AlertAction>?> & Sendable,
    action: @escaping @Sendable (PresentationAction<AlertAction>) -> Action
  ) -> AlertBinding<AlertAction> {
    AlertBinding(
      read: { [self] in currentState[keyPath: alert] }, send: { [self] in dispatch(action($0)) })
  }

  /// The logic of a confirmation dialog over the dialog at `dialog` of this part. See
  /// ``ConfirmationDialogBinding``.
  public func dialogBinding<DialogAction>(
    _ dialog: KeyPath<State, ConfirmationDialogState<DialogAction>?> & Sendable,
    action: @escaping @Sendable (PresentationAction<DialogAction>) -> Action
  ) -> ConfirmationDialogBinding<DialogAction> {
    ConfirmationDialogBinding(
      read: { [self] in currentState[keyPath: dialog] }, send: { [self] in dispatch(action($0)) })
  }
}

extension Reactor {
  /// The logic of a `NavigationStack(path:)` binding over the stack at `path`; a back swipe
  /// sends `action(.popFrom(id:))`. See ``StackPathBinding``.
  ///
  /// ```swift
  /// NavigationStack(path: reactor.pathBinding(\.path, action: Action.path)) { ... }
  /// ```
  public func pathBinding<Element, ElementAction>(
    _ path: KeyPath<State, StackState<Element>> & Sendable,
    action: @escaping @Sendable (StackAction<Element, ElementAction>) -> Action
  ) -> StackPathBinding<Element> {
    StackPathBinding(
      read: { [self] in currentState[keyPath: path] }, send: { [self] in send(action($0)) })
  }

  /// The logic of a binding over the child presented at `item`; the user's dismissal sends
  /// `action(.dismiss)`. See ``PresentationBinding``.
  public func presentationBinding<Item, ChildAction>(
    _ item: KeyPath<State, Item?> & Sendable,
    action: @escaping @Sendable (PresentationAction<ChildAction>) -> Action
  ) -> PresentationBinding<Item> {
    PresentationBinding(
      read: { [self] in currentState[keyPath: item] }, send: { [self] in send(action($0)) })
  }

  /// The logic of an alert over the alert at `alert`. See ``AlertBinding``.
  public func alertBinding<AlertAction>(
    _ alert: KeyPath<State, AlertState<AlertAction>?> & Sendable,
    action: @escaping @Sendable (PresentationAction<AlertAction>) -> Action
  ) -> AlertBinding<AlertAction> {
    AlertBinding(
      read: { [self] in currentState[keyPath: alert] }, send: { [self] in send(action($0)) })
  }

  /// The logic of a confirmation dialog over the dialog at `dialog`. See
  /// ``ConfirmationDialogBinding``.
  public func dialogBinding<DialogAction>(
    _ dialog: KeyPath<State, ConfirmationDialogState<DialogAction>?> & Sendable,
    action: @escaping @Sendable (PresentationAction<DialogAction>) -> Action
  ) -> ConfirmationDialogBinding<DialogAction> {
    ConfirmationDialogBinding(
      read: { [self] in currentState[keyPath: dialog] }, send: { [self] in send(action($0)) })
  }
}
