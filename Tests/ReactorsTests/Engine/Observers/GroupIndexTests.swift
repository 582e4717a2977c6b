import Reactors
import ReactorsTestSupport
import Testing

/// A registry with many groups finds each key path's group and each observer's group through
/// its index: observers join the group they belong to, leave the one they are in, in any
/// order, and every change still reaches exactly the observers left.
@Suite struct GroupIndexTests {
  /// The numbers the observer of each field saw after its first call, by field.
  final class Seen: Sendable {
    let values = Shared<[Int: [Int]]>([:])
    func record(_ field: Int) -> @Sendable (Int) -> Void {
      let isFirst = Shared(true)
      return { [values] value in
        let first = isFirst.withLock { isFirst in
          defer { isFirst = false }
          return isFirst
        }
        if !first { values.withLock { $0[field, default: []].append(value) } }
      }
    }
  }

  @Test func observersLeaveTheirGroupsInAnyOrderAndTheOthersStillSeeTheirChanges() {
    let store = Store(initial: WideState(), reducer: wideReducer)
    let seen = Seen()
    // Two observers of each of the 20 numbers: 20 groups, past the index's threshold.
    var tokens: [(field: Int, token: ObservationToken)] = []
    for copy in 0..<2 {
      for field in 0..<20 {
        tokens.append((field, store.observe(WideState.numbers[field], seen.record(field))))
        #expect(store.engine.storage.observedKeyPathCount == (copy == 0 ? field + 1 : 20))
      }
    }
    // Cancelled in a scrambled order: every third, from the end.
    var kept = tokens
    var cancelled: [Int] = []
    for position in stride(from: kept.count - 1, through: 0, by: -3) {
      let (field, token) = kept.remove(at: position)
      token.cancel()
      cancelled.append(field)
    }
    store.dispatch(.set((0..<20).map { ($0, 100 + $0) }))
    let observersLeft = Dictionary(kept.map { ($0.field, 1) }, uniquingKeysWith: +)
    for field in 0..<20 {
      let expected = Array(repeating: 100 + field, count: observersLeft[field] ?? 0)
      #expect(seen.values.current[field, default: []] == expected, "field \(field)")
    }
    #expect(store.engine.storage.observedKeyPathCount == observersLeft.count)
    for (_, token) in kept.reversed() { token.cancel() }
    #expect(!store.engine.storage.hasObservers)
    // A new observer after all that starts a group of its own, and sees its changes.
    let again = store.observe(WideState.numbers[3], seen.record(3))
    store.dispatch(.set([(3, 7)]))
    #expect(seen.values.current[3]?.last == 7)
    #expect(store.engine.storage.observedKeyPathCount == 1)
    withExtendedLifetime(again) {}
  }

  @Test func aValueAndAPartOfOneKeyPathAreTwoGroupsEachFoundAgain() {
    let store = Store(initial: HoldingState(), reducer: holdingReducer)
    // Twenty groups of the root state first, so that the index exists.
    let numbers = (0..<20).map { field in
      store.observe((\HoldingState.wide).appending(path: WideState.numbers[field])) { _ in }
    }
    let wholes = Shared<[Int]>([])
    let parts = Shared<[Int]>([])
    let whole = store.observe(\.wide) { wide in wholes.withLock { $0.append(wide.n0) } }
    let scoped = store.scope(state: \.wide, action: HoldingAction.wide)
    let part = scoped.observe(\.n0) { n0 in parts.withLock { $0.append(n0) } }
    #expect(store.engine.storage.observedKeyPathCount == 22)
    // Another of each joins its group.
    let secondWhole = store.observe(\.wide) { wide in wholes.withLock { $0.append(wide.n0) } }
    let secondPart = scoped.observe(\.n0) { n0 in parts.withLock { $0.append(n0) } }
    #expect(store.engine.storage.observedKeyPathCount == 22)
    store.dispatch(.wide(.set([(0, 5)])))
    #expect(wholes.current == [0, 0, 5, 5])
    #expect(parts.current == [0, 0, 5, 5])
    // The part's observers are found in its own registry; its group goes with the last.
    part.cancel()
    secondPart.cancel()
    #expect(store.engine.storage.observedKeyPathCount == 21)
    store.dispatch(.wide(.set([(0, 6)])))
    #expect(wholes.current == [0, 0, 5, 5, 6, 6])
    #expect(parts.current == [0, 0, 5, 5])
    whole.cancel()
    secondWhole.cancel()
    for token in numbers { token.cancel() }
    #expect(!store.engine.storage.hasObservers)
  }
}
