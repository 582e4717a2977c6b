import Reactors
import ReactorsTestSupport
import ReactorsTesting
import Testing

/// A row that ticks on a clock until it is removed.
func tickingRow(
  clock: TestClock, cancelled: AsyncStream<Int>.Continuation
) -> Middleware<Row, RowAction> {
  { row, action in
    guard case .rename("tick") = action else { return .none }
    let id = row.id
    return .run { send in
      do {
        try await clock.sleep(for: .seconds(1))
      } catch {
        cancelled.yield(id)
        throw error
      }
      send(.rename("ticked"))
    }
  }
}

/// A list whose detail ticks (see ``tickingRow(clock:cancelled:)``) through `ifLet`'s middleware.
func detailStore(
  clock: TestClock, cancelled: AsyncStream<Int>.Continuation
) -> Store<ListTree, ListAction> {
  Store(
    initial: ListTree(), reducer: listReducer,
    middlewares: [
      ifLet(
        middleware: tickingRow(clock: clock, cancelled: cancelled), state: \ListTree.detail,
        action: { if case .detail(let action) = $0 { action } else { nil } },
        embed: ListAction.detail)
    ])
}

/// The first value of `stream`, or `nil` when none comes within 30 seconds.
func firstValue<T: Sendable>(of stream: AsyncStream<T>) async -> T? {
  let first = await withDeadline(30) {
    var iterator = stream.makeAsyncIterator()
    return await iterator.next()
  }
  return first ?? nil
}

/// A child's middleware whose `"tick"` sleeps a second on `clock`, then sends `"ticked"`; a
/// tick cancelled first is told to `cancelled`, with `tag` of the child's state.
func ticking<ChildState, Tag: Sendable>(
  clock: TestClock, cancelled: AsyncStream<Tag>.Continuation,
  tag: @escaping @Sendable (ChildState) -> Tag
) -> Middleware<ChildState, String> {
  { state, action in
    guard action == "tick" else { return .none }
    let tagged = tag(state)
    return .run { send in
      do {
        try await clock.sleep(for: .seconds(1))
      } catch {
        cancelled.yield(tagged)
        throw error
      }
      send("ticked")
    }
  }
}

