import Reactors
import ReactorsTestSupport
import ReactorsTesting
import Testing

/// An app whose screens are pushed on a stack and presented in a sheet and an alert.
struct NavigationTree: Equatable, Sendable {
  enum Screen: Equatable, Sendable { case row(Row), settings }
  enum AlertAction: Equatable, Sendable { case confirmDelete }
  var path = StackState<Screen>()
  var sheet: Row?
  var alert: AlertState<AlertAction>?
  var deleted = 0
}

enum NavigationTreeAction: Equatable, Sendable {
  case path(StackAction<NavigationTree.Screen, RowAction>)
  case sheet(PresentationAction<RowAction>)
  case alert(PresentationAction<NavigationTree.AlertAction>)
  case open(Int)
  case presentSheet(Int)
  case askToDelete
}

let screenReducer: MutatingReducer<NavigationTree.Screen, RowAction> = { screen, action in
  guard case .row(var row) = screen else { return }
  rowReducer(&row, action)
  screen = .row(row)
}

let navigationTreeReducer = combineReducers(
  forEach(
    screenReducer, stack: \NavigationTree.path,
    action: { if case .path(let action) = $0 { action } else { nil } }),
  ifLet(
    rowReducer, presented: \NavigationTree.sheet,
    action: { if case .sheet(let action) = $0 { action } else { nil } }),
  ifLet(
    { (_: inout AlertState<NavigationTree.AlertAction>, _: NavigationTree.AlertAction) in },
    presented: \NavigationTree.alert,
    action: { if case .alert(let action) = $0 { action } else { nil } }),
  { (state: inout NavigationTree, action: NavigationTreeAction) in
    switch action {
    case .open(let id): state.path.push(.row(Row(id: id)))
    case .presentSheet(let id): state.sheet = Row(id: id)
    case .askToDelete:
      state.alert = AlertState(
        title: "Delete?",
        buttons: [ButtonState(title: "Delete", role: .destructive, action: .confirmDelete)])
    case .alert(.presented(.confirmDelete)):
      state.deleted += 1
      state.alert = nil
    case .path, .sheet, .alert: break
    }
  })

/// Navigation as state: push, pop, present and dismiss are state changes routed by
/// `forEach(_:stack:action:)` and `ifLet(_:presented:action:)`; misuse changes nothing.
@Suite(.timeLimit(.minutes(1))) struct NavigationReducersTests {
  @Test func screensArePushedChangedAndPoppedAsState() {
    let store = Store(initial: NavigationTree(), reducer: navigationTreeReducer)
    store.dispatch(.open(1))
    store.dispatch(.open(2))
    store.dispatch(.open(3))
    let ids = store.state.path.ids
    #expect(ids.count == 3)
    store.dispatch(.path(.element(id: ids[1], action: .rename("two"))))
    #expect(store.state.path[id: ids[1]] == .row(Row(id: 2, title: "two")))
    // A back swipe to the first screen pops everything above it.
    store.dispatch(.path(.popFrom(id: ids[1])))
    #expect(store.state.path.ids == [ids[0]])
    store.dispatch(.path(.push(id: store.state.path.nextID, state: .settings)))
    #expect(store.state.path.last == .settings)
  }

  @Test func misusesOfTheStackChangeNothing() {
    let store = Store(initial: NavigationTree(), reducer: navigationTreeReducer)
    store.dispatch(.open(1))
    let before = store.state
    store.dispatch(.path(.popFrom(id: StackElementID(rawValue: 99))))
    store.dispatch(.path(.element(id: StackElementID(rawValue: 99), action: .rename("gone"))))
    store.dispatch(.path(.push(id: before.path.ids[0], state: .settings)))
    #expect(store.state == before)
    var empty = StackState<NavigationTree.Screen>()
    #expect(empty.pop() == nil)
    #expect(empty.isEmpty)
  }

  @Test func aSheetIsPresentedChangedAndDismissedAsState() {
    let store = Store(initial: NavigationTree(), reducer: navigationTreeReducer)
    store.dispatch(.presentSheet(5))
    store.dispatch(.sheet(.presented(.rename("five"))))
    #expect(store.state.sheet == Row(id: 5, title: "five"))
    // An interactive dismiss writes back as an action.
    store.dispatch(.sheet(.dismiss))
    #expect(store.state.sheet == nil)
    // A dismiss or an action with nothing presented changes nothing.
    let before = store.state
    store.dispatch(.sheet(.dismiss))
    store.dispatch(.sheet(.presented(.rename("late"))))
    #expect(store.state == before)
  }

  @Test func anAlertsButtonSendsItsActionAndTheAlertGoes() async {
    let tester = StoreTester(Store(initial: NavigationTree(), reducer: navigationTreeReducer))
    await tester.send(.askToDelete) {
      $0.alert = AlertState(
        title: "Delete?",
        buttons: [ButtonState(title: "Delete", role: .destructive, action: .confirmDelete)])
    }
    await tester.send(.alert(.presented(.confirmDelete))) {
      $0.alert = nil
      $0.deleted = 1
    }
    await tester.send(.askToDelete) {
      $0.alert = AlertState(
        title: "Delete?",
        buttons: [ButtonState(title: "Delete", role: .destructive, action: .confirmDelete)])
    }
    await tester.send(.alert(.dismiss)) { $0.alert = nil }
    await tester.finish()
  }

  @Test func aPoppedScreensEffectsAreCancelled() async {
    let clock = TestClock()
    let (cancellations, cancelled) = AsyncStream<Int>.makeStream()
    let ticking = tickingRow(clock: clock, cancelled: cancelled)
    let screenMiddleware: Middleware<NavigationTree.Screen, RowAction> = { screen, action in
      guard case .row(let row) = screen else { return .none }
      return ticking(row, action)
    }
    let store = Store(
      initial: NavigationTree(), reducer: navigationTreeReducer,
      middlewares: [
        forEach(
          middleware: screenMiddleware, stack: \NavigationTree.path,
          action: { if case .path(let action) = $0 { action } else { nil } },
          embed: { NavigationTreeAction.path(.element(id: $0, action: $1)) })
      ])
    store.dispatch(.open(1))
    store.dispatch(.open(2))
    let ids = store.state.path.ids
    store.dispatch(.path(.element(id: ids[0], action: .rename("tick"))))
    store.dispatch(.path(.element(id: ids[1], action: .rename("tick"))))
    await clock.waitForSleepers(2)
    store.dispatch(.path(.popFrom(id: ids[1])))
    let first = await firstValue(of: cancellations)
    #expect(first == 2)
    await clock.advance(by: .seconds(1))
    await store.settled()
    #expect(store.state.path.map { $0 } == [.row(Row(id: 1, title: "ticked"))])
  }

  @Test func aDismissedSheetsEffectsAreCancelled() async {
    let clock = TestClock()
    let (cancellations, cancelled) = AsyncStream<Int>.makeStream()
    let store = Store(
      initial: NavigationTree(), reducer: navigationTreeReducer,
      middlewares: [
        ifLet(
          middleware: tickingRow(clock: clock, cancelled: cancelled),
          presented: \NavigationTree.sheet,
          action: { if case .sheet(let action) = $0 { action } else { nil } },
          embed: { NavigationTreeAction.sheet(.presented($0)) })
      ])
    store.dispatch(.presentSheet(3))
    store.dispatch(.sheet(.presented(.rename("tick"))))
    await clock.waitForSleepers(1)
    store.dispatch(.sheet(.dismiss))
    let first = await firstValue(of: cancellations)
    #expect(first == 3)
    await store.settled()
    #expect(store.runningEffectCount == 0)
  }
}

