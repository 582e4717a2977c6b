import Reactors

/// The state every scenario changes: a counter, a field that never changes, and a list.
struct BenchState: Codable, Sendable {
  var count = 0
  var title = "fixed"
  var items: [Int] = []
}

enum BenchAction: Codable, Sendable {
  case increment
  case append(Int)
  case tick
}

/// The reduce both Reactors and the baseline run.
@inline(never)
func benchReduce(_ state: inout BenchState, _ action: BenchAction) {
  switch action {
  case .increment, .tick: state.count &+= 1
  case .append(let value): state.items.append(value)
  }
}

/// A counter reactor with the `inout` reduce.
final class CounterReactor: Reactor {
  typealias Action = BenchAction
  let storage = Storage()
  let initialState = BenchState()
  func reduce(state: inout BenchState, mutation: BenchAction) { benchReduce(&state, mutation) }
}

/// The same reactor with the returning reduce the seeds use.
final class ReturningReactor: Reactor {
  typealias Action = BenchAction
  let storage = Storage()
  let initialState = BenchState()
  func reduce(state: BenchState, mutation: BenchAction) -> BenchState {
    var newState = state
    benchReduce(&newState, mutation)
    return newState
  }
}

/// A reactor whose effect yields its mutation from a `.run` task.
final class AsyncReactor: Reactor {
  typealias Action = BenchAction
  let storage = Storage()
  let initialState = BenchState()
  func mutate(action: BenchAction) -> Effect<BenchAction> { .run { send in send(action) } }
  func reduce(state: inout BenchState, mutation: BenchAction) { benchReduce(&state, mutation) }
}

/// The same, with an effect that suspends once before it sends, so that the task has to be
/// resumed by the pool: the round trip of a `.run` that really waits.
final class SuspendingReactor: Reactor {
  typealias Action = BenchAction
  let storage = Storage()
  let initialState = BenchState()
  func mutate(action: BenchAction) -> Effect<BenchAction> {
    .run { send in
      await Task.yield()
      send(action)
    }
  }
  func reduce(state: inout BenchState, mutation: BenchAction) { benchReduce(&state, mutation) }
}

/// Scenario 5's floor for a round trip that changes threads: the task made by hand with the task made by hand in `mutate`, outside the
/// engine's effect machinery (no registry, no cancellation, no error reporting).
final class HandMadeTaskReactor: Reactor {
  typealias Action = BenchAction
  let storage = Storage()
  let initialState = BenchState()
  func mutate(action: BenchAction) -> Effect<BenchAction> {
    guard case .tick = action else { return .just(action) }
    Task { self.send(.increment) }
    return .none
  }
  func reduce(state: inout BenchState, mutation: BenchAction) { benchReduce(&state, mutation) }
}

/// Keeps a value alive and opaque to the optimizer.
@inline(never)
func blackHole<T>(_ value: T) {}
