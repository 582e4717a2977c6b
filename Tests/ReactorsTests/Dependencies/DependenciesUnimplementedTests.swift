import Reactors
import Testing

/// The endpoints `Unimplemented` makes: each reports its call, naming the client, the endpoint
/// and how to provide the client, then returns its placeholder or throws.
@Suite struct DependenciesUnimplementedTests {
  let failures = Failures()
  var unimplemented: Unimplemented { Unimplemented(name: "APIClient", failure: failures.report) }

  func message(_ endpoint: String) -> String {
    "APIClient.\(endpoint) was called, but this test did not provide APIClient. Provide it: "
      + "`dependencies[APIClient.self] = APIClient(\(endpoint): { … })` "
      + "(or `Dependencies.test { $0[APIClient.self] = … }`)."
  }

  @Test func anAsyncThrowingEndpointIsInferredReportsItsCallAndThrows() async {
    let load: @Sendable (Int) async throws -> String = unimplemented("load")
    await #expect(throws: UnimplementedError.self) { _ = try await load(1) }
    #expect(failures.messages == [message("load")])
  }

  @Test func theErrorNamesTheEndpointAndTheClient() async throws {
    let load: @Sendable () async throws -> Int = unimplemented("load")
    let error = try await #require(throws: UnimplementedError.self) { try await load() }
    #expect(error.client == "APIClient")
    #expect(error.endpoint == "load")
    #expect(
      error.description == "APIClient.load is unimplemented: this test did not provide APIClient")
  }

  @Test func asyncThrowingEndpointsOfEachArity() async {
    let none: @Sendable () async throws -> Int = unimplemented("none")
    let one: @Sendable (Int) async throws -> Int = unimplemented("one")
    let two: @Sendable (Int, String) async throws -> Int = unimplemented("two")
    _ = try? await none()
    _ = try? await one(1)
    _ = try? await two(1, "a")
    #expect(failures.messages == [message("none"), message("one"), message("two")])
  }

  @Test func synchronousEndpointsReturnTheirPlaceholder() {
    let none: @Sendable () -> Int = unimplemented("none", placeholder: 0)
    let one: @Sendable (Int) -> String? = unimplemented("one", placeholder: nil)
    let two: @Sendable (Int, Int) -> Void = unimplemented("two", placeholder: ())
    #expect(none() == 0)
    #expect(one(1) == nil)
    two(1, 2)
    #expect(failures.messages == [message("none"), message("one"), message("two")])
  }

  @Test func asyncEndpointsReturnTheirPlaceholder() async {
    let none: @Sendable () async -> [Int] = unimplemented("none", placeholder: [])
    let one: @Sendable (Int) async -> Bool = unimplemented("one", placeholder: false)
    let two: @Sendable (Int, Int) async -> Int = unimplemented("two", placeholder: -1)
    #expect(await none() == [])
    #expect(await one(1) == false)
    #expect(await two(1, 2) == -1)
    #expect(failures.messages == [message("none"), message("one"), message("two")])
  }

  @Test func aThrowingSynchronousEndpointTakesThePlaceholderForm() throws {
    let parse: @Sendable (String) throws -> Int = unimplemented("parse", placeholder: 0)
    #expect(try parse("1") == 0)
    #expect(failures.messages == [message("parse")])
  }

  @Test func reportCoversShapesTheCallFormsDoNot() {
    let unimplemented = unimplemented
    let three: @Sendable (Int, Int, Int) -> Int = { _, _, _ in
      unimplemented.report("three")
      return 0
    }
    #expect(three(1, 2, 3) == 0)
    #expect(failures.messages == [message("three")])
  }

  @Test func nothingIsReportedUntilAnEndpointIsCalled() {
    let _: @Sendable (Int) async throws -> String = unimplemented("load")
    let _: @Sendable () -> Int = unimplemented("count", placeholder: 0)
    #expect(failures.messages.isEmpty)
  }
}
