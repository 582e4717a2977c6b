import Reactors

/// Scenario 7: seed 001's shape, a nested state tree handed to screens through scopes.
func scopedStores(count: Int) -> [Row] {
  let root = Store(initial: AppTree(), reducer: appTreeReduce)
  let leaf = root.scope(state: \.feature, action: AppTreeAction.feature)
    .scope(state: \.detail, action: FeatureAction.detail)
  // Each scope's dispatches in turns with the root's (see Paired).
  let throughScope = Paired {
    for _ in 0..<count { root.dispatch(.feature(.detail(.increment))) }
  } subject: {
    for _ in 0..<count { leaf.dispatch(.increment) }
  }

  let watchedRoot = Store(initial: AppTree(), reducer: appTreeReduce)
  let rootObservation = watchedRoot.observe(\.feature.detail.count) { blackHole($0) }
  let watchedLeaf = Store(initial: AppTree(), reducer: appTreeReduce)
    .scope(state: \.feature, action: AppTreeAction.feature)
    .scope(state: \.detail, action: FeatureAction.detail)
  let leafObservation = watchedLeaf.observe(\.count) { blackHole($0) }
  let firingOnScope = withExtendedLifetime((rootObservation, leafObservation)) {
    Paired {
      for _ in 0..<count { watchedRoot.dispatch(.feature(.detail(.increment))) }
    } subject: {
      for _ in 0..<count { watchedLeaf.dispatch(.increment) }
    }
  }

  let scopes = 10_000
  var made: [ScopedStore<DetailState, DetailAction>] = []
  made.reserveCapacity(scopes)
  let creation = fastest {
    for _ in 0..<scopes {
      made.append(
        root.scope(state: \.feature, action: AppTreeAction.feature)
          .scope(state: \.detail, action: FeatureAction.detail))
    }
    made.removeAll(keepingCapacity: true)
  }

  let creationNanos = creation.seconds * 1e9 / Double(scopes)
  return [
    .times(
      "7. dispatch through a two-level scope (time vs at the root)", throughScope, per: count,
      atMost: 2),
    .times(
      "7. a firing key-path observer on that scope (time vs on the root)", firingOnScope,
      per: count, atMost: 2),
    Row(
      scenario: "7. creating a two-level scope", reactors: "\(rounded(creationNanos)) ns",
      baseline: "-", ratio: creationNanos / 1000, target: "≤ 1 µs", isMet: creationNanos <= 1000),
  ]
}

/// Seed 001's nesting: an app state holding a feature's state holding a screen's.
struct AppTree: Sendable {
  var feature = FeatureState()
  var title = "app"
}

struct FeatureState: Sendable {
  var detail = DetailState()
  var name = "feature"
}

struct DetailState: Sendable {
  var count = 0
  var label = "detail"
}

enum AppTreeAction: Sendable { case feature(FeatureAction) }
enum FeatureAction: Sendable { case detail(DetailAction) }
enum DetailAction: Sendable { case increment }

/// The whole tree's reducer, as `pullback` would build it by hand.
func appTreeReduce(_ state: inout AppTree, _ action: AppTreeAction) {
  switch action {
  case .feature(.detail(.increment)): state.feature.detail.count &+= 1
  }
}
