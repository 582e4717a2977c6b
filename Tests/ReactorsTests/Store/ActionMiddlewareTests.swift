import Reactors
import ReactorsTestSupport
import Testing

/// Middleware before the reducer, as Redux and ReSwift write it: each sees the action and the
/// state before it, and passes the action on, rewrites it, or swallows it, in the order given.
@Suite struct ActionMiddlewareTests {
  @Test func anActionPassedOnIsReducedBeforeDispatchReturns() {
    let seen = Shared<[CounterAction]>([])
    let logging: ActionMiddleware<CounterTree, CounterAction> = { _, action in
      seen.withLock { $0.append(action) }
      return action
    }
    let store = Store(initial: CounterTree(), reducer: counterReducer, actionMiddlewares: [logging])
    store.dispatch(.increment)
    #expect(store.currentState.count == 1)
    #expect(seen.current == [.increment])
  }

  @Test func middlewaresRewriteAndSwallowInOrderAndSeeTheStateBeforeTheReducer() {
    let seen = Shared<[String]>([])
    let doubling: ActionMiddleware<CounterTree, CounterAction> = { state, action in
      seen.withLock { $0.append("first \(state.count) \(action)") }
      if case .append(let item) = action { return .append(item * 2) }
      return action
    }
    let authorization: ActionMiddleware<CounterTree, CounterAction> = { state, action in
      seen.withLock { $0.append("second \(state.count) \(action)") }
      if case .setTitle = action, state.count == 0 { return nil }
      return action
    }
    let store = Store(
      initial: CounterTree(), reducer: counterReducer,
      actionMiddlewares: [doubling, authorization])
    store.dispatch(.setTitle("too early"))
    store.dispatch(.append(21))
    store.dispatch(.increment)
    store.dispatch(.setTitle("now"))
    #expect(store.currentState.title == "now")
    #expect(store.currentState.items == [42])
    #expect(
      seen.current == [
        "first 0 setTitle(\"too early\")", "second 0 setTitle(\"too early\")",
        "first 0 append(21)", "second 0 append(42)",
        "first 0 increment", "second 0 increment",
        "first 1 setTitle(\"now\")", "second 1 setTitle(\"now\")",
      ])
  }

  @Test func theAfterReduceMiddlewareSeesTheRewrittenAction() {
    let after = Shared<[CounterAction]>([])
    let rewrite: ActionMiddleware<CounterTree, CounterAction> = { _, action in
      action == .increment ? .append(7) : action
    }
    let observe: Middleware<CounterTree, CounterAction> = { _, action in
      after.withLock { $0.append(action) }
      return .none
    }
    let store = Store(
      initial: CounterTree(), reducer: counterReducer, actionMiddlewares: [rewrite],
      middlewares: [observe])
    store.dispatch(.increment)
    #expect(after.current == [.append(7)])
    #expect(store.currentState.items == [7])
  }

  /// A middleware that dispatches to the same store (a thunk's follow-up) finds it busy: the
  /// action is queued, and runs after the current one.
  @Test func aMiddlewareThatDispatchesQueuesTheFollowUp() {
    let store = Shared<Store<CounterTree, CounterAction>?>(nil)
    let thunk: ActionMiddleware<CounterTree, CounterAction> = { _, action in
      guard case .request(let item) = action else { return action }
      store.current?.dispatch(.append(item))
      return .log("requested \(item)")
    }
    store.withLock {
      $0 = Store(initial: CounterTree(), reducer: counterReducer, actionMiddlewares: [thunk])
    }
    store.current?.dispatch(.request(3))
    #expect(store.current?.currentState.log == ["requested 3"])
    #expect(store.current?.currentState.items == [3])
    store.withLock { $0 = nil }
  }
}
