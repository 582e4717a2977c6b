import Reactors
import ReactorsTestSupport
import Testing

/// A list of rows and a detail, each a child feature in the store's one state tree.
struct ListTree: Equatable, Sendable {
  var rows: IdentifiedArray<Row> = []
  var detail: Row?
  var saved: [String] = []
}

enum RowAction: Equatable, Sendable {
  enum Delegate: Equatable, Sendable { case deleteMe, saved(String) }
  case rename(String)
  case delegate(Delegate)
}

enum ListAction: Equatable, Sendable {
  case add(Int)
  case open(Int)
  case close
  case row(id: Int, action: RowAction)
  case detail(RowAction)
}

let rowReducer: MutatingReducer<Row, RowAction> = { row, action in
  if case .rename(let title) = action { row.title = title }
}

let listReducer = combineReducers(
  forEach(
    rowReducer, state: \ListTree.rows,
    action: { if case .row(let id, let action) = $0 { (id, action) } else { nil } }),
  ifLet(
    rowReducer, state: \ListTree.detail,
    action: { if case .detail(let action) = $0 { action } else { nil } }),
  { (state: inout ListTree, action: ListAction) in
    switch action {
    case .add(let id): state.rows.append(Row(id: id))
    case .open(let id): state.detail = state.rows[id: id]
    case .close: state.detail = nil
    // The parent hears its children's outcomes as its own, typed actions.
    case .row(let id, .delegate(.deleteMe)): state.rows[id: id] = nil
    case .detail(.delegate(.saved(let title))):
      state.saved.append(title)
      state.detail = nil
    case .row, .detail: break
    }
  })

/// `ifLet`, `forEach` and element scopes: a child's action reaches that child only, a child's
/// outcome reaches the parent, and an action for a child that is gone is dropped and reported.
@Suite struct ChildReducersTests {
  @Test func aRowsActionChangesThatRowOnly() {
    let store = Store(initial: ListTree(), reducer: listReducer)
    for id in 1...3 { store.dispatch(.add(id)) }
    store.dispatch(.row(id: 2, action: .rename("two")))
    #expect(store.state.rows.map(\.title) == ["", "two", ""])
  }

  @Test func anActionForARowThatIsGoneChangesNothing() {
    let store = Store(initial: ListTree(), reducer: listReducer)
    for id in 1...3 { store.dispatch(.add(id)) }
    let before = store.state
    store.dispatch(.row(id: 9, action: .rename("nobody")))
    #expect(store.state == before)
  }

  @Test func aRowsReducerThatGivesItAnotherRowsIdRemovesItAndLookupsStayRight() {
    let renumbering = forEach(
      { (row: inout Row, action: Int) in row.id = action }, state: \ListTree.rows,
      action: { (action: (Int, Int)) in action })
    var tree = ListTree(rows: [Row(id: 2, title: "B"), Row(id: 1, title: "A")])
    let before = tree.rows.structure
    renumbering(&tree, (1, 2))  // warned: row 2 is there
    #expect(tree.rows.array == [Row(id: 2, title: "B")])
    #expect(tree.rows.structure.changes(since: before) == [.removed(1)])
    renumbering(&tree, (1, 5))  // gone: warned, nothing changes
    tree.rows[id: 2] = nil
    #expect(tree.rows.isEmpty && tree.rows[id: 1] == nil)
    // A new id no row has: the row is found under it.
    tree.rows = [Row(id: 1, title: "A"), Row(id: 3, title: "C")]
    renumbering(&tree, (1, 9))
    #expect(tree.rows.ids == [9, 3])
    #expect(tree.rows[id: 9]?.title == "A")
  }

  @Test func aDetailsActionWhileItIsClosedChangesNothing() {
    let store = Store(initial: ListTree(), reducer: listReducer)
    store.dispatch(.add(1))
    store.dispatch(.detail(.rename("closed")))
    #expect(store.state == ListTree(rows: [Row(id: 1)]))
    store.dispatch(.open(1))
    store.dispatch(.detail(.rename("open")))
    #expect(store.state.detail?.title == "open")
  }

