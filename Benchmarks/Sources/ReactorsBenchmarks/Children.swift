import Reactors

/// Scenario 11: apps of many screens. A list of child features (one reactor per row, made by
/// `ReactorChildren`; and a store's rows through element scopes, and through `forEach`'s
/// middleware once every row ran an effect), rows added and removed, and a navigation stack
/// pushed and popped.
func childFeatures(count: Int) -> [Row] {
  listOfChildren(count: count) + rowsWithEffects(count: count) + addingAndRemoving()
    + stackPushAndPop(count: count)
}

/// A row's model, the seed a child is made from.
struct BenchRow: Identifiable, Equatable, Sendable {
  var id: Int
  var count = 0
}

/// A row's reactor.
final class RowBenchReactor: Reactor {
  typealias Action = BenchAction
  let storage = Storage()
  let initialState: BenchState
  init(count: Int = 0) { initialState = BenchState(count: count) }
  func reduce(state: inout BenchState, mutation: BenchAction) { benchReduce(&state, mutation) }
}

/// A list whose state holds the rows' seeds.
final class ListBenchReactor: Reactor {
  enum Action: Sendable { case add(Int), remove(Int) }
  struct State: Equatable, Sendable { var rows: IdentifiedArray<BenchRow> = [] }
  let storage = Storage()
  let initialState = State()
  let rows = ReactorChildren<Int, RowBenchReactor>()
  init() {
    rows.follow(self, \.rows) { row in RowBenchReactor(count: row.count) }
  }
  func reduce(state: inout State, mutation: Action) {
    switch mutation {
    case .add(let id): state.rows.append(BenchRow(id: id))
    case .remove(let id): state.rows[id: id] = nil
    }
  }
}

/// One row's action among 1,000 observed rows, against a lone reactor with one observer.
private func listOfChildren(count: Int) -> [Row] {
  let lone = RowBenchReactor()
  let loneObservation = lone.observe(\.count) { blackHole($0) }

  let list = ListBenchReactor()
  for id in 0..<1_000 { list.send(.add(id)) }
  let calls = CallCount()
  let observations = list.rows.all.enumerated().map { offset, row in
    offset == 500
      ? row.observe(\.count) { blackHole($0) } : row.observe(\.count) { _ in calls.increment() }
  }
  let before = calls.value
  let target = list.rows[500]!
  // The row's sends in turns with the lone reactor's (see Paired).
  let inList = withExtendedLifetime((loneObservation, observations)) {
    Paired {
      for _ in 0..<count { lone.send(.increment) }
    } subject: {
      for _ in 0..<count { target.send(.increment) }
    }
  }
  let othersCalled = calls.value - before

  // The store's form: the rows in one state tree, each observed through its element scope.
  let store = rowStore()
  let scopes = (0..<1_000).map { id in
    store.scope(element: id, in: \.rows, action: { StoreListAction.row($0, $1) })
  }
  let storeCalls = CallCount()
  let scoped = scopes.enumerated().map { offset, scope in
    offset == 500
      ? scope.observe(\.?.count) { blackHole($0) }
      : scope.observe(\.?.count) { _ in storeCalls.increment() }
  }
  let storeBefore = storeCalls.value
  let loneStore = Store(initial: BenchState(), reducer: benchReduce)
  let loneStoreObservation = loneStore.observe(\.count) { blackHole($0) }
  let aloneStore = withExtendedLifetime(loneStoreObservation) {
    fastest { for _ in 0..<count { loneStore.dispatch(.increment) } }
  }
  let storeCount = max(count / 100, 1)
  let throughScope = withExtendedLifetime(scoped) {
    fastest { for _ in 0..<storeCount { scopes[500].dispatch(.increment) } }
  }
  let storeOthersCalled = storeCalls.value - storeBefore
  let loneStorePer = aloneStore.seconds / Double(count)
  let scopePer = throughScope.seconds / Double(storeCount)

  var rows = [
    Row.times(
      "11. a row's send, 1,000 observed child reactors (time vs a lone reactor's)", inList,
      per: count, atMost: 2)
  ]
  rows[0].isMet = rows[0].isMet == true && othersCalled == 0
  rows.append(
    Row(
      scenario: "11. the other 999 rows' observers called", reactors: "\(othersCalled)",
      baseline: "-", ratio: Double(othersCalled), target: "0", isMet: othersCalled == 0))
  rows.append(
    Row(
      scenario:
        "11. a row's dispatch, 1,000 observed element scopes of a store (vs a lone store's)",
      reactors: "\(rounded(scopePer * 1e9)) ns", baseline: "\(rounded(loneStorePer * 1e9)) ns",
      ratio: scopePer / loneStorePer, target: "(reported)", isMet: nil))
  rows.append(
    Row(
      scenario: "11. the other 999 scopes' observers called", reactors: "\(storeOthersCalled)",
      baseline: "-", ratio: Double(storeOthersCalled), target: "0",
      isMet: storeOthersCalled == 0))
  return rows
}

/// The store form's state and actions.
struct StoreList: Sendable { var rows: IdentifiedArray<BenchRow> = [] }
enum StoreListAction: Sendable {
  case add(Int)
  case row(Int, BenchAction)
}

