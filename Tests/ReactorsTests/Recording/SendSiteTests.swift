import Reactors
import ReactorsTestSupport
import Testing

/// Where a recorded input came from: the file and line of its `send` or `dispatch`, kept for
/// an input sent at once or queued, for a store and its scopes, and absent for what the engine
/// sends itself (an effect's `Send`).
@Suite(.timeLimit(.minutes(1))) struct SendSiteTests {
  /// The location of the line before the caller's.
  func here(_ line: UInt = #line) -> SendSite {
    SendSite(fileID: "\(#fileID)", line: Int(line) - 1)
  }

  @Test func aSendIsRecordedWithItsFileAndLine() {
    let reactor = ProbeReactor()
    let recording = Recording(of: reactor, named: "probe")
    reactor.send(.increment)
    let sent = here()
    #expect(recording.steps[1].sentFrom == sent)
    #expect(sent.description == "ReactorsTests/SendSiteTests.swift:\(sent.line)")
    #expect(recording.steps[2].sentFrom == nil, "a mutation was sent from nowhere")
    #expect(recording.steps[0].sentFrom == nil)
  }

  @Test func aQueuedSendKeepsItsLocationUntilItIsProcessed() {
    let reactor = ProbeReactor()
    let recording = Recording(of: reactor, named: "probe")
    let seen = Shared<SendSite?>(nil)
    let token = reactor.observe(\.count) { count in
      guard count == 1 else { return }
      reactor.send(.setTitle("seen"))  // queued: the reactor is busy telling its observers
      seen.withLock { $0 = SendSite(fileID: "\(#fileID)", line: #line - 1) }
    }
    reactor.send(.increment)
    let input = recording.steps.first {
      if case .input(.setTitle) = $0.kind { true } else { false }
    }
    #expect(input?.sentFrom != nil && input?.sentFrom == seen.current)
    withExtendedLifetime(token) {}
  }

  @Test func anEffectsSendHasNoSiteItsCauseSaysWhereItCameFrom() async {
    let reactor = ProbeReactor(mutate: { _, action in
      guard case .custom = action else { return ProbeReactor.defaultMutation(action) }
      return .run { send in send(.add(1)) }
    })
    let recording = Recording(of: reactor, named: "probe")
    reactor.send(.custom(1))
    await reactor.storage.settled()
    let mutation = recording.steps.first {
      if case .mutation = $0.kind { true } else { false }
    }
    #expect(mutation?.sentFrom == nil && mutation?.cause != nil)
    #expect(recording.steps[1].sentFrom != nil)
  }

  @Test func aStoreAndItsScopesRecordTheirDispatches() {
    let store = Store(initial: CounterTree(), reducer: counterReducer)
    let recording = Recording(of: store, named: "store")
    store.dispatch(.increment)
    let dispatched = here()
    let scope = store.scope(state: \.title, action: CounterAction.setTitle)
    scope.dispatch("scoped")
    let scoped = here()
    let nested = scope.scope(state: \.self, action: { (text: String) in text + "!" })
    nested.dispatch("nested")
    let fromNested = here()
    let inputs = recording.steps.filter {
      if case .input = $0.kind { true } else { false }
    }
    #expect(inputs.map(\.sentFrom) == [dispatched, scoped, fromNested])
    #expect(store.currentState.title == "nested!")
  }

  @Test func aLocationReadsBackFromItsText() {
    let location = SendSite(fileID: "App/View.swift", line: 12)
    #expect(location.description == "App/View.swift:12")
    #expect(location == SendSite("App/View.swift", 12))
    #expect(location.hashValue == SendSite("App/View.swift", 12).hashValue)
    #expect(location != SendSite(fileID: "App/View.swift", line: 13))
  }
}
