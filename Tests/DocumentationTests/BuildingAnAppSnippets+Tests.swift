// The code of the article "Building an app" (Sources/Reactors/Reactors.docc/BuildingAnApp.md),
// continued from BuildingAnAppSnippets.swift: shared state, dependencies, and the tests that
// run every snippet of the article.

import Reactors
import ReactorsTestSupport
import ReactorsTesting
import Testing

// MARK: - Shared state

nonisolated struct AccountState: Equatable {
  var userName: String?
  var theme = "light"
}

nonisolated enum AccountAction: Equatable { case signIn(String), signOut, setTheme(String) }

let accountReducer: MutatingReducer<AccountState, AccountAction> = { state, action in
  switch action {
  case .signIn(let name): state.userName = name
  case .signOut: state.userName = nil
  case .setTheme(let theme): state.theme = theme
  }
}

final class WelcomeReactor: Reactor {
  enum Action { case userChanged(String?) }
  struct State: Equatable { var greeting = "" }

  let storage = Storage()
  let initialState = State()

  init(account: Store<AccountState, AccountAction>) {
    follow(account, \.userName, as: Action.userChanged)
  }

  func reduce(state: inout State, mutation: Action) {
    switch mutation {
    case .userChanged(let name): state.greeting = name.map { "Hello, \($0)" } ?? "Signed out"
    }
  }
}

// MARK: - Dependencies

/// Stands in for a file or a server the standups would be saved to.
private let savedStandups = Shared<[Standup]>([])

func writeToDisk(_ standup: Standup) async throws {
  savedStandups.withLock { $0.append(standup) }
}

struct StandupsClient: Sendable {
  var save: @Sendable (Standup) async throws -> Void
}

extension StandupsClient: DependencyKey {
  static let liveValue = StandupsClient(save: { standup in try await writeToDisk(standup) })

  static func testValue(_ unimplemented: Unimplemented) -> StandupsClient {
    StandupsClient(save: unimplemented("save"))
  }
}

extension Dependencies {
  var standupsClient: StandupsClient {
    get { self[StandupsClient.self] }
    set { self[StandupsClient.self] = newValue }
  }
}

let design = Standup(id: 1, title: "Design")

