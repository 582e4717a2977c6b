import Reactors
import ReactorsTestSupport
import Testing

/// A reactor over ``WideState`` whose `transform(state:)` stage derives `ratio` from `n0`:
/// the state its observers see is the published one, not the one `reduce` made.
final class DerivingReactor: Reactor {
  let storage = Storage()
  let initialState = WideState()

  func mutate(action: WideAction) -> Effect<WideAction> { .just(action) }

  func reduce(state: inout WideState, mutation: WideAction) { wideReducer(&state, mutation) }

  func transform(state: StateUpstream<WideState>) -> StateUpstream<WideState> {
    state.map { state in
      var state = state
      state.ratio = Double(state.n0) / 2
      return state
    }
  }
}

/// A root state that holds a ``WideState``, for a scoped store over it.
struct HoldingState: Equatable, Sendable {
  var header = 0
  var wide = WideState()
}

enum HoldingAction: Sendable {
  case header(Int)
  case wide(WideAction)
}

func holdingReducer(_ state: inout HoldingState, _ action: HoldingAction) {
  switch action {
  case .header(let value): state.header = value
  case .wide(let action): wideReducer(&state.wide, action)
  }
}

/// The byte comparison (16 or more observed key paths) where the state compared is not the
/// one `reduce` wrote: a state republished by `transform(state:)`, and a scoped store's part.
@Suite(.timeLimit(.minutes(5))) struct ChangedBytesPathsTests {
  typealias Calls = ChangedBytesTests.Calls

  @Test func aFieldOnlyTheTransformStageChangesIsSeen() {
    let reactor = DerivingReactor()
    let calls = Calls()
    var tokens = WideState.numbers.indices.map { field in
      reactor.observe(WideState.numbers[field], calls.record("n\(field)"))
    }
    tokens.append(reactor.observe(\.ratio, calls.record("ratio")))
    tokens.append(reactor.observe(\.name, calls.record("name")))
    #expect(tokens.count >= 16)  // enough for the byte comparison
    reactor.send(.set([(0, 3)]))
    #expect(calls.take() == ["n0=3", "ratio=1.5"])
    // `reduce` sets the ratio; the stage sets it back from n0: no change is published.
    reactor.send(.ratio(9))
    #expect(calls.take() == [])
    #expect(reactor.currentState.ratio == 1.5)
    reactor.send(.set([(19, 1), (0, 4)]))
    #expect(calls.take() == ["n0=4", "n19=1", "ratio=2.0"])
    reactor.send(.name("kim"))
    #expect(calls.take() == ["name=kim"])
    withExtendedLifetime(tokens) {}
  }

  @Test func aScopedStoreWithManyObservedKeyPathsTellsOnlyWhatChangedInItsPart() {
    let store = Store(initial: HoldingState(), reducer: holdingReducer)
    let scope = store.scope(state: \.wide, action: HoldingAction.wide)
    let calls = Calls()
    var tokens = WideState.numbers.indices.reversed().map { field in
      scope.observe(WideState.numbers[field], calls.record("n\(field)"))
    }
    tokens.append(scope.observe(\.name, calls.record("name")))
    tokens.append(scope.observe(\.inner.y, calls.record("inner.y")))
    tokens.append(scope.observe(\.sum01, calls.record("sum01")))
    tokens.append(store.observe(\.header, calls.record("header")))
    #expect(tokens.count >= 16)  // enough for the byte comparison, in the part's registry

    scope.dispatch(.set([(12, 7)]))
    #expect(calls.take() == ["n12=7"])
    store.dispatch(.header(1))
    #expect(calls.take() == ["header=1"])
    // n19's observer was made first: the part's observers are called in the order made.
    scope.dispatch(.set([(1, 2), (19, 3)]))
    #expect(calls.take() == ["n19=3", "n1=2", "sum01=2"])
    scope.dispatch(.inner(.init(x: 5, y: 6)))
    #expect(calls.take() == ["inner.y=6"])
    scope.dispatch(.rebuildName("ab"))
    #expect(calls.take() == ["name=\(String(repeating: "ab", count: 100))"])
    scope.dispatch(.rebuildName("ab"))
    #expect(calls.take() == [])
    #expect(scope.currentState.n12 == 7)
    withExtendedLifetime(tokens) {}
  }
}
