import Reactors
import ReactorsTesting
import Testing

/// How `Dependencies` resolves a client: what was set, else the live or the test value.
@Suite struct DependenciesTests {
  let failures = Failures()

  @Test func liveResolvesEveryClientToItsLiveValue() async throws {
    let dependencies = Dependencies.live
    #expect(try await dependencies.quoteClient.quote(3) == "live quote 3")
    #expect(dependencies.numbers.next() == 7)
  }

  @Test func aTestValueResolvesToTheUnimplementedClientWhichFailsWhenCalled() async {
    let dependencies = Dependencies.test(reportingTo: failures.report)
    let client = dependencies.quoteClient
    #expect(failures.messages.isEmpty)
    await #expect(throws: UnimplementedError.self) { _ = try await client.quote(1) }
    #expect(client.cached(1) == nil)
    client.track("opened")
    #expect(
      failures.messages == [
        "QuoteClient.quote was called, but this test did not provide QuoteClient. Provide it: "
          + "`dependencies[QuoteClient.self] = QuoteClient(quote: { … })` "
          + "(or `Dependencies.test { $0[QuoteClient.self] = … }`).",
        "QuoteClient.cached was called, but this test did not provide QuoteClient. Provide it: "
          + "`dependencies[QuoteClient.self] = QuoteClient(cached: { … })` "
          + "(or `Dependencies.test { $0[QuoteClient.self] = … }`).",
        "QuoteClient.track was called, but this test did not provide QuoteClient. Provide it: "
          + "`dependencies[QuoteClient.self] = QuoteClient(track: { … })` "
          + "(or `Dependencies.test { $0[QuoteClient.self] = … }`).",
      ])
  }

  @Test func aProvidedClientIsUsedAndReportsNothing() async throws {
    var dependencies = Dependencies.test(reportingTo: failures.report)
    dependencies.quoteClient.quote = { "stub \($0)" }
    #expect(try await dependencies.quoteClient.quote(2) == "stub 2")
    #expect(failures.messages.isEmpty)
    // The endpoints it did not replace are still unimplemented.
    #expect(dependencies.quoteClient.cached(2) == nil)
    #expect(failures.messages.count == 1)
  }

  @Test func aKeyWithoutATestValueReportsAtLookupAndFallsBackToTheLiveValue() {
    let dependencies = Dependencies.test(reportingTo: failures.report)
    let generator = dependencies.numbers
    #expect(
      failures.messages == [
        "NumberGeneratorKey was looked up, but this test did not provide it, and "
          + "NumberGeneratorKey has no test value: the test uses the live NumberGenerator. "
          + "Provide it: `dependencies[NumberGeneratorKey.self] = NumberGenerator(…)` "
          + "(or `Dependencies.test { $0[NumberGeneratorKey.self] = … }`), and give "
          + "NumberGeneratorKey a `static func testValue(_ unimplemented: Unimplemented)` "
          + "whose endpoints are `unimplemented(\"…\")`, so that no test reaches the live "
          + "client."
      ])
    #expect(generator.next() == 7)
  }

  @Test func aProvidedKeyWithoutATestValueReportsNothing() {
    let dependencies = Dependencies.test(reportingTo: failures.report).with {
      $0.numbers = NumberGenerator { 1 }
    }
    #expect(dependencies.numbers.next() == 1)
    #expect(failures.messages.isEmpty)
  }

  @Test func withReplacesAClientInOneLineAndLeavesTheOriginal() async throws {
    let live = Dependencies.live
    let preview = live.with { $0.quoteClient.quote = { _ in "preview" } }
    #expect(try await preview.quoteClient.quote(1) == "preview")
    #expect(try await live.quoteClient.quote(1) == "live quote 1")
    #expect(preview.quoteClient.cached(1) == "live cache")
  }

  @Test func twoValuesDoNotLeakIntoEachOther() async throws {
    let otherFailures = Failures()
    var first = Dependencies.test(reportingTo: failures.report)
    var second = Dependencies.test(reportingTo: otherFailures.report)
    first.quoteClient.quote = { _ in "first" }
    second.numbers = NumberGenerator { 2 }

    #expect(try await first.quoteClient.quote(0) == "first")
    #expect(second.numbers.next() == 2)
    // What one was given, the other was not; and each reports to its own test.
    _ = try? await second.quoteClient.quote(0)
    #expect(otherFailures.messages.count == 1)
    #expect(failures.messages.isEmpty)
    _ = first.numbers
    #expect(failures.messages.count == 1)
    #expect(otherFailures.messages.count == 1)
    // Changing a copy leaves the original.
    var copy = first
    copy.quoteClient.quote = { _ in "copy" }
    #expect(try await first.quoteClient.quote(0) == "first")
    #expect(try await copy.quoteClient.quote(0) == "copy")
  }

  @Test func liveIsAFreshValueEachTime() async throws {
    var changed = Dependencies.live
    changed.quoteClient.quote = { _ in "changed" }
    #expect(try await Dependencies.live.quoteClient.quote(1) == "live quote 1")
  }

  @Test func theCoreAndTheTestingFormsOfTestDoNotClash() async throws {
    // The toolkit's `test { … }`, `test()` and the core's `test(reportingTo:)` side by side.
    let provided = Dependencies.test { $0.quoteClient.quote = { _ in "provided" } }
    let empty = Dependencies.test()
    let collecting = Dependencies.test(reportingTo: failures.report)
    let changed = Dependencies.test { dependencies in dependencies.numbers = .init { 3 } }
    #expect(try await provided.quoteClient.quote(1) == "provided")
    #expect(changed.numbers.next() == 3)
    _ = empty
    _ = collecting.quoteClient.cached(1)
    #expect(failures.messages.count == 1)
  }
}
