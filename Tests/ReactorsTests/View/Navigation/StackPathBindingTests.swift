import Testing

@testable import Reactors

extension NavigationGlueTests {
  /// A `NavigationStack(path:)` binding: its value is the stack's ids; a path SwiftUI writes
  /// with screens removed from the top becomes one `popFrom`; any other rewrite is refused with
  /// a warning, the state unchanged.
  @Suite struct StackPathBindingTests {
    typealias Screen = GlueApp.Screen

    /// A warning key's count so far in this process.
    func warnings() -> Int {
      warningThrottle.withLock { $0.count(of: "StackPathBinding<\(Screen.self)>.write") }
    }

    @Test func thePathIsTheStacksIDsReadEachTime() {
      let stack = Locked<StackState<Screen>>([.detail(1), .settings])
      let path = StackPathBinding(
        read: { stack.withLock { $0 } },
        send: { (_: StackAction<Screen, GlueApp.ScreenAction>) in })
      #expect(path.ids == [0, 1])
      stack.withLock { _ = $0.push(.detail(2)) }
      #expect(path.ids == [0, 1, 2])
      #expect(Array(path.stack) == [.detail(1), .settings, .detail(2)])
    }

    @Test func aPathWithScreensRemovedFromTheTopSendsOnePopFromTheFirstThatWent() {
      let sent = SentActions<StackAction<Screen, GlueApp.ScreenAction>>()
      let stack: StackState<Screen> = [.detail(1), .detail(2), .settings]
      let path = StackPathBinding(read: { stack }, send: sent.send)
      #expect(path.write([0, 1]) == .popFrom(2))
      #expect(path.write([0]) == .popFrom(1))
      #expect(path.write([]) == .popFrom(0))
      #expect(sent.all == [.popFrom(id: 2), .popFrom(id: 1), .popFrom(id: 0)])
    }

    @Test func thePathAsItIsSendsNothing() {
      let sent = SentActions<StackAction<Screen, GlueApp.ScreenAction>>()
      let stack: StackState<Screen> = [.detail(1)]
      let path = StackPathBinding(read: { stack }, send: sent.send)
      #expect(path.write([0]) == .unchanged)
      #expect(sent.all.isEmpty)
    }

    @Test(
      arguments: [
        [0, 1, 7],  // an id the stack does not hold
        [1, 0],  // screens moved
        [0, 0, 1],  // a screen twice
        [0, 2],  // a screen removed from the middle
      ] as [[StackElementID]])
    func anyOtherRewriteIsRefusedWithAWarningAndSendsNothing(written: [StackElementID]) {
      let sent = SentActions<StackAction<Screen, GlueApp.ScreenAction>>()
      let stack: StackState<Screen> = [.detail(1), .detail(2), .settings]
      let path = StackPathBinding(read: { stack }, send: sent.send)
      let before = warnings()
      let writeBack = path.write(written)
      guard case .unsupported(let reason) = writeBack else {
        Issue.record("expected a refusal, got \(writeBack)")
        return
      }
      #expect(reason.contains("the state is unchanged"))
      #expect(sent.all.isEmpty)
      #expect(warnings() > before)
    }

    @Test func anActionOfYourOwnCanBeBuiltFromTheIDThatWent() {
      let popped = SentActions<StackElementID>()
      let stack: StackState<Screen> = [.detail(1), .settings]
      let path = StackPathBinding(read: { stack }, popFrom: popped.send)
      path.write([0])
      #expect(popped.all == [1])
    }

    @Test func aBackSwipeThroughAStorePopsTheStateOnce() {
      let store = glueStore()
      store.dispatch(.push(.detail(1)))
      store.dispatch(.push(.detail(2)))
      store.dispatch(.push(.settings))
      let path = store.pathBinding(\.path, action: GlueAction.path)
      #expect(path.ids == [0, 1, 2])
      #expect(path.write([0]) == .popFrom(1))
      #expect(store.state.path.ids == [0])
      // SwiftUI writing the same path again finds nothing to do.
      #expect(path.write([0]) == .unchanged)
      #expect(store.state.path == [.detail(1)])
    }
  }
}
