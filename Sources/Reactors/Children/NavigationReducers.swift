/// A reducer of the whole state made of a destination's reducer over each screen of a
/// navigation stack in it: routes ``StackAction/element(id:action:)`` to the screen with that
/// id, and applies ``StackAction/push(id:state:)`` and ``StackAction/popFrom(id:)`` (what a
/// back swipe or the back button sends) to the stack. Push, pop and pop to root are state
/// changes and nothing else: a reducer may also change the stack directly
/// (`state.path.push(.detail(...))`).
///
/// An action for a screen that is gone, a pop of an id that is not in the stack, and a push
/// with a used id are each dropped with a runtime warning that says how to fix it.
///
/// ```swift
/// forEach(destinationReducer, stack: \AppState.path, action: { action in
///   if case .path(let action) = action { action } else { nil }
/// })
/// ```
@inlinable
public func forEach<State, Action, Element, ElementAction>(
  _ element: @escaping MutatingReducer<Element, ElementAction>,
  stack toStack: WritableKeyPath<State, StackState<Element>> & Sendable,
  action toStackAction: @escaping @Sendable (Action) -> StackAction<Element, ElementAction>?
) -> MutatingReducer<State, Action> {
  let childName = "\(Element.self)"
  return { state, action in
    guard let stackAction = toStackAction(action) else { return }
    switch stackAction {
    case .element(let id, let elementAction):
      let found = state[keyPath: toStack].modify(id: id) { screen -> Bool in
        element(&screen, elementAction)
        return true
      }
      if found == nil {
        ChildReducers.warnGone(
          elementAction, to: "the \(childName) screen \(id)", "which is not in the stack",
          type: childName)
      }
    case .popFrom(let id):
      state[keyPath: toStack].pop(from: id)
    case .push(let id, let element):
      state[keyPath: toStack].push(element, id: id)
    }
  }
}

/// A reducer of the whole state made of a presented child's reducer (a sheet, a cover, a
/// popover; or an alert's or a dialog's state, with no reducer of its own): routes
/// ``PresentationAction/presented(_:)`` to the child while it is presented, and applies
/// ``PresentationAction/dismiss`` (what an interactive dismiss, a tap outside the sheet or an
/// alert's button sends) by setting it to `nil`.
///
/// A child action while nothing is presented, and a dismiss with nothing presented, are each
/// dropped with a runtime warning; the state is unchanged.
///
/// ```swift
/// ifLet(formReducer, presented: \ListState.addSheet, action: { action in
///   if case .addSheet(let action) = action { action } else { nil }
/// })
/// ```
@inlinable
public func ifLet<State, Action, ChildState, ChildAction>(
  _ child: @escaping MutatingReducer<ChildState, ChildAction>,
  presented toChildState: WritableKeyPath<State, ChildState?> & Sendable,
  action toPresentationAction: @escaping @Sendable (Action) -> PresentationAction<ChildAction>?
) -> MutatingReducer<State, Action> {
  let childName = "\(ChildState.self)"
  return { state, action in
    guard let presentationAction = toPresentationAction(action) else { return }
    guard state[keyPath: toChildState] != nil else {
      ChildReducers.warnGone(
        presentationAction, to: "a \(childName)", "but none is presented", type: childName)
      return
    }
    switch presentationAction {
    case .presented(let childAction): child(&state[keyPath: toChildState]!, childAction)
    case .dismiss: state[keyPath: toChildState] = nil
    }
  }
}

/// The middleware of each screen of a navigation stack: runs `child` on a screen's actions
/// while the screen is in the stack (with its state after the reducer) and sends what it
/// returns to the parent through `embed`; cancels a screen's effects once it is popped.
public func forEach<State, Action: Sendable, Element, ElementAction: Sendable>(
  middleware child: @escaping Middleware<Element, ElementAction>,
  stack toStack: KeyPath<State, StackState<Element>> & Sendable,
  action toStackAction: @escaping @Sendable (Action) -> StackAction<Element, ElementAction>?,
  embed: @escaping @Sendable (StackElementID, ElementAction) -> Action
) -> Middleware<State, Action> {
  ChildMiddlewares.middleware(
    child, find: { state, id in state[keyPath: toStack][id: id] },
    action: { (_: State, action: Action) -> (StackElementID, ElementAction)? in
      guard case .element(let id, let elementAction) = toStackAction(action) else { return nil }
      return (id, elementAction)
    },
    embed: embed, version: { $0[keyPath: toStack].ids })
}

