import Reactors
import ReactorsTesting
import Testing

/// A reactor gets its clients through `init(dependencies:)`; a test replaces one in one line.
@Suite(.timeLimit(.minutes(5))) struct DependenciesReactorTests {
  let failures = Failures()

  @Test func aReactorLoadsThroughTheClientATestProvidedInOneLine() async {
    let reactor = QuoteReactor(
      dependencies: .test(reportingTo: failures.report).with {
        $0.quoteClient.quote = { "quote \($0)" }
      })
    let tester = ReactorTester(reactor)
    await tester.send(.load(4))
    await tester.receive(.setQuote("quote 4")) { $0.quote = "quote 4" }
    await tester.finish()
    #expect(failures.messages.isEmpty)
  }

  @Test func aReactorWhoseClientATestDidNotProvideFailsItAndGoesOn() async {
    let reactor = QuoteReactor(dependencies: .test(reportingTo: failures.report))
    let tester = ReactorTester(reactor)
    await tester.send(.load(1))
    await tester.receive(
      .failed("QuoteClient.quote is unimplemented: this test did not provide QuoteClient")
    ) {
      $0.error = "QuoteClient.quote is unimplemented: this test did not provide QuoteClient"
    }
    await tester.finish()
    #expect(failures.messages.count == 1)
    #expect(failures.messages.first?.hasPrefix("QuoteClient.quote was called") == true)
  }

  @Test func theAppsReactorUsesTheLiveClient() async {
    let tester = ReactorTester(QuoteReactor(dependencies: .live))
    await tester.send(.load(5))
    await tester.receive(.setQuote("live quote 5")) { $0.quote = "live quote 5" }
    await tester.finish()
  }
}
