import Reactors
import ReactorsTestSupport
import Testing

struct Screens: Equatable, Sendable {
  struct Detail: Equatable, Sendable { var title = "" }
  var detail: Detail?
  var ignoredDetailActions = 0
}

enum ScreensAction: Equatable, Sendable {
  enum DetailAction: Equatable, Sendable { case rename(String) }
  case open
  case close
  case detail(DetailAction)
}

let screensReducer: MutatingReducer<Screens, ScreensAction> = { state, action in
  switch action {
  case .open: state.detail = Screens.Detail()
  case .close: state.detail = nil
  case .detail(.rename(let title)):
    guard state.detail != nil else {
      state.ignoredDetailActions += 1
      return
    }
    state.detail?.title = title
  }
}

/// `scope(optional:action:)`: a screen's store over a part that may go away.
@Suite struct OptionalScopeTests {
  @Test func aScopeOverAPresentPartWorksLikeAnyOther() {
    let store = Store(initial: Screens(), reducer: screensReducer)
    store.dispatch(.open)
    let detail = store.scope(optional: \.detail, action: ScreensAction.detail)
    let titles = Shared<[String?]>([])
    let observation = detail.observe(\.?.title) { title in titles.withLock { $0.append(title) } }
    detail.dispatch(.rename("Hello"))
    #expect(detail.currentState?.title == "Hello")
    store.dispatch(.close)
    #expect(detail.currentState == nil)
    #expect(titles.current == ["", "Hello", nil])
    withExtendedLifetime(observation) {}
  }

  @Test func aDispatchAfterThePartIsGoneIsReportedAndDropped() {
    let issues = Shared<[String]>([])
    let store = Store(
      initial: Screens(), reducer: screensReducer,
      report: { issue in issues.withLock { $0.append("\(issue)") } })
    let detail = store.scope(optional: \.detail, action: ScreensAction.detail)
    detail.dispatch(.rename("too late"))
    // Dropped: the root's reducer never saw it.
    #expect(store.currentState.ignoredDetailActions == 0)
    #expect(issues.current.first?.contains("it was dropped") == true)
    #expect(issues.current.count == 1)
    #expect(issues.current.first?.contains("End the screen's bindings") == true)
    // The store keeps working.
    store.dispatch(.open)
    detail.dispatch(.rename("now"))
    #expect(store.currentState.detail?.title == "now")
    #expect(issues.current.count == 1)
  }
}
