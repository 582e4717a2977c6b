import Reactors
import ReactorsCombine
import ReactorsLogging

#if canImport(Combine)
  import Combine
#else
  import OpenCombine
#endif

/// The app's one state tree; `nonisolated`, so that its key paths can be observed from the
/// engine, which runs on any thread.
nonisolated struct AppState: Equatable {
  var searches: [String] = []
}

/// What the app does to it.
nonisolated enum AppAction: Equatable { case search(String), clear }

/// The store's reducer; `nonisolated`, since a store calls it on any thread.
nonisolated func appReducer(state: inout AppState, action: AppAction) {
  switch action {
  case .search(let query): state.searches.append(query)
  case .clear: state.searches = []
  }
}

/// The app's store, logging each action and its diff.
func makeAppStore() -> Store<AppState, AppAction> {
  Store(initial: AppState(), reducer: appReducer, middlewares: [Store.logging()])
}

/// How many searches the store holds, as a Combine publisher.
func searchCounts(of store: Store<AppState, AppAction>) -> AnyPublisher<Int, Never> {
  store.publisher(for: \.searches).map(\.count).eraseToAnyPublisher()
}