/// Adding and removing child reactors: the time per row at 10,000 rows against 1,000, and the
/// heap each child costs.
private func addingAndRemoving() -> [Row] {
  // Rows removed newest first, as a list's array removes at its end in O(1); removing from
  // the front or the middle moves the rows after it, in any array-backed list (TCA's too).
  func cycle(_ rows: Int) {
    let list = ListBenchReactor()
    for id in 0..<rows { list.send(.add(id)) }
    for id in (0..<rows).reversed() { list.send(.remove(id)) }
    blackHole(list.rows.count)
  }
  cycle(1_000)
  // The two sizes in turns (see Paired); the ratio per row is a tenth of the rounds' median.
  let sizes = Paired(rounds: 5) {
    cycle(1_000)
  } subject: {
    cycle(10_000)
  }
  let perSmall = sizes.baseline.seconds / 1_000
  let perLarge = sizes.subject.seconds / 10_000
  let perRow = sizes.ratio / 10

  let list = ListBenchReactor()
  let heapBefore = heapBytesInUse() ?? 0
  for id in 0..<10_000 { list.send(.add(id)) }
  let heapAfter = heapBytesInUse() ?? 0
  let perChild = Double(heapAfter - heapBefore) / 10_000
  for id in (0..<10_000).reversed() { list.send(.remove(id)) }

  // 10,000 cycles of a row added and removed: the heap after them, against before.
  let cycled = ListBenchReactor()
  for id in 0..<100 { cycled.send(.add(id)) }
  let cyclesBefore = heapBytesInUse() ?? 0
  for id in 100..<10_100 {
    cycled.send(.add(id))
    cycled.send(.remove(id))
  }
  let cyclesGrowth = (heapBytesInUse() ?? 0) - cyclesBefore
  withExtendedLifetime((list, cycled)) {}
  return [
    Row(
      scenario: "11. adding and removing a row: per row at 10,000 rows (vs at 1,000)",
      reactors: "\(rounded(perLarge * 1e9)) ns", baseline: "\(rounded(perSmall * 1e9)) ns",
      ratio: perRow, target: "≤ 1.2×", isMet: perRow <= 1.2),
    Row(
      scenario: "11. heap per child feature (10,000 rows)", reactors: "\(Int(perChild)) B",
      baseline: "-", ratio: perChild / 2048, target: "≤ 2 KB", isMet: perChild <= 2048),
    Row(
      scenario: "11. heap growth over 10,000 add-and-remove cycles (100 rows kept)",
      reactors: "\(cyclesGrowth / 1024) KB", baseline: "-",
      ratio: Double(cyclesGrowth) / (64 * 1024), target: "≤ 64 KB",
      isMet: cyclesGrowth <= 64 * 1024),
  ]
}

/// A stack of 50 screens, and a push and a pop on it, against a plain mutation.
struct StackBench: Sendable {
  var path = StackState<BenchRow>()
  var count = 0
}
enum StackBenchAction: Sendable {
  case path(StackAction<BenchRow, BenchAction>)
  case push
  case increment
}

private func stackPushAndPop(count: Int) -> [Row] {
  let reducer = combineReducers(
    forEach(
      { (row: inout BenchRow, _: BenchAction) in row.count &+= 1 }, stack: \StackBench.path,
      action: { (action: StackBenchAction) in if case .path(let a) = action { a } else { nil } }),
    { (state: inout StackBench, action: StackBenchAction) in
      switch action {
      case .push: state.path.push(BenchRow(id: state.path.count))
      case .increment: state.count &+= 1
      case .path: break
      }
    })
  let store = Store(initial: StackBench(), reducer: reducer)
  for _ in 0..<50 { store.dispatch(.push) }
  let pairs = count / 2
  // Pushes and pops in turns with plain mutations (see Paired).
  let pushPop = Paired {
    for _ in 0..<count { store.dispatch(.increment) }
  } subject: {
    // The id each push gets, known ahead: reading `store.state` in the loop would keep a copy
    // of the stack and make the next push copy it.
    var next = store.state.path.nextID.rawValue
    for _ in 0..<pairs {
      store.dispatch(.push)
      store.dispatch(.path(.popFrom(id: StackElementID(rawValue: next))))
      next += 1
    }
  }
  return [
    Row.times(
      "11. a push or a pop on a stack of 50 screens (time vs a plain mutation)", pushPop,
      per: count, atMost: 2)
  ]
}

/// `--profile store-rows`: `count` dispatches to one row of a store whose 1,000 rows are each
/// observed through an element scope.
func storeRowDispatches(_ count: Int) {
  let store = rowStore()
  let scopes = (0..<1_000).map { id in
    store.scope(element: id, in: \.rows, action: { StoreListAction.row($0, $1) })
  }
  let observations = scopes.map { scope in scope.observe(\.?.count) { blackHole($0) } }
  for _ in 0..<count { scopes[500].dispatch(.increment) }
  withExtendedLifetime(observations) { print(store.state.rows[id: 500]?.count ?? 0) }
}

/// A store of 1,000 rows.
func rowStore() -> Store<StoreList, StoreListAction> {
  let store = Store(
    initial: StoreList(),
    reducer: combineReducers(
      forEach(
        { (row: inout BenchRow, _: BenchAction) in row.count &+= 1 }, state: \StoreList.rows,
        action: { (action: StoreListAction) in
          if case .row(let id, let action) = action { (id, action) } else { nil }
        }),
      { (state: inout StoreList, action: StoreListAction) in
        if case .add(let id) = action { state.rows.append(BenchRow(id: id)) }
      }))
  for id in 0..<1_000 { store.dispatch(.add(id)) }
  return store
}
