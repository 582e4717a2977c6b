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
    let first = await withDeadline(30) {
      var iterator = cancellations.makeAsyncIterator()
      return await iterator.next()
    }
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
    let first = await withDeadline(30) {
      var iterator = cancellations.makeAsyncIterator()
      return await iterator.next()
    }
    #expect(first == 3)
    await store.settled()
    #expect(store.runningEffectCount == 0)
  }
}
