// The code of the article "Migrating from ReactorKit" (Sources/Reactors/Reactors.docc),
// compiled and run.

import Reactors
import ReactorsTesting
import Testing

/// ReactorKit's GitHubSearch: latest-wins search, pagination, errors turned into values.
final class SearchReactor: Reactor {
  enum Action { case updateQuery(String), loadNextPage }
  enum Mutation: Equatable {
    case setQuery(String)
    case setRepos([String], nextPage: Int?)
    case appendRepos([String], nextPage: Int?)
    case setLoading(Bool)
  }
  struct State: Equatable {
    var query = ""
    var repos: [String] = []
    var nextPage: Int?
    var isLoading = false
  }
  typealias Page = (repos: [String], nextPage: Int?)
  enum ID { case search }

  let storage = Storage()
  let initialState = State()
  let search: @Sendable (_ query: String, _ page: Int) async throws -> Page

  init(search: @escaping @Sendable (_ query: String, _ page: Int) async throws -> Page) {
    self.search = search
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .updateQuery(let query):
      return .concat(
        .just(.setQuery(query)),
        .run { [search] send in
          let page = try await search(query, 1)
          send(.setRepos(page.repos, nextPage: page.nextPage))
        }
        .catchAndReturn(.setRepos([], nextPage: nil))
        .cancellable(id: ID.search, cancelInFlight: true))
    case .loadNextPage:
      guard !currentState.isLoading, let page = currentState.nextPage else { return .none }
      let query = currentState.query
      return .concat(
        .just(.setLoading(true)),
        .run { [search] send in
          let next = try await search(query, page)
          send(.appendRepos(next.repos, nextPage: next.nextPage))
        }
        .catch { _ in .none }
        .cancellable(id: ID.search),
        .just(.setLoading(false)))
    }
  }

  func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .setQuery(let query): state.query = query
    case .setRepos(let repos, let nextPage):
      state.repos = repos
      state.nextPage = nextPage
    case .appendRepos(let repos, let nextPage):
      state.repos += repos
      state.nextPage = nextPage
    case .setLoading(let isLoading): state.isLoading = isLoading
    }
  }
}

/// RxTodo's task service: its events go out on a relay instead of a `PublishSubject`.
final class TodoService: Sendable {
  let event = PublishRelay<String>()
}

/// A reactor that merges the service's events into its mutations in `transform`.
final class TodoListReactor: Reactor {
  enum Action { case clear }
  enum Mutation { case insert(String), clear }
  struct State { var titles: [String] = [] }

  let storage = Storage()
  let initialState = State()
  let service: TodoService

  init(service: TodoService) { self.service = service }

  func mutate(action: Action) -> Effect<Mutation> { .just(.clear) }

  func transform(mutation: Upstream<Mutation>) -> Upstream<Mutation> {
    let created = service.event.flatMap { [weak self] title -> Effect<Mutation> in
      guard let self, !currentState.titles.contains(title) else { return .none }
      return .just(.insert(title))
    }
    return .merge(mutation, created)
  }

  func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .insert(let title): state.titles.append(title)
    case .clear: state.titles = []
    }
  }
}

// MARK: - Parent and child reactors

/// RxTodo's `Task`: the seed of a cell's reactor.
struct TaskItem: Identifiable, Equatable {
  let id: Int
  var title: String
  var isDone = false
}

/// RxTodo's `TaskCellReactor`: one per row, owning its row's state, telling its list what
/// happened.
final class TaskCellReactor: OutputtingReactor {
  enum Action { case toggleDone }
  enum Output { case doneChanged(Bool) }
  struct State: Equatable {
    var title: String
    var isDone: Bool
  }

  let storage = Storage()
  let initialState: State
  let output: ChildOutput<Output>

  init(task: TaskItem, output: ChildOutput<Output>) {
    initialState = State(title: task.title, isDone: task.isDone)
    self.output = output
  }

  func mutate(action: Action) -> Effect<Action> {
    switch action {
    case .toggleDone: output(.doneChanged(!currentState.isDone))
    }
    return .just(action)
  }

  func reduce(state: inout State, mutation: Action) {
    switch mutation {
    case .toggleDone: state.isDone.toggle()
    }
  }
}

/// RxTodo's `TaskListViewReactor`: its state holds the tasks; `cells` holds a reactor per task.
final class TaskListViewReactor: Reactor {
  enum Action {
    case add(TaskItem)
    case delete(TaskItem.ID)
    case cell(TaskItem.ID, TaskCellReactor.Output)
  }
  struct State { var tasks: IdentifiedArray<TaskItem> = [] }

  let storage = Storage()
  let initialState = State()
  let cells = ReactorChildren<TaskItem.ID, TaskCellReactor>()

  init() {
    cells.follow(self, \.tasks) { task, output in
      TaskCellReactor(task: task, output: output)
    } output: { id, output in
      .cell(id, output)
    }
  }

