import Reactors
import ReactorsTestSupport
import ReactorsTesting
import Testing

struct Todo: Identifiable, Equatable, Sendable {
  var id: Int
  var title = ""
}

/// A row's screen: a plain reactor that tells its parent what happened through its output.
final class TodoRowReactor: OutputtingReactor {
  enum Action: Sendable { case rename(String), delete, saveSlowly }
  enum Mutation: Sendable { case setTitle(String), setSaving(Bool) }
  struct State: Equatable, Sendable {
    var title: String
    var isSaving = false
  }
  enum Output: Equatable, Sendable { case renamed(String), deleted }

  let storage = Storage()
  let initialState: State
  let output: ChildOutput<Output>
  let clock: TestClock
  /// Told when the slow save's task is cancelled.
  let cancelled: AsyncStream<Void>.Continuation?

  init(
    todo: Todo, output: ChildOutput<Output>, clock: TestClock = TestClock(),
    cancelled: AsyncStream<Void>.Continuation? = nil
  ) {
    initialState = State(title: todo.title)
    self.output = output
    self.clock = clock
    self.cancelled = cancelled
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .rename(let title):
      output(.renamed(title))
      return .just(.setTitle(title))
    case .delete:
      output(.deleted)
      return .none
    case .saveSlowly:
      let clock = clock
      let cancelled = cancelled
      return .concat(
        .just(.setSaving(true)),
        .run { send in
          do {
            try await clock.sleep(for: .seconds(60))
          } catch {
            cancelled?.yield()
            throw error
          }
          send(.setSaving(false))
        })
    }
  }

  func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .setTitle(let title): state.title = title
    case .setSaving(let isSaving): state.isSaving = isSaving
    }
  }
}

/// A list whose state holds the rows' seeds, with one child reactor per row.
final class TodoListReactor: Reactor {
  enum Action: Sendable {
    case add(Todo), insertFirst(Todo), remove(Int), row(Int, TodoRowReactor.Output), open(Int?)
  }
  struct State: Equatable, Sendable {
    var todos: IdentifiedArray<Todo> = []
    var detail: Todo?
  }

  let storage = Storage()
  let initialState = State()
  let rows = ReactorChildren<Int, TodoRowReactor>()
  let detail = ReactorChildren<Int, TodoRowReactor>()

  init(clock: TestClock = TestClock(), cancelled: AsyncStream<Void>.Continuation? = nil) {
    rows.follow(self, \.todos) { todo, output in
      TodoRowReactor(todo: todo, output: output, clock: clock, cancelled: cancelled)
    } output: { id, output in
      .row(id, output)
    }
    detail.follow(self, optional: \.detail) { todo, output in
      TodoRowReactor(todo: todo, output: output)
    } output: { id, output in
      .row(id, output)
    }
  }

  func reduce(state: inout State, mutation: Action) {
    switch mutation {
    case .add(let todo): state.todos.append(todo)
    case .insertFirst(let todo): state.todos.insert(todo, at: 0)
    case .remove(let id): state.todos[id: id] = nil
    case .row(let id, .deleted): state.todos[id: id] = nil
    case .row(let id, .renamed(let title)): state.todos[id: id]?.title = title
    case .open(let id): state.detail = id.flatMap { state.todos[id: $0] }
    }
  }
}