  @Test func theParentHearsItsChildrensDelegateOutcomes() {
    let store = Store(initial: ListTree(), reducer: listReducer)
    for id in 1...3 { store.dispatch(.add(id)) }
    store.dispatch(.row(id: 1, action: .delegate(.deleteMe)))
    #expect(store.state.rows.ids == [2, 3])
    store.dispatch(.open(3))
    store.dispatch(.detail(.delegate(.saved("kept"))))
    #expect(store.state.saved == ["kept"])
    #expect(store.state.detail == nil)
  }

  @Test func anElementScopeAnswersWhileItsRowExistsAndSeesOnlyItsRow() {
    let issues = Shared<[String]>([])
    let store = Store(
      initial: ListTree(), reducer: listReducer,
      report: { issue in issues.withLock { $0.append("\(issue)") } })
    for id in 1...3 { store.dispatch(.add(id)) }
    let scopes = (1...3).map { id in
      store.scope(element: id, in: \.rows, action: { ListAction.row(id: $0, action: $1) })
    }
    let seen = Shared<[Int: [String?]]>([:])
    let tokens = scopes.enumerated().map { offset, scope in
      scope.observe(\.?.title) { title in
        seen.withLock { $0[offset + 1, default: []].append(title) }
      }
    }
    scopes[1].dispatch(.rename("two"))
    #expect(store.state.rows[id: 2]?.title == "two")
    #expect(scopes[1].state?.title == "two")
    // Rows 1 and 3 heard their first value only.
    #expect(seen.current == [1: [""], 2: ["", "two"], 3: [""]])

    store.dispatch(.row(id: 2, action: .delegate(.deleteMe)))
    #expect(scopes[1].state == nil)
    #expect(seen.current[2] == ["", "two", nil])
    // A dispatch to the gone row is dropped, reported, and reaches no other row.
    let before = store.state
    scopes[1].dispatch(.rename("late"))
    #expect(store.state == before)
    #expect(issues.current.count == 1)
    #expect(issues.current.first?.contains("rename(\"late\")") == true)
    #expect(issues.current.first?.contains("it was dropped") == true)
    // The row comes back under the same id: the scope answers again.
    store.dispatch(.add(2))
    scopes[1].dispatch(.rename("back"))
    #expect(store.state.rows[id: 2]?.title == "back")
    withExtendedLifetime(tokens) {}
  }

  @Test func anOptionalScopeDropsWhatIsDispatchedWhileItsPartIsGone() {
    let issues = Shared<[String]>([])
    let store = Store(
      initial: ListTree(), reducer: listReducer,
      report: { issue in issues.withLock { $0.append("\(issue)") } })
    let detail = store.scope(optional: \.detail, action: ListAction.detail)
    detail.dispatch(.rename("closed"))
    #expect(store.state == ListTree())
    #expect(issues.current.count == 1)
    store.dispatch(.add(1))
    store.dispatch(.open(1))
    detail.dispatch(.rename("open"))
    #expect(detail.state?.title == "open")
  }

  @Test func scopesNestThroughAnOptionalAndACollection() {
    struct Screen: Equatable, Sendable { var list = ListTree() }
    enum ScreenAction: Equatable, Sendable { case list(ListAction) }
    let store = Store(
      initial: Screen(),
      reducer: pullback(
        listReducer, state: \Screen.list,
        action: { (action: ScreenAction) in if case .list(let a) = action { a } else { nil } }))
    let list = store.scope(state: \.list, action: ScreenAction.list)
    list.dispatch(.add(4))
    let row = list.scope(element: 4, in: \.rows, action: { ListAction.row(id: $0, action: $1) })
    row.dispatch(.rename("four"))
    #expect(store.state.list.rows[id: 4]?.title == "four")
    let detail = list.scope(optional: \.detail, action: ListAction.detail)
    #expect(detail.state == nil)
    list.dispatch(.open(4))
    #expect(detail.state?.title == "four")
  }

