import Observation
import Reactors

/// A reactor whose state has a thousand stored fields; action `n` changes field `n`.
final class ThousandFieldsReactor: Reactor {
  let storage = Storage()
  let initialState = ThousandFields()
  func reduce(state: inout ThousandFields, mutation: Int) {
    state[keyPath: thousandFieldPaths[mutation]] &+= 1
  }
}

/// Counts invalidations; touched on the main actor only.
@MainActor final class Tally { var count = 0 }

/// Scenario 8: a thousand tracked views, each reading one of a thousand fields through an
/// `ObservedReactor`; each action changes one field, and the view that read it re-renders
/// (tracks again). Against: every view reading the whole state, as with a whole-state
/// `ObservableObject`, where every action invalidates (and re-renders) all thousand.
@MainActor
func observedFields(actions: Int) -> [Row] {
  let fields = 1_000
  let model = ObservedReactor(ThousandFieldsReactor())
  let tally = Tally()
  func render(_ field: Int) {
    withObservationTracking {
      _ = model[dynamicMember: thousandFieldPaths[field]]
    } onChange: {
      MainActor.assumeIsolated { tally.count += 1 }
    }
  }
  for field in 0..<fields { render(field) }
  let perField = fastest(runs: 3) {
    for step in 0..<actions {
      let field = step % fields
      model.send(field)
      render(field)
    }
  }
  let invalidatedPerAction = Double(tally.count) / Double(3 * actions)

  let whole = ObservedReactor(ThousandFieldsReactor())
  func renderWhole() {
    withObservationTracking {
      _ = whole.state
    } onChange: {
    }
  }
  let wholeActions = max(actions / 100, 10)
  let wholeState = fastest(runs: 3) {
    for step in 0..<wholeActions {
      for _ in 0..<fields { renderWhole() }  // every view re-renders on each action
      whole.send(step % fields)
    }
  }
  let perAction = perField.seconds * 1e9 / Double(actions)
  let wholePerAction = wholeState.seconds * 1e9 / Double(wholeActions)
  return [
    Row(
      scenario:
        "8. 1,000 views of 1,000 fields, one changed (\(rounded(invalidatedPerAction)) invalidated)",
      reactors: "\(rounded(perAction)) ns", baseline: "-", ratio: perAction / 2_000,
      target: "≤ 2 µs", isMet: perAction <= 2_000 && invalidatedPerAction == 1),
    Row(
      scenario: "8. the same views reading the whole state (all 1,000 re-render)",
      reactors: "\(rounded(wholePerAction / 1_000)) µs", baseline: "\(rounded(perAction)) ns",
      ratio: wholePerAction / perAction, target: "(reported)", isMet: nil),
  ]
}