/// `ReactorChildren`: a child reactor per element of the parent's state, made when it appears
/// and released when it goes; the child's outcomes become the parent's actions.
@Suite(.timeLimit(.minutes(1))) struct ReactorChildrenTests {
  @Test func aChildIsMadeWhenItsElementAppearsAndReleasedWhenItGoes() {
    let list = TodoListReactor()
    list.send(.add(Todo(id: 1, title: "one")))
    list.send(.add(Todo(id: 2, title: "two")))
    #expect(list.rows.ids == [1, 2])
    #expect(list.rows[2]?.currentState.title == "two")
    weak var first: TodoRowReactor?
    first = list.rows[1]
    #expect(first != nil)
    list.send(.remove(1))
    #expect(list.rows.ids == [2])
    #expect(list.rows[1] == nil)
    #expect(first == nil)
  }

  @Test func rowsInsertedOrMovedAreMadeAndListedInTheParentsOrder() {
    let list = TodoListReactor()
    list.send(.add(Todo(id: 1)))
    list.send(.insertFirst(Todo(id: 0, title: "zero")))
    #expect(list.rows.ids == [0, 1])
    #expect(list.rows.all.map(\.currentState.title) == ["zero", ""])
    #expect(list.rows.child?.currentState.title == "zero")
  }

  @Test func aChildsOutputIsTheParentsActionInTheSameTurn() {
    let list = TodoListReactor()
    list.send(.add(Todo(id: 1)))
    list.send(.add(Todo(id: 2)))
    list.rows[2]?.send(.rename("renamed"))
    #expect(list.currentState.todos[id: 2]?.title == "renamed")
    #expect(list.rows[2]?.currentState.title == "renamed")
    list.rows[1]?.send(.delete)
    #expect(list.currentState.todos.ids == [2])
    #expect(list.rows.ids == [2])
  }

  @Test func aReleasedChildsEffectsAreCancelledAndItsStatesEnd() async {
    let (cancellations, cancelled) = AsyncStream<Void>.makeStream()
    let clock = TestClock()
    let list = TodoListReactor(clock: clock, cancelled: cancelled)
    list.send(.add(Todo(id: 1)))
    let states = list.rows[1]!.states
    list.rows[1]?.send(.saveSlowly)
    await clock.waitForSleepers(1)
    list.send(.remove(1))
    let ended = await withDeadline(30) {
      var iterator = cancellations.makeAsyncIterator()
      _ = await iterator.next()
      var seen = 0
      for await _ in states { seen += 1 }
      return seen
    }
    #expect(ended != nil, "the effect was not cancelled or the states did not end")
    #expect(clock.sleeperCount == 0)
  }

  @Test func theOptionalChildFollowsItsPart() {
    let list = TodoListReactor()
    list.send(.add(Todo(id: 1, title: "one")))
    list.send(.add(Todo(id: 2, title: "two")))
    #expect(list.detail.child == nil)
    list.send(.open(1))
    weak var one: TodoRowReactor?
    one = list.detail.child
    #expect(one?.currentState.title == "one")
    list.send(.open(2))
    #expect(one == nil)
    #expect(list.detail.child?.currentState.title == "two")
    list.send(.open(nil))
    #expect(list.detail.child == nil)
    #expect(list.detail.count == 0)
  }

  @Test func tenThousandRowsAddedAndRemovedLeaveNoChildAlive() {
    let list = TodoListReactor()
    let alive = Shared(0)
    for id in 0..<10_000 {
      list.send(.add(Todo(id: id)))
      weak var row: TodoRowReactor?
      row = list.rows[id]
      if row != nil { alive.increment() }
      list.send(.remove(id))
      if row != nil { Issue.record("row \(id) outlived its state") }
    }
    #expect(alive.current == 10_000)
    #expect(list.rows.count == 0)
    #expect(list.currentState.todos.isEmpty)
  }

  @Test func theParentsEndReleasesItsChildren() {
    var list: TodoListReactor? = TodoListReactor()
    list?.send(.add(Todo(id: 1)))
    weak var row: TodoRowReactor?
    row = list?.rows[1]
    weak var parent: TodoListReactor?
    parent = list
    #expect(row != nil)
    list = nil
    #expect(parent == nil)
    #expect(row == nil)
  }

  @Test func anOutputAfterTheParentIsGoneIsDropped() {
    var list: TodoListReactor? = TodoListReactor()
    list?.send(.add(Todo(id: 1)))
    let row = list!.rows[1]!
    list = nil
    row.send(.rename("orphan"))
    #expect(row.currentState.title == "orphan")
  }

  @Test func aChildIsTestedAloneWithTheTester() async {
    let outputs = Shared<[TodoRowReactor.Output]>([])
    let row = TodoRowReactor(
      todo: Todo(id: 1, title: "a"),
      output: ChildOutput { output in outputs.withLock { $0.append(output) } })
    let tester = ReactorTester(row)
    await tester.send(.rename("b")) { $0.title = "b" }
    await tester.send(.delete)
    await tester.finish()
    #expect(outputs.current == [.renamed("b"), .deleted])
  }
}

/// A row that tells its parent nothing: a plain reactor, no output.
final class LabelRowReactor: Reactor {
  enum Action: Sendable { case rename(String) }
  let storage = Storage()
  let initialState: String
  init(todo: Todo) { initialState = todo.title }
  func reduce(state: inout String, mutation: Action) {
    if case .rename(let title) = mutation { state = title }
  }
}

/// `follow` for children with no output: any reactor, made from its seed alone.
@Suite struct ReactorChildrenWithoutOutputTests {
  final class Labels: Reactor {
    enum Action: Sendable { case add(Todo), remove(Int), open(Todo?) }
    struct State: Equatable, Sendable {
      var todos: IdentifiedArray<Todo> = []
      var selected: Todo?
    }
    let storage = Storage()
    let initialState = State()
    let rows = ReactorChildren<Int, LabelRowReactor>()
    let selected = ReactorChildren<Int, LabelRowReactor>()
    init() {
      rows.follow(self, \.todos) { LabelRowReactor(todo: $0) }
      selected.follow(self, optional: \.selected) { LabelRowReactor(todo: $0) }
    }
    func reduce(state: inout State, mutation: Action) {
      switch mutation {
      case .add(let todo): state.todos.append(todo)
      case .remove(let id): state.todos[id: id] = nil
      case .open(let todo): state.selected = todo
      }
    }
  }

  @Test func followingAgainAfterRemovingAllMakesTheChildrenAgain() {
    let list = TodoListReactor()
    list.send(.add(Todo(id: 1, title: "one")))
    list.rows.removeAll()
    #expect(list.rows.count == 0)
    list.send(.add(Todo(id: 2, title: "two")))
    #expect(list.rows.count == 0)  // no longer followed: no child made
    list.rows.follow(list, \.todos) { todo, output in
      TodoRowReactor(todo: todo, output: output)
    } output: { id, output in
      .row(id, output)
    }
    #expect(list.rows.ids == [1, 2])
    list.send(.add(Todo(id: 3)))
    #expect(list.rows.ids == [1, 2, 3])
  }

  @Test func childrenWithoutOutputComeAndGoWithTheirSeeds() {
    let labels = Labels()
    labels.send(.add(Todo(id: 1, title: "one")))
    labels.send(.add(Todo(id: 2, title: "two")))
    #expect(labels.rows.all.map(\.currentState) == ["one", "two"])
    labels.send(.remove(1))
    #expect(labels.rows.ids == [2])
    labels.send(.open(Todo(id: 7, title: "seven")))
    #expect(labels.selected.child?.currentState == "seven")
    labels.send(.open(nil))
    #expect(labels.selected.child == nil)
  }
}