/// `ifLet(middleware:)` and `forEach(middleware:)`: a child's effects run while it exists, send
/// their results to the parent as its actions, and are cancelled when the child goes.
@Suite(.timeLimit(.minutes(1))) struct ChildMiddlewaresTests {
  @Test func anElementsEffectSendsToItsElementThroughTheParent() async {
    let clock = TestClock()
    let (_, cancelled) = AsyncStream<Int>.makeStream()
    let store = Store(
      initial: ListTree(), reducer: listReducer,
      middlewares: [
        forEach(
          middleware: tickingRow(clock: clock, cancelled: cancelled), state: \ListTree.rows,
          action: { if case .row(let id, let action) = $0 { (id, action) } else { nil } },
          embed: { ListAction.row(id: $0, action: $1) })
      ])
    store.dispatch(.add(1))
    store.dispatch(.add(2))
    store.dispatch(.row(id: 2, action: .rename("tick")))
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await store.settled()
    #expect(store.state.rows.map(\.title) == ["", "ticked"])
  }

  @Test func removingAnElementCancelsItsEffectsOnly() async {
    let clock = TestClock()
    let (cancellations, cancelled) = AsyncStream<Int>.makeStream()
    let store = Store(
      initial: ListTree(), reducer: listReducer,
      middlewares: [
        forEach(
          middleware: tickingRow(clock: clock, cancelled: cancelled), state: \ListTree.rows,
          action: { if case .row(let id, let action) = $0 { (id, action) } else { nil } },
          embed: { ListAction.row(id: $0, action: $1) })
      ])
    for id in 1...3 { store.dispatch(.add(id)) }
    for id in 1...3 { store.dispatch(.row(id: id, action: .rename("tick"))) }
    await clock.waitForSleepers(3)
    store.dispatch(.row(id: 2, action: .delegate(.deleteMe)))
    let first = await firstValue(of: cancellations)
    #expect(first == 2)
    await clock.advance(by: .seconds(1))
    await store.settled()
    #expect(store.state.rows.map(\.title) == ["ticked", "ticked"])
    #expect(store.state.rows.ids == [1, 3])
  }

  @Test func closingAnOptionalChildCancelsItsEffects() async {
    let clock = TestClock()
    let (cancellations, cancelled) = AsyncStream<Int>.makeStream()
    let store = detailStore(clock: clock, cancelled: cancelled)
    store.dispatch(.add(7))
    store.dispatch(.open(7))
    store.dispatch(.detail(.rename("tick")))
    await clock.waitForSleepers(1)
    store.dispatch(.close)
    let cancelledID = await firstValue(of: cancellations)
    #expect(cancelledID == 7)
    await store.settled()
    #expect(store.runningEffectCount == 0)
    #expect(clock.sleeperCount == 0)
  }

  @Test func anIdentifiableChildReplacedByAnotherInOneActionHasItsEffectsCancelled() async throws {
    let clock = TestClock()
    let (cancellations, cancelled) = AsyncStream<Int>.makeStream()
    let store = detailStore(clock: clock, cancelled: cancelled)
    store.dispatch(.add(7))
    store.dispatch(.add(8))
    store.dispatch(.open(7))
    store.dispatch(.detail(.rename("tick")))
    await clock.waitForSleepers(1)
    store.dispatch(.open(8))  // 8 takes 7's place: 7's tick must not reach 8
    let cancelledID = await firstValue(of: cancellations)
    // Else 7's tick still sleeps, and `settled()` below would wait for it for good.
    try #require(cancelledID == 7)
    await store.settled()
    #expect(store.state.detail == Row(id: 8))
    // 8's own effects run and reach it.
    store.dispatch(.detail(.rename("tick")))
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await store.settled()
    #expect(store.state.detail == Row(id: 8, title: "ticked"))
  }

  @Test func aRowsCancellationIdsAreItsOwn() async {
    let clock = TestClock()
    let (cancellations, cancelled) = AsyncStream<Int>.makeStream()
    let ticking = tickingRow(clock: clock, cancelled: cancelled)
    // Each row's timer under one id, started anew (cancelInFlight) or stopped by that id.
    let timer: Middleware<Row, RowAction> = { row, action in
      switch action {
      case .rename("tick"): ticking(row, action).cancellable(id: "timer", cancelInFlight: true)
      case .rename("stop"): .cancel(id: "timer")
      default: .none
      }
    }
    let store = Store(
      initial: ListTree(), reducer: listReducer,
      middlewares: [
        forEach(
          middleware: timer, state: \ListTree.rows,
          action: { if case .row(let id, let action) = $0 { (id, action) } else { nil } },
          embed: { ListAction.row(id: $0, action: $1) })
      ])
    for id in 1...3 { store.dispatch(.add(id)) }
    for id in 1...3 { store.dispatch(.row(id: id, action: .rename("tick"))) }
    await clock.waitForSleepers(3)  // no row's start cancelled another's
    store.dispatch(.row(id: 2, action: .rename("stop")))  // row 2's timer only
    let first = await firstValue(of: cancellations)
    #expect(first == 2)
    await clock.advance(by: .seconds(1))
    await store.settled()
    #expect(store.state.rows.map(\.title) == ["ticked", "stop", "ticked"])
  }

  @Test func aChildActionWhileTheChildIsGoneStartsNothing() async {
    let clock = TestClock()
    let (_, cancelled) = AsyncStream<Int>.makeStream()
    let store = detailStore(clock: clock, cancelled: cancelled)
    store.dispatch(.detail(.rename("tick")))
    #expect(store.runningEffectCount == 0)
  }
}

