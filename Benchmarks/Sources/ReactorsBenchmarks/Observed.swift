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
/// (tracks again). The baseline is Observation alone, on a hand-written `Observable` class of
/// the same thousand fields; the target is at most 1.5 times its time, and one view invalidated
/// an action. Against: every view reading the whole state, and every view holding a
/// whole-state `ObservableObject`, where every action invalidates (and re-renders) all thousand.
@MainActor
func observedFields(actions: Int) -> [Row] {
  // Measured in turns, the fastest of each kept: a slow spell of the machine slows both sides
  // instead of one (the absolute time swung 1.4-2.6 µs between runs here).
  var perAction = Double.infinity
  var raw = Double.infinity
  // Views invalidated per action in each turn; one that is not 1 is the one shown.
  var invalidations: [Double] = []
  for _ in 0..<5 {
    let (nanoseconds, invalidated) = observedPerField(actions: actions)
    perAction = min(perAction, nanoseconds)
    invalidations.append(invalidated)
    raw = min(raw, observableBaseline(actions: actions))
  }
  let invalidatedPerAction = invalidations.first { $0 != 1 } ?? 1
  let wholePerAction = observedWholeState(actions: max(actions / 100, 10))
  let objectPerAction = observableObjectViews(actions: max(actions / 100, 10))
  return [
    Row(
      scenario:
        "8. 1,000 views of 1,000 fields, one changed (\(rounded(invalidatedPerAction)) invalidated)",
      reactors: "\(rounded(perAction)) ns", baseline: "\(rounded(raw)) ns",
      ratio: perAction / raw, target: "≤ 1.5×",
      isMet: perAction / raw <= 1.5 && invalidatedPerAction == 1),
    manyObservers(),
    Row(
      scenario: "8. the same views reading the whole state (all 1,000 re-render)",
      reactors: "\(rounded(wholePerAction / 1_000)) µs", baseline: "\(rounded(perAction)) ns",
      ratio: wholePerAction / perAction, target: "(reported)", isMet: nil),
    Row(
      scenario: "8. the same views on a whole-state ObservableObject (all 1,000 re-render)",
      reactors: "\(rounded(objectPerAction / 1_000)) µs", baseline: "\(rounded(perAction)) ns",
      ratio: objectPerAction / perAction, target: "(reported)", isMet: nil),
  ]
}

/// Nanoseconds per action, and views invalidated per action, with views that each read one
/// field (`--profile observed` runs this alone).
@MainActor
func observedPerField(actions: Int) -> (nanoseconds: Double, invalidated: Double) {
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
  return (perField.seconds * 1e9 / Double(actions), Double(tally.count) / Double(3 * actions))
}

/// Nanoseconds per action when every view reads the whole state and re-renders on each.
@MainActor
func observedWholeState(actions: Int) -> Double {
  let whole = ObservedReactor(ThousandFieldsReactor())
  func renderWhole() {
    withObservationTracking {
      _ = whole.state
    } onChange: {
    }
  }
  let wholeState = fastest(runs: 3) {
    for step in 0..<actions {
      for _ in 0..<1_000 { renderWhole() }  // every view re-renders on each action
      whole.send(step % 1_000)
    }
  }
  return wholeState.seconds * 1e9 / Double(actions)
}

/// The raw baseline of scenario 8: a hand-written `Observable` class of a thousand fields, as
/// the `@Observable` macro would write it (a registrar, one key path per field), with the same
/// thousand tracked views. What Observation itself costs per action: one mutation, one
/// invalidation, one re-render.
@MainActor
final class ThousandObservableFields: Observable {
  let registrar = ObservationRegistrar()
  private var values = [Int](repeating: 0, count: 1_000)
  /// One key path per field, made once, as the macro's stored properties would have them.
  let paths: [KeyPath<ThousandObservableFields, Int>] = (0..<1_000).map {
    \ThousandObservableFields.[field: $0]
  }

  subscript(field field: Int) -> Int {
    registrar.access(self, keyPath: paths[field])
    return values[field]
  }

  func increment(_ field: Int) {
    registrar.withMutation(of: self, keyPath: paths[field]) { values[field] &+= 1 }
  }
}

/// Nanoseconds per action for the raw baseline (see ``ThousandObservableFields``).
@MainActor
func observableBaseline(actions: Int) -> Double {
  let model = ThousandObservableFields()
  let tally = Tally()
  func render(_ field: Int) {
    withObservationTracking {
      _ = model[field: field]
    } onChange: {
      MainActor.assumeIsolated { tally.count += 1 }
    }
  }
  for field in 0..<1_000 { render(field) }
  let elapsed = fastest(runs: 3) {
    for step in 0..<actions {
      let field = step % 1_000
      model.increment(field)
      render(field)
    }
  }
  precondition(tally.count == 3 * actions, "\(tally.count) invalidations")
  return elapsed.seconds * 1e9 / Double(actions)
}

/// Scenario 8's setup and teardown: a key-path observer of each of the thousand fields added
/// to one reactor, then removed, last first. Per observer, against adding one to a reactor
/// that has none.
func manyObservers() -> Row {
  let paths = thousandFieldPaths
  let many = fastest(runs: 3) {
    let reactor = ThousandFieldsReactor()
    let tokens = paths.map { reactor.observe($0) { blackHole($0) } }
    for token in tokens.reversed() { token.cancel() }
  }
  let one = fastest(runs: 3) {
    for path in paths {
      let reactor = ThousandFieldsReactor()
      reactor.observe(path) { blackHole($0) }.cancel()
    }
  }
  let perObserver = many.seconds * 1e9 / Double(paths.count)
  let alone = one.seconds * 1e9 / Double(paths.count)
  return Row(
    scenario: "8. adding 1,000 key-path observers to one reactor, then removing them",
    reactors: "\(rounded(perObserver)) ns", baseline: "\(rounded(alone)) ns",
    ratio: perObserver / alone, target: "(reported)", isMet: nil)
}