  func reduce(state: inout State, mutation: Action) {
    switch mutation {
    case .add(let task): state.tasks.append(task)
    case .delete(let id): state.tasks.remove(id: id)
    case .cell(let id, .doneChanged(let isDone)): state.tasks[id: id]?.isDone = isDone
    }
  }
}

/// RxTodo's `TaskCell`, with `Label` standing in for `UILabel`.
final class TaskCell: ReactorView {
  let reactorBindings = Bindings()
  let titleLabel = UIKitViewsArticle.Label()
  let checkmark = UIKitViewsArticle.Label()

  func bind(reactor: TaskCellReactor) {
    bindState(\.title, to: titleLabel, \.text)
    bindState(\.isDone) { [weak self] in self?.checkmark.text = $0 ? "✓" : nil }
  }
}

/// Who is signed in, owned by one reactor (where ReactorKit apps kept a `UserService` with a
/// `BehaviorRelay`).
final class SessionReactor: Reactor {
  enum Action { case signIn(String), signOut }
  struct State: Equatable { var userName: String? }

  let storage = Storage()
  let initialState = State()

  func reduce(state: inout State, mutation: Action) {
    switch mutation {
    case .signIn(let name): state.userName = name
    case .signOut: state.userName = nil
    }
  }
}

final class MenuViewReactor: Reactor {
  enum Action { case userChanged(String?) }
  struct State: Equatable { var title = "" }

  let storage = Storage()
  let initialState = State()

  init(session: SessionReactor) {
    follow(session, \.userName, as: Action.userChanged)
  }

  func reduce(state: inout State, mutation: Action) {
    switch mutation {
    case .userChanged(let name): state.title = name ?? "Sign in"
    }
  }
}

@Suite(.timeLimit(.minutes(1))) struct ReactorKitMigrationSnippets {
  let clock = TestClock()

  func searchReactor() -> SearchReactor {
    SearchReactor { [clock] query, page in
      try await clock.sleep(for: .milliseconds(100))
      return (["\(query) \(page)"], page < 2 ? page + 1 : nil)
    }
  }

  @Test func searchThenLoadTheNextPage() async {
    let tester = ReactorTester(searchReactor(), clock: clock)
    await tester.send(.updateQuery("swift")) { $0.query = "swift" }
    await tester.advance(by: .milliseconds(100))
    await tester.receive(.setRepos(["swift 1"], nextPage: 2)) {
      $0.repos = ["swift 1"]
      $0.nextPage = 2
    }
    await tester.send(.loadNextPage) { $0.isLoading = true }
    await tester.advance(by: .milliseconds(100))
    await tester.receive(.appendRepos(["swift 2"], nextPage: nil)) {
      $0.repos = ["swift 1", "swift 2"]
      $0.nextPage = nil
    }
    await tester.receive(.setLoading(false)) { $0.isLoading = false }
    await tester.finish()
  }

  @Test func aNewQueryCancelsTheSearchInFlight() async {
    let tester = ReactorTester(searchReactor(), clock: clock)
    await tester.send(.updateQuery("sw")) { $0.query = "sw" }
    await tester.send(.updateQuery("swift")) { $0.query = "swift" }
    await tester.advance(by: .milliseconds(100))
    await tester.receive(.setRepos(["swift 1"], nextPage: 2)) {
      $0.repos = ["swift 1"]
      $0.nextPage = 2
    }
    await tester.finish()
  }

  @Test func aServiceEventIsReducedBeforeAcceptReturns() {
    let service = TodoService()
    let reactor = TodoListReactor(service: service)
    _ = reactor.currentState  // starts the reactor, which subscribes to the relay
    service.event.accept("Buy milk")
    #expect(reactor.currentState.titles == ["Buy milk"])
    reactor.send(.clear)
    #expect(reactor.currentState.titles.isEmpty)
  }

  @MainActor @Test func aCellReactorPerRow() {
    let list = TaskListViewReactor()
    list.send(.add(TaskItem(id: 1, title: "Buy milk")))
    list.send(.add(TaskItem(id: 2, title: "Walk the dog")))
    let row = 1
    let cell = TaskCell()
    cell.reactor = list.cells[list.currentState.tasks[row].id]  // in tableView(_:cellForRowAt:)
    #expect(cell.titleLabel.text == "Walk the dog")

    cell.reactor?.send(.toggleDone)
    #expect(cell.checkmark.text == "✓")  // the cell's own state
    #expect(list.currentState.tasks[id: 2]?.isDone == true)  // told to the list, typed
    #expect(list.cells[1]?.currentState.isDone == false)  // the other row: untouched
    #expect(list.cells[2] === cell.reactor)  // the task changed in place: the cell was kept

    list.send(.delete(2))
    #expect(list.cells[2] == nil)  // released with its task
    #expect(list.cells.ids == [1])
  }

  @Test func aScreenFollowsSharedState() {
    let session = SessionReactor()
    let menu = MenuViewReactor(session: session)
    #expect(menu.currentState.title == "Sign in")
    session.send(.signIn("kim"))
    #expect(menu.currentState.title == "kim")  // before send returned
  }
}