/// The middleware of a presented child: runs `child` on the child's actions while it is
/// presented (with its state after the reducer) and sends what it returns to the parent
/// through `embed` (which wraps it, typically as `.presented`); cancels the child's effects
/// once it is dismissed.
public func ifLet<State, Action: Sendable, ChildState, ChildAction: Sendable>(
  middleware child: @escaping Middleware<ChildState, ChildAction>,
  presented toChildState: KeyPath<State, ChildState?> & Sendable,
  action toPresentationAction: @escaping @Sendable (Action) -> PresentationAction<ChildAction>?,
  embed: @escaping @Sendable (ChildAction) -> Action
) -> Middleware<State, Action> {
  ifLet(
    middleware: child, state: toChildState,
    action: { presentedAction(toPresentationAction($0)) }, embed: embed)
}

/// The middleware of a presented child that is `Identifiable`: as
/// ``ifLet(middleware:presented:action:embed:)-6fxcb``,
/// and the child's effects are also cancelled when another child, of another id, is presented
/// in its place in one action: its answers never reach the new one.
public func ifLet<
  State, Action: Sendable, ChildState: Identifiable, ChildAction: Sendable
>(
  middleware child: @escaping Middleware<ChildState, ChildAction>,
  presented toChildState: KeyPath<State, ChildState?> & Sendable,
  action toPresentationAction: @escaping @Sendable (Action) -> PresentationAction<ChildAction>?,
  embed: @escaping @Sendable (ChildAction) -> Action
) -> Middleware<State, Action> where ChildState: SendableMetatype, ChildState.ID: Sendable {
  ifLet(
    middleware: child, state: toChildState,
    action: { presentedAction(toPresentationAction($0)) }, embed: embed)
}

/// The child's action in `action`, when it is `.presented`.
private func presentedAction<ChildAction>(
  _ action: PresentationAction<ChildAction>?
) -> ChildAction? {
  guard case .presented(let childAction) = action else { return nil }
  return childAction
}

/// A reducer of the whole state for an alert held in it: any of its buttons' actions, and
/// ``PresentationAction/dismiss`` (the system's own dismissal), set it to `nil`, as the alert
/// disappears from the screen when a button is tapped. The parent's reducer handles the button's
/// action (`.alert(.presented(.confirmDeletion))`) as its own.
///
/// An action with no alert presented is dropped with a runtime warning; the state is unchanged.
public func ifLet<State, Action, AlertAction>(
  alert toAlert: WritableKeyPath<State, AlertState<AlertAction>?> & Sendable,
  action toPresentationAction: @escaping @Sendable (Action) -> PresentationAction<AlertAction>?
) -> MutatingReducer<State, Action> {
  dismissedOnAnyAction(toAlert, toPresentationAction)
}

/// A reducer of the whole state for a confirmation dialog held in it: as
/// ``ifLet(alert:action:)``, any of its buttons' actions and a dismissal set it to `nil`.
public func ifLet<State, Action, DialogAction>(
  dialog toDialog: WritableKeyPath<State, ConfirmationDialogState<DialogAction>?> & Sendable,
  action toPresentationAction: @escaping @Sendable (Action) -> PresentationAction<DialogAction>?
) -> MutatingReducer<State, Action> {
  dismissedOnAnyAction(toDialog, toPresentationAction)
}

/// A presented value that goes away on any of its actions and on a dismissal.
private func dismissedOnAnyAction<State, Action, Presented, PresentedAction>(
  _ toPresented: WritableKeyPath<State, Presented?> & Sendable,
  _ toPresentationAction: @escaping @Sendable (Action) -> PresentationAction<PresentedAction>?
) -> MutatingReducer<State, Action> {
  let name = "\(Presented.self)"
  return { state, action in
    guard let presentationAction = toPresentationAction(action) else { return }
    guard state[keyPath: toPresented] != nil else {
      ChildReducers.warnGone(
        presentationAction, to: "an \(name)", "but none is presented", type: name)
      return
    }
    state[keyPath: toPresented] = nil
  }
}
