/// Reducers for child features kept in a store's one state tree: a child that may be absent
/// (``ifLet(_:state:action:)``) and an identified collection of children
/// (``forEach(_:state:action:)``), as TCA's `ifLet` and `forEach` compose them.
///
/// The child's state lives in the parent's (one source of truth: the list renders the rows it
/// holds, a deep link writes the whole tree in one change, a recording holds every screen). The
/// child's actions are cases of the parent's action, so the parent hears everything a child did
/// with its types, and reacts to the child's "delegate" outcomes in its own reducer:
///
/// ```swift
/// enum AppAction {
///   case detail(DetailAction)               // DetailAction has `case delegate(Delegate)`
///   case row(id: Row.ID, action: RowAction)
/// }
/// let appReducer = combineReducers(
///   ifLet(detailReducer, state: \AppState.detail, action: { action in
///     if case .detail(let action) = action { action } else { nil }
///   }),
///   forEach(rowReducer, state: \AppState.rows, action: { action in
///     if case .row(let id, let action) = action { (id, action) } else { nil }
///   }),
///   { state, action in
///     if case .detail(.delegate(.deleted(let id))) = action { state.rows[id: id] = nil }
///   })
/// ```
///
/// An action for a child that is gone (a late network answer for a closed screen, a row
/// deleted meanwhile) is dropped with a runtime warning that names it: never delivered to
/// another child, never a crash. The combinators are pure and keep no state; they run under
/// the store's lock like any reducer.
public enum ChildReducers {
  /// The warning for an action whose child is gone; the key throttles it per child type.
  @usableFromInline
  static func warnGone(
    _ action: some Any, to child: String, _ absence: String, type: String
  ) {
    runtimeWarning(
      "\(action) was sent to \(child), \(absence); it was dropped. A child's effects and "
        + "bindings should end with its state: cancel them when you remove it, or check that "
        + "it exists before sending.",
      key: "ChildReducers.\(type)")
  }
}

/// A reducer of the whole state made of a child's reducer over an optional part of it: it
/// runs the child's reducer when `toChildAction` finds a child action and the child exists.
/// When the child is `nil` the action is dropped with a runtime warning that names it.
///
/// ```swift
/// ifLet(detailReducer, state: \AppState.detail, action: { action in
///   if case .detail(let action) = action { action } else { nil }
/// })
/// ```
@inlinable
public func ifLet<State, Action, ChildState, ChildAction>(
  _ child: @escaping MutatingReducer<ChildState, ChildAction>,
  state toChildState: WritableKeyPath<State, ChildState?> & Sendable,
  action toChildAction: @escaping @Sendable (Action) -> ChildAction?
) -> MutatingReducer<State, Action> {
  let childName = "\(ChildState.self)"
  return { state, action in
    guard let childAction = toChildAction(action) else { return }
    guard state[keyPath: toChildState] != nil else {
      ChildReducers.warnGone(
        childAction, to: "a \(childName)", "but none is presented", type: childName)
      return
    }
    child(&state[keyPath: toChildState]!, childAction)
  }
}

/// A reducer of the whole state made of a child's reducer over each element of an identified
/// collection: it runs the child's reducer on the element whose id `toElementAction` finds.
/// When no element has that id the action is dropped with a runtime warning that names it;
/// it never reaches another element.
///
/// ```swift
/// forEach(rowReducer, state: \ListState.rows, action: { action in
///   if case .row(let id, let action) = action { (id, action) } else { nil }
/// })
/// ```
@inlinable
public func forEach<State, Action, Element: Identifiable & Sendable, ElementAction>(
  _ element: @escaping MutatingReducer<Element, ElementAction>,
  state toElements: WritableKeyPath<State, IdentifiedArray<Element>> & Sendable,
  action toElementAction: @escaping @Sendable (Action) -> (Element.ID, ElementAction)?
) -> MutatingReducer<State, Action> where Element.ID: Sendable {
  let childName = "\(Element.self)"
  return { state, action in
    guard let (id, elementAction) = toElementAction(action) else { return }
    guard let position = state[keyPath: toElements].index(id: id) else {
      ChildReducers.warnGone(
        elementAction, to: "the \(childName) with id \(id)", "which is gone", type: childName)
      return
    }
    element(&state[keyPath: toElements].elements[position], elementAction)
    // A reducer that changed the element's id would break the index: put it back.
    let after = state[keyPath: toElements].elements[position].id
    if after != id {
      state[keyPath: toElements].reindexChanged(at: position, from: id)
    } else {
      state[keyPath: toElements].logged(.updated(id))
    }
  }
}
