import Reactors
import ReactorsTestSupport

/// A client as the docs define one: a struct of closures, one per endpoint shape.
struct QuoteClient: Sendable {
  var quote: @Sendable (Int) async throws -> String
  var cached: @Sendable (Int) -> String?
  var track: @Sendable (String) -> Void
}

extension QuoteClient: DependencyKey {
  static let liveValue = QuoteClient(
    quote: { "live quote \($0)" }, cached: { _ in "live cache" }, track: { _ in })

  static func testValue(_ unimplemented: Unimplemented) -> QuoteClient {
    QuoteClient(
      quote: unimplemented("quote"), cached: unimplemented("cached", placeholder: nil),
      track: unimplemented("track", placeholder: ()))
  }
}

/// A generator whose key is a type of its own, and has no test value.
struct NumberGenerator: Sendable {
  var next: @Sendable () -> Int
}

enum NumberGeneratorKey: DependencyKey {
  static let liveValue = NumberGenerator { 7 }
}

extension Dependencies {
  var quoteClient: QuoteClient {
    get { self[QuoteClient.self] }
    set { self[QuoteClient.self] = newValue }
  }

  var numbers: NumberGenerator {
    get { self[NumberGeneratorKey.self] }
    set { self[NumberGeneratorKey.self] = newValue }
  }
}

/// A reactor that gets its client when it is made, and loads through an effect.
final class QuoteReactor: Reactor {
  let storage = Storage()
  let initialState = State()
  private let client: QuoteClient

  init(dependencies: Dependencies) {
    client = dependencies.quoteClient
  }

  enum Action: Equatable, Sendable { case load(Int) }
  enum Mutation: Equatable, Sendable {
    case setQuote(String)
    case failed(String)
  }
  struct State: Equatable, Sendable {
    var quote = ""
    var error: String?
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .load(let id):
      Effect.run { [client] send in send(.setQuote(try await client.quote(id))) }
        .catch { error in .just(.failed("\(error)")) }
    }
  }

  func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .setQuote(let quote): state.quote = quote
    case .failed(let error): state.error = error
    }
  }
}

/// Failures a test collects from ``Dependencies/test(reportingTo:)``.
struct Failures: Sendable {
  private let box = Shared<[String]>([])

  /// Where a test's dependencies report.
  var report: @Sendable (String) -> Void {
    { [box] message in box.withLock { $0.append(message) } }
  }

  /// What was reported, in order.
  var messages: [String] { box.current }
}
