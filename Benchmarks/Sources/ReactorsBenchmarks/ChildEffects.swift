import Reactors

/// Scenario 11, a store's rows with effects: one row's dispatch through `forEach`'s reducer and
/// middleware, after each of 1,000 rows ran an effect, against a lone store's dispatch. The
/// middleware looks rows up only when the collection's ids changed, so the rows that ran an
/// effect before cost the dispatch nothing.
func rowsWithEffects(count: Int) -> [Row] {
  let toRow: @Sendable (StoreListAction) -> (Int, BenchAction)? = { action in
    if case .row(let id, let action) = action { (id, action) } else { nil }
  }
  let store = Store(
    initial: StoreList(),
    reducer: combineReducers(
      forEach(
        { (row: inout BenchRow, _: BenchAction) in row.count &+= 1 }, state: \StoreList.rows,
        action: toRow),
      { (state: inout StoreList, action: StoreListAction) in
        if case .add(let id) = action { state.rows.append(BenchRow(id: id)) }
      }),
    middlewares: [
      forEach(
        middleware: { (_: BenchRow, action: BenchAction) -> Effect<BenchAction> in
          // A tick runs an effect that ends at once; an increment runs none.
          if case .tick = action { .run { _ in } } else { .none }
        }, state: \StoreList.rows, action: toRow, embed: { StoreListAction.row($0, $1) })
    ])
  for id in 0..<1_000 { store.dispatch(.add(id)) }
  for id in 0..<1_000 { store.dispatch(.row(id, .tick)) }
  let lone = Store(initial: BenchState(), reducer: benchReduce)
  let dispatches = max(count / 10, 1)
  let pair = Paired {
    for _ in 0..<dispatches { lone.dispatch(.increment) }
  } subject: {
    for _ in 0..<dispatches { store.dispatch(.row(500, .increment)) }
  }
  return [
    Row.times(
      "11. a row's dispatch through forEach's middleware, 1,000 rows that ran an effect "
        + "(time vs a lone store's)", pair, per: dispatches, atMost: nil)
  ]
}
