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
    let first = await withDeadline(30) {
      var iterator = cancellations.makeAsyncIterator()
      return await iterator.next()
    }
    #expect(first == 2)
    await clock.advance(by: .seconds(1))
    await store.settled()
    #expect(store.state.rows.map(\.title) == ["ticked", "ticked"])
    #expect(store.state.rows.ids == [1, 3])
  }

  @Test func closingAnOptionalChildCancelsItsEffects() async {
    let clock = TestClock()
    let (cancellations, cancelled) = AsyncStream<Int>.makeStream()
    let store = Store(
      initial: ListTree(), reducer: listReducer,
      middlewares: [
        ifLet(
          middleware: tickingRow(clock: clock, cancelled: cancelled), state: \ListTree.detail,
          action: { if case .detail(let action) = $0 { action } else { nil } },
          embed: ListAction.detail)
      ])
    store.dispatch(.add(7))
    store.dispatch(.open(7))
    store.dispatch(.detail(.rename("tick")))
    await clock.waitForSleepers(1)
    store.dispatch(.close)
    let cancelledID = await withDeadline(30) {
      var iterator = cancellations.makeAsyncIterator()
      return await iterator.next()
    }
    #expect(cancelledID == 7)
    await store.settled()
    #expect(store.runningEffectCount == 0)
    #expect(clock.sleeperCount == 0)
  }

  @Test func anIdentifiableChildReplacedByAnotherInOneActionHasItsEffectsCancelled() async throws {
    let clock = TestClock()
    let (cancellations, cancelled) = AsyncStream<Int>.makeStream()
    let store = Store(
      initial: ListTree(), reducer: listReducer,
      middlewares: [
        ifLet(
          middleware: tickingRow(clock: clock, cancelled: cancelled), state: \ListTree.detail,
          action: { if case .detail(let action) = $0 { action } else { nil } },
          embed: ListAction.detail)
      ])
    store.dispatch(.add(7))
    store.dispatch(.add(8))
    store.dispatch(.open(7))
    store.dispatch(.detail(.rename("tick")))
    await clock.waitForSleepers(1)
    store.dispatch(.open(8))  // 8 takes 7's place: 7's tick must not reach 8
    let cancelledID = await withDeadline(30) {
      var iterator = cancellations.makeAsyncIterator()
      return await iterator.next()
    }
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
    let first = await withDeadline(30) {
      var iterator = cancellations.makeAsyncIterator()
      return await iterator.next()
    }
    #expect(first == 2)
    await clock.advance(by: .seconds(1))
    await store.settled()
    #expect(store.state.rows.map(\.title) == ["ticked", "stop", "ticked"])
  }

  @Test func aChildActionWhileTheChildIsGoneStartsNothing() async {
    let clock = TestClock()
    let (_, cancelled) = AsyncStream<Int>.makeStream()
    let store = Store(
      initial: ListTree(), reducer: listReducer,
      middlewares: [
        ifLet(
          middleware: tickingRow(clock: clock, cancelled: cancelled), state: \ListTree.detail,
          action: { if case .detail(let action) = $0 { action } else { nil } },
          embed: ListAction.detail)
      ])
    store.dispatch(.detail(.rename("tick")))
    #expect(store.runningEffectCount == 0)
  }
}