/// `ifLet(alert:action:)` and `combineMiddlewares`/`pullback(middleware:)`.
@Suite(.timeLimit(.minutes(1))) struct AlertReducerAndMiddlewareCompositionTests {
  struct Screen: Equatable, Sendable {
    var alert: AlertState<NavigationTree.AlertAction>?
    var deleted = 0
  }
  enum ScreenAction: Equatable, Sendable {
    case ask
    case alert(PresentationAction<NavigationTree.AlertAction>)
  }

  @Test func anAlertGoesAwayOnAnyButtonAndOnDismiss() {
    let reducer = combineReducers(
      ifLet(
        alert: \Screen.alert,
        action: { (action: ScreenAction) in if case .alert(let a) = action { a } else { nil } }),
      { (state: inout Screen, action: ScreenAction) in
        switch action {
        case .ask: state.alert = AlertState(title: "Delete?")
        case .alert(.presented(.confirmDelete)): state.deleted += 1
        case .alert: break
        }
      })
    let store = Store(initial: Screen(), reducer: reducer)
    store.dispatch(.ask)
    store.dispatch(.alert(.presented(.confirmDelete)))
    #expect(store.state == Screen(alert: nil, deleted: 1))
    store.dispatch(.ask)
    store.dispatch(.alert(.dismiss))
    #expect(store.state == Screen(alert: nil, deleted: 1))
    // Nothing presented: the alert's reducer drops it (the parent's own reducer still sees
    // the action, as every reducer sees every action).
    store.dispatch(.alert(.dismiss))
    #expect(store.state == Screen(alert: nil, deleted: 1))
  }

  @Test func middlewaresCombineAndPullBackToTheWholeTree() async {
    struct Tree: Equatable, Sendable { var child = 0 }
    enum TreeAction: Equatable, Sendable { case child(Int), echoed(Int) }
    let doubling: Middleware<Int, Int> = { state, action in
      action < 100 ? .just(state * 100) : .none
    }
    let logged = Shared<[TreeAction]>([])
    let middleware = combineMiddlewares(
      pullback(
        middleware: doubling, state: \Tree.child,
        action: { (action: TreeAction) in if case .child(let a) = action { a } else { nil } },
        embed: TreeAction.echoed),
      { (_: Tree, action: TreeAction) in
        logged.withLock { $0.append(action) }
        return .none
      })
    let store = Store(
      initial: Tree(),
      reducer: { (state: inout Tree, action: TreeAction) in
        if case .child(let value) = action { state.child = value }
      }, middlewares: [middleware])
    store.dispatch(.child(3))
    await store.settled()
    #expect(logged.current == [.child(3), .echoed(300)])
  }
}