  @Test func tenThousandRowsAddedAndRemovedLeaveNoScopeObserverBehind() {
    let store = Store(initial: ListTree(), reducer: listReducer)
    for id in 0..<10_000 {
      store.dispatch(.add(id))
      let row = store.scope(element: id, in: \.rows, action: { ListAction.row(id: $0, action: $1) })
      let token = row.observe(\.?.title) { _ in }
      if id == 5_000 { #expect(store.engine.storage.hasObservers) }
      store.dispatch(.row(id: id, action: .delegate(.deleteMe)))
      token.cancel()
    }
    #expect(store.state.rows.isEmpty)
    #expect(!store.engine.storage.hasObservers)
  }
}

/// Element scopes' observers, told by the collection's log which rows changed.
@Suite struct ElementScopeObserverTests {
  struct Tree: Equatable, Sendable { var rows: IdentifiedArray<Row> = [] }
  enum Action: Equatable, Sendable {
    case add(Int), insertFirst(Int), remove(Int), renameAll(String), sort, rename(Int, String)
  }

  static let reducer: MutatingReducer<Tree, Action> = { state, action in
    switch action {
    case .add(let id): state.rows.append(Row(id: id))
    case .insertFirst(let id): state.rows.insert(Row(id: id), at: 0)
    case .remove(let id): state.rows[id: id] = nil
    case .renameAll(let title): for id in state.rows.ids { state.rows[id: id]?.title = title }
    case .sort: state.rows.sort { $0.id > $1.id }
    case .rename(let id, let title): state.rows[id: id]?.title = title
    }
  }

  @Test func everyKindOfChangeReachesTheRowsItChangedAndNoOther() {
    let store = Store(initial: Tree(), reducer: Self.reducer)
    for id in 1...3 { store.dispatch(.add(id)) }
    let seen = Shared<[String]>([])
    let tokens = (1...4).map { id in
      store.scope(element: id, in: \.rows, action: { _, action in action })
        .observe(\.?.title) { title in seen.withLock { $0.append("\(id):\(title ?? "nil")") } }
    }
    #expect(seen.current == ["1:", "2:", "3:", "4:nil"])
    seen.withLock { $0.removeAll() }
    store.dispatch(.rename(2, "b"))
    #expect(seen.current == ["2:b"])
    store.dispatch(.add(4))
    #expect(seen.current == ["2:b", "4:"])
    store.dispatch(.renameAll("x"))
    #expect(Set(seen.current.suffix(4)) == ["1:x", "2:x", "3:x", "4:x"])
    seen.withLock { $0.removeAll() }
    store.dispatch(.sort)
    store.dispatch(.insertFirst(9))
    #expect(seen.current.isEmpty)
    store.dispatch(.rename(3, "c"))
    #expect(seen.current == ["3:c"])
    store.dispatch(.remove(1))
    #expect(seen.current == ["3:c", "1:nil"])
    withExtendedLifetime(tokens) {}
  }

  @Test func aScopeMadeAfterALongHistoryStartsFromTheRowAsItIs() {
    let store = Store(initial: Tree(), reducer: Self.reducer)
    for id in 0..<600 { store.dispatch(.add(id)) }
    for id in 0..<600 { store.dispatch(.rename(id, "r\(id)")) }
    let seen = Shared<[String?]>([])
    let token = store.scope(element: 599, in: \.rows, action: { _, action in action })
      .observe(\.?.title) { title in seen.withLock { $0.append(title) } }
    for id in 0..<300 { store.dispatch(.rename(id, "again")) }
    store.dispatch(.rename(599, "last"))
    #expect(seen.current == ["r599", "last"])
    token.cancel()
    #expect(!store.engine.storage.hasObservers)
  }
}
