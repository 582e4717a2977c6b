/// The clients a feature uses (an API, a database, a clock, a UUID or date generator), passed
/// to it as a value when it is made: no globals, and a test or a preview replaces any client in
/// one line.
///
/// A feature gets its clients from the value it is made with: a reactor from its
/// `init(dependencies:)`, a store's middleware from what its closure captures, a child from
/// its parent, which passes on the value it was given. Each test builds its own value, so no
/// test sees what another provided, even when they run in parallel.
///
/// The whole pattern, for an API client:
///
/// ```swift
/// // 1. The client: a struct of closures, so that a test replaces any endpoint.
/// struct APIClient: Sendable {
///   var fetch: @Sendable (Int) async throws -> String
/// }
///
/// // 2. Its key: the value the app uses, and the value a test starts from, whose endpoints
/// //    fail the test when it calls them without providing the client.
/// extension APIClient: DependencyKey {
///   static let liveValue = APIClient(fetch: { id in try await download(id) })
///
///   static func testValue(_ unimplemented: Unimplemented) -> APIClient {
///     APIClient(fetch: unimplemented("fetch"))
///   }
/// }
///
/// // 3. An accessor, for `dependencies.apiClient`.
/// extension Dependencies {
///   var apiClient: APIClient {
///     get { self[APIClient.self] }
///     set { self[APIClient.self] = newValue }
///   }
/// }
///
/// // 4. A reactor takes its clients when it is made.
/// final class ArticleReactor: Reactor {
///   let storage = Storage()
///   let initialState = State()
///   private let apiClient: APIClient
///
///   init(dependencies: Dependencies) {
///     apiClient = dependencies.apiClient
///   }
///
///   enum Action { case load(Int) }
///   enum Mutation { case setTitle(String) }
///   struct State { var title = "" }
///
///   func mutate(action: Action) -> Effect<Mutation> {
///     switch action {
///     case .load(let id):
///       .run { [apiClient] send in send(.setTitle(try await apiClient.fetch(id))) }
///     }
///   }
///
///   func reduce(state: inout State, mutation: Mutation) {
///     switch mutation {
///     case .setTitle(let title): state.title = title
///     }
///   }
/// }
///
/// // 5. The app passes the live clients; a preview changes one.
/// let reactor = ArticleReactor(dependencies: .live)
/// let preview = ArticleReactor(dependencies: .live.with { $0.apiClient.fetch = { _ in "Hi" } })
///
/// // 6. A test (with ReactorsTesting) replaces the client in one line. Any client it does not
/// //    provide fails the test when called, and never reaches the network.
/// let tested = ArticleReactor(dependencies: .test { $0.apiClient.fetch = { _ in "Hello" } })
/// ```
///
/// A store's middleware captures its clients the same way:
/// `Store(initial: State(), reducer: reduce, middlewares: [articles(dependencies.apiClient)])`.
///
/// Looking a client up reads the value the dependencies were given for its key; failing that,
/// ``live`` resolves it to ``DependencyKey/liveValue`` and a test value made with
/// ``test(reportingTo:)`` to ``DependencyKey/testValue(_:)``, made anew at each lookup.
/// Read each client once, when the feature is made.
public struct Dependencies: Sendable {
  /// What a key resolves to when it was not given a value.
  private enum Fallback: Sendable {
    case live
    case test(failure: @Sendable (String) -> Void)
  }

  private var values: [ObjectIdentifier: any Sendable] = [:]
  private let fallback: Fallback

  private init(fallback: Fallback) { self.fallback = fallback }

  /// Dependencies for the app: every client resolves to its ``DependencyKey/liveValue``
  /// unless given another. A fresh value each time: changing it changes no other.
  public static var live: Dependencies { Dependencies(fallback: .live) }

  /// Dependencies for a test: every client not given a value resolves to its
  /// ``DependencyKey/testValue(_:)``, whose endpoints report to `failure` when called.
  ///
  /// ReactorsTesting's `Dependencies.test { … }` reports to the running test (Swift Testing or
  /// XCTest); this form lets a test collect the failures itself, or a preview print them.
  /// Write its label: where ReactorsTesting is imported, `Dependencies.test { … }` means the
  /// toolkit's form, whose failures fail the test, even for a closure both forms accept
  /// (`{ _ in }`); disfavoring this one makes sure no such closure silently swallows them.
  @_disfavoredOverload
  public static func test(
    reportingTo failure: @escaping @Sendable (String) -> Void
  ) -> Dependencies {
    Dependencies(fallback: .test(failure: failure))
  }

  /// The client `key` names: the value set for it, or else its live or test value.
  public subscript<Key: DependencyKey>(key: Key.Type) -> Key.Value {
    get {
      if let value = values[ObjectIdentifier(key)] as? Key.Value { return value }
      switch fallback {
      case .live: return Key.liveValue
      case .test(let failure): return Key.testValue(Unimplemented(for: key, failure: failure))
      }
    }
    set { values[ObjectIdentifier(key)] = newValue }
  }

  /// A copy with `change` applied, to replace clients in one expression:
  /// `.live.with { $0.apiClient = .preview }`.
  public func with(_ change: (inout Dependencies) -> Void) -> Dependencies {
    var copy = self
    change(&copy)
    return copy
  }
}
