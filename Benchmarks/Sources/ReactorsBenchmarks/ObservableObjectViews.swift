import Reactors
import ReactorsCombine

#if canImport(Combine)
  import Combine
#else
  import OpenCombine
#endif

extension ThousandFieldsReactor: ObservableObjectReactor {}

/// Nanoseconds per action for a thousand views holding one whole-state `ObservableObject` (a
/// reactor made one with ReactorsCombine), as seed 001's `@EnvironmentObject` store is held:
/// each action fires `objectWillChange` for every view, and each re-renders, reading the state.
@MainActor
func observableObjectViews(actions: Int) -> Double {
  let reactor = ThousandFieldsReactor()
  let tally = Tally()
  let renders = Tally()
  var views: [AnyCancellable] = []
  for field in 0..<1_000 {
    views.append(
      reactor.objectWillChange.sink { _ in
        MainActor.assumeIsolated {
          renders.count += 1
          tally.count &+= reactor.currentState[keyPath: thousandFieldPaths[field]]
        }
      })
  }
  let elapsed = fastest(runs: 3) {
    for step in 0..<actions { reactor.send(step % 1_000) }
  }
  withExtendedLifetime(views) {}
  // Every view re-rendered on every action, on the main actor, before `send` returned.
  precondition(renders.count == 3 * actions * 1_000, "\(renders.count) renders")
  return elapsed.seconds * 1e9 / Double(actions)
}