/// `ifLet(middleware:)` for a child that is not `Identifiable`: it ends when it is `nil`, and
/// another value in its place is the same child.
@Suite(.timeLimit(.minutes(1))) struct PlainChildMiddlewareTests {
  struct Draft: Equatable, Sendable { var text = "" }
  struct Tree: Equatable, Sendable { var draft: Draft? }
  enum Action: Equatable, Sendable { case open(String), close, draft(String) }

  @Test func aPlainChildEndsWhenNilAndLivesOnWhenReplaced() async throws {
    let clock = TestClock()
    let (cancellations, cancelled) = AsyncStream<String>.makeStream()
    let ticking = ticking(clock: clock, cancelled: cancelled) { (draft: Draft) in draft.text }
    let store = Store(
      initial: Tree(),
      reducer: { (state: inout Tree, action: Action) in
        switch action {
        case .open(let text): state.draft = Draft(text: text)
        case .close: state.draft = nil
        case .draft(let text): state.draft?.text = text
        }
      },
      middlewares: [
        ifLet(
          middleware: ticking, state: \Tree.draft,
          action: { if case .draft(let action) = $0 { action } else { nil } },
          embed: Action.draft)
      ])
    store.dispatch(.open("a"))
    store.dispatch(.draft("tick"))
    await clock.waitForSleepers(1)
    store.dispatch(.open("b"))  // another value in its place: the same child, still ticking
    #expect(store.runningEffectCount == 1)
    await clock.advance(by: .seconds(1))
    await store.settled()
    #expect(store.state.draft == Draft(text: "ticked"))
    store.dispatch(.draft("tick"))
    await clock.waitForSleepers(1)
    store.dispatch(.close)
    let cancelledText = await firstValue(of: cancellations)
    #expect(cancelledText == "tick")
  }
}

/// A child middleware nested in a row's: each row's detail keeps its own effects.
@Suite(.timeLimit(.minutes(1))) struct NestedChildMiddlewareTests {
  struct Detail: Equatable, Sendable {
    var row: Int
    var text = ""
  }
  struct Item: Identifiable, Equatable, Sendable {
    var id: Int
    var detail: Detail?
  }
  struct Tree: Equatable, Sendable { var items: IdentifiedArray<Item> = [] }
  enum ItemAction: Equatable, Sendable { case open, close, detail(String) }
  enum Action: Equatable, Sendable { case item(Int, ItemAction) }

  @Test func aRowsDetailEndsWithItWhateverTheOtherRowsDo() async throws {
    let clock = TestClock()
    let (cancellations, cancelled) = AsyncStream<Int>.makeStream()
    let ticking = ticking(clock: clock, cancelled: cancelled) { (detail: Detail) in detail.row }
    // Each row's middleware: its detail's, nested (one value for every row, as an app's).
    let item = ifLet(
      middleware: ticking, state: \Item.detail,
      action: { (action: ItemAction) in if case .detail(let action) = action { action } else { nil }
      },
      embed: ItemAction.detail)
    let toItem: @Sendable (Action) -> (Int, ItemAction)? = {
      if case .item(let id, let action) = $0 { (id, action) } else { nil }
    }
    let store = Store(
      initial: Tree(items: [Item(id: 1), Item(id: 2)]),
      reducer: forEach(
        { (item: inout Item, action: ItemAction) in
          switch action {
          case .open: item.detail = Detail(row: item.id)
          case .close: item.detail = nil
          case .detail(let text): item.detail?.text = text
          }
        }, state: \Tree.items, action: toItem),
      middlewares: [
        forEach(middleware: item, state: \Tree.items, action: toItem, embed: Action.item)
      ])
    store.dispatch(.item(1, .open))
    store.dispatch(.item(1, .detail("tick")))
    await clock.waitForSleepers(1)
    let running = store.runningEffectCount
    store.dispatch(.item(2, .close))  // row 2 has no detail: row 1's is not gone
    #expect(store.runningEffectCount == running)
    store.dispatch(.item(1, .close))  // row 1's detail is gone: its tick ends
    let cancelledRow = await firstValue(of: cancellations)
    try #require(cancelledRow == 1)
    await store.settled()
    #expect(store.runningEffectCount == 0)
  }
}