@Suite(.timeLimit(.minutes(1))) struct BuildingAnAppSnippets {
  @Test func aRowAndADetailOfOneStateTree() {
    let issues = Shared<[String]>([])
    let report: @Sendable (ReactorIssue<StandupsAction>) -> Void = { issue in
      issues.withLock { $0.append("\(issue)") }
    }
    let dependencies = Dependencies.test { $0.standupsClient.save = { _ in } }
    // `makeStandupsStore`'s store, with a `report` that collects what the scope drops.
    let store = Store(
      initial: StandupsState(), reducer: standupsReducer,
      middlewares: [
        ifLet(
          middleware: detailMiddleware(dependencies.standupsClient),
          state: \StandupsState.detail,
          action: { if case .detail(let action) = $0 { action } else { nil } },
          embed: StandupsAction.detail)
      ], report: report)

    store.dispatch(.add(Standup(id: 1, title: "Design")))
    let row = store.scope(element: 1, in: \.standups, action: { .row(id: $0, action: $1) })
    row.dispatch(.toggleFavorite)
    #expect(store.state.standups[id: 1]?.isFavorite == true)

    store.dispatch(.open(1))
    let detail = store.scope(optional: \.detail, action: StandupsAction.detail)
    detail.dispatch(.rename("Daily"))
    detail.dispatch(.delete)  // the middleware answers .delegate(.deleted(1))
    #expect(store.state.detail == nil)
    #expect(store.state.standups.isEmpty)
    detail.dispatch(.rename("Late"))  // the detail is gone: dropped and reported
    #expect(row.state == nil)

    #expect(issues.current.count == 1)
    #expect(issues.current.first?.contains("rename(\"Late\")") == true)
  }

  @Test func closingTheDetailCancelsItsSave() async {
    let clock = TestClock()
    let dependencies = Dependencies.test {
      $0.standupsClient.save = { _ in try await clock.sleep(for: .seconds(1)) }
    }
    let tester = StoreTester(makeStandupsStore(dependencies: dependencies), clock: clock)
    await tester.send(.add(design)) { $0.standups = [design] }
    await tester.send(.open(1)) { $0.detail = DetailState(standup: design) }
    await tester.send(.detail(.rename("Daily"))) { $0.detail?.standup.title = "Daily" }
    await tester.send(.detail(.save)) { $0.detail?.isSaving = true }
    await tester.advance(by: .seconds(1))
    await tester.receive(.detail(.saved)) {
      $0.detail?.isSaving = false
      $0.standups[id: 1]?.title = "Daily"
    }
    await tester.send(.detail(.save)) { $0.detail?.isSaving = true }
    await tester.send(.close) { $0.detail = nil }
    // No `.saved` comes: the save was cancelled with its detail, and `finish` finds nothing
    // running.
    await tester.finish()
    #expect(clock.sleeperCount == 0)
  }

  @Test func childReactorsOwnTheirStateAndTellTheirParent() {
    let list = StandupListReactor()
    list.send(.add(Standup(id: 1, title: "Design")))
    list.rows[1]?.send(.rename("Daily"))  // that row's reactor only
    #expect(list.rows[1]?.currentState.title == "Daily")
    #expect(list.currentState.standups[id: 1]?.title == "Daily")  // told through its output
    // Declared, then set: Swift 6.2 has no `weak let`, and 6.3 warns of a `weak var` set once.
    weak var row: StandupRowReactor?
    row = list.rows[1]
    list.rows[1]?.send(.delete)
    #expect(list.rows[1] == nil)  // released with its seed
    #expect(row == nil)
  }

  @Test func pushPopPresentAndDismissAreStateChanges() {
    let store = makeRootStore(Standup(id: 1, title: "Design"))
    store.dispatch(.standupTapped(1))
    store.dispatch(.settingsTapped)
    let path = store.pathBinding(\.path, action: RootAction.path)
    path.write([path.ids[0]])  // a back swipe: sends .path(.popFrom(id: #1))
    #expect(store.state.path.count == 1)

    store.dispatch(.editTapped(1))
    let sheet = store.presentationBinding(\.editor, action: RootAction.editor)
    sheet.write(nil)  // swiped down: sends .editor(.dismiss)
    #expect(store.state.editor == nil)

    store.dispatch(.deleteTapped(1))
    let alert = store.alertBinding(\.alert, action: RootAction.alert)
    alert.tap(alert.effectiveButtons[0])  // sends .alert(.presented(.confirmDeletion(1)))
    alert.setPresented(false)  // SwiftUI's own write afterwards: nothing more is sent
    #expect(store.state.alert == nil)
    #expect(store.state.standups.isEmpty)
    #expect(store.state.path.isEmpty)
  }

  @Test func aScreensActionsReachItByID() {
    let store = makeRootStore(design)
    store.dispatch(.standupTapped(1))
    let id = store.state.path.ids[0]
    store.dispatch(.path(.element(id: id, action: .rename("Daily"))))
    #expect(
      store.state.path[id: id] == .detail(DetailState(standup: Standup(id: 1, title: "Daily"))))
    store.dispatch(.path(.popFrom(id: id)))
    // A late action for the popped screen is dropped; it reaches no newer screen.
    store.dispatch(.standupTapped(1))
    store.dispatch(.path(.element(id: id, action: .rename("Late"))))
    #expect(store.state.path.ids != [id])
    #expect(store.state.path.first == .detail(DetailState(standup: design)))
  }

  @Test func aNavigationControllerIsKeptInLine() {
    let store = makeRootStore(design)
    store.dispatch(.standupTapped(1))
    var sync = NavigationControllerSync()
    let changes = sync.update(to: store.state.path.ids)  // what to push and pop
    #expect(changes.pushed == store.state.path.ids)
    // The user swiped back to the list: no screen above the root.
    if let id = sync.didShow(visibleCount: 0) {
      store.dispatch(.path(.popFrom(id: id)))
    }
    #expect(store.state.path.isEmpty)
    #expect(sync.update(to: store.state.path.ids).isNone)  // the screen shows it already
  }

  @Test func aDeepLinkOpensAWholeStateInOneChange() throws {
    let store = makeRootStore(Standup(id: 1, title: "Design"))
    store.dispatch(.openURL("/standups/1/edit"))
    #expect(store.state.path.count == 1)
    #expect(store.state.editor?.title == "Design")

    store.dispatch(.openURL("/standups/9"))
    #expect(store.state.path.count == 1)  // nothing else changed
    #expect(
      store.state.alert?.message
        == "The deep link names something that does not exist: no standup with id 9. The link "
        + "is stale or wrong; nothing was opened.")

    #expect(
      throws: DeepLinkError.invalidParameter(
        name: "id", value: "x", expected: "a decimal integer from \(Int.min) through \(Int.max)")
    ) {
      try standupsLinks.open("/standups/x", in: store.state)
    }
    #expect(
      throws: DeepLinkError.unknownRoute(
        path: ["meetings"], known: ["standups/:id", "standups/:id/edit"])
    ) {
      try standupsLinks.open("standups:meetings", in: store.state)
    }
  }

  @Test func aDeepLinksScreensGetNewIDs() {
    let store = makeRootStore(design)
    store.dispatch(.standupTapped(1))
    let old = store.state.path.ids
    store.dispatch(.openURL("/standups/1"))
    #expect(store.state.path.count == 1)
    #expect(store.state.path.ids != old)
  }

  @Test func screensFollowSharedStateInTheSameTurn() {
    let account = Store(initial: AccountState(), reducer: accountReducer)
    let home = WelcomeReactor(account: account)
    let settings = WelcomeReactor(account: account)
    account.dispatch(.signIn("kim"))
    #expect(home.currentState.greeting == "Hello, kim")  // before dispatch returned
    #expect(settings.currentState.greeting == "Hello, kim")
  }

  @Test func aFollowersSubscriptionEndsWithIt() {
    let account = Store(initial: AccountState(), reducer: accountReducer)
    var screen: WelcomeReactor? = WelcomeReactor(account: account)
    weak var released: WelcomeReactor?
    released = screen
    screen = nil
    #expect(released == nil)
    account.dispatch(.signIn("lee"))
    #expect(account.state.userName == "lee")
  }

  @Test func theLiveClientAndAPreview() async throws {
    let live = Dependencies.live.standupsClient
    try await live.save(design)
    #expect(savedStandups.current.contains(design))
    // The preview's client replaces the live one: its save reaches the live client no more.
    let savesBefore = savedStandups.current.count
    let previewSaves = Shared(0)
    let preview = Dependencies.live.with {
      $0.standupsClient.save = { _ in previewSaves.increment() }
    }
    try await preview.standupsClient.save(design)
    #expect(previewSaves.current == 1)
    #expect(savedStandups.current.count == savesBefore)
  }

  @Test func aClientTheTestDidNotProvideFailsItByName() async {
    let tester = StoreTester(makeStandupsStore(dependencies: .test()))
    await tester.send(.add(design)) { $0.standups = [design] }
    await tester.send(.open(1)) { $0.detail = DetailState(standup: design) }
    await withKnownIssue {
      await tester.send(.detail(.save)) { $0.detail?.isSaving = true }
      await tester.finish()
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        "StandupsClient.save was called, but this test did not provide StandupsClient. Provide "
          + "it: `dependencies[StandupsClient.self] = StandupsClient(save: { … })` (or "
          + "`Dependencies.test { $0[StandupsClient.self] = … }`)."
      ]
    }
  }

  @Test func theDetailTestedAlone() async {
    let clock = TestClock()
    let client = StandupsClient(save: { _ in try await clock.sleep(for: .seconds(1)) })
    let detail = Store(
      initial: DetailState(standup: design), reducer: detailReducer,
      middlewares: [detailMiddleware(client)])
    let tester = StoreTester(detail, clock: clock)
    await tester.send(.save) { $0.isSaving = true }
    await tester.advance(by: .seconds(1))
    await tester.receive(.saved) { $0.isSaving = false }
    await tester.send(.delete)
    await tester.receive(.delegate(.deleted(1)))
    await tester.finish()
  }

  @Test func aRowReactorTestedAlone() async {
    let (outputs, told) = AsyncStream.makeStream(of: StandupRowReactor.Output.self)
    let row = StandupRowReactor(standup: design, output: ChildOutput { told.yield($0) })
    let tester = ReactorTester(row)
    await tester.send(.rename("Daily")) { $0.title = "Daily" }
    await tester.send(.delete)
    await tester.finish()
    told.finish()
    var seen: [StandupRowReactor.Output] = []
    for await output in outputs { seen.append(output) }
    #expect(seen == [.renamed("Daily"), .deleted])
  }
}
