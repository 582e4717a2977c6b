import Reactors
import Testing

extension NavigationTests {
  @Suite struct DeepLinkRouterTests {
    struct Standup: Identifiable, Equatable, Sendable {
      let id: String
      var meetings: [Int]
    }

    enum Screen: Equatable, Sendable {
      case detail(String)
      case meeting(standup: String, meeting: Int)
      case transcript(Int)
      case new
    }

    struct AppState: Equatable, Sendable {
      var standups: IdentifiedArray<Standup> = [
        Standup(id: "3F2A", meetings: [7, 9]), Standup(id: "B1", meetings: []),
      ]
      var path: StackState<Screen> = []
      var tab = 0
    }

    /// A router with the app's routes: a standup, a meeting's transcript three screens down, and a
    /// new standup.
    var router: DeepLinkRouter<AppState> {
      var router = DeepLinkRouter<AppState>()
      router.route("standups/:id") { parameters, state in
        let id = try parameters.string("id")
        guard state.standups[id: id] != nil else {
          throw DeepLinkError.notFound("no standup \(id)")
        }
        state.path = [.detail(id)]
      }
      router.route("standups/:id/meetings/:meetingID/transcript") { parameters, state in
        let id = try parameters.string("id")
        let meeting = try parameters.int("meetingID")
        state.path = [.detail(id)]
        guard let standup = state.standups[id: id] else {
          throw DeepLinkError.notFound("no standup with id \(id)")
        }
        guard standup.meetings.contains(meeting) else {
          throw DeepLinkError.notFound("no meeting \(meeting) in standup \(id)")
        }
        state.path.push(.meeting(standup: id, meeting: meeting))
        state.path.push(.transcript(meeting))
        state.tab = (try? parameters.int("tab")) ?? state.tab
      }
      router.route("/standups/new/") { _, state in state.path = [.new] }
      return router
    }

    @Test func aLinkThreeLevelsDownBuildsTheWholeStateInOneChange() throws {
      let state = AppState()
      let opened = try router.open(
        "standups://standups/3F2A/meetings/9/transcript?tab=2", in: state)
      #expect(
        Array(opened.path) == [
          .detail("3F2A"), .meeting(standup: "3F2A", meeting: 9), .transcript(9),
        ])
      #expect(opened.tab == 2)
      #expect(state == AppState())
    }

    @Test func aBarePathOpensToo() throws {
      let opened = try router.open("/standups/B1", in: AppState())
      #expect(Array(opened.path) == [.detail("B1")])
    }

    @Test func aRouteThatThrowsNotFoundLeavesTheStateUnchanged() {
      var state = AppState()
      state.tab = 1
      let before = state
      #expect(throws: DeepLinkError.notFound("no meeting 8 in standup 3F2A")) {
        state = try router.open("app://standups/3F2A/meetings/8/transcript", in: state)
      }
      #expect(state == before)
    }

    @Test func anUnknownRouteListsTheKnownPatterns() {
      let known = ["standups/:id", "standups/:id/meetings/:meetingID/transcript", "/standups/new/"]
      #expect(throws: DeepLinkError.unknownRoute(path: ["settings", "profile"], known: known)) {
        try router.open("app://settings/profile", in: AppState())
      }
      let error = DeepLinkError.unknownRoute(path: ["settings"], known: known)
      #expect(error.description.contains("\"standups/:id\""))
    }

    @Test func aMalformedLinkIsRefusedBeforeAnyRoute() {
      #expect(throws: DeepLinkError.malformedEscape(offset: 15)) {
        try router.open("app://standups/%G1", in: AppState())
      }
      #expect(throws: DeepLinkError.tooLong(byteCount: 3_000, limit: 2_048)) {
        try router.open("/" + String(repeating: "s", count: 2_999), in: AppState())
      }
    }

    @Test func anIntegerThatOverflowsIsAnInvalidParameter() {
      let link = "app://standups/3F2A/meetings/99999999999999999999/transcript"
      #expect(throws: DeepLinkError.self) { try router.open(link, in: AppState()) }
      do {
        _ = try router.open(link, in: AppState())
      } catch {
        guard case .invalidParameter(let name, let value, _) = error else {
          Issue.record("expected invalidParameter, got \(error)")
          return
        }
        #expect(name == "meetingID" && value == "99999999999999999999")
      }
    }

    @Test func parametersReadThePatternFirstThenTheQuery() throws {
      let link = try DeepLink(parsing: "/standups/3?id=4&count=-12&word=abc")
      let parameters = DeepLinkParameters(
        link: link, pattern: "standups/:id", captured: ["id": "3"])
      #expect(try parameters.string("id") == "3")
      #expect(try parameters.int("count") == -12)
      #expect(
        throws: DeepLinkError.missingParameter(name: "x", available: ["count", "id", "word"])
      ) {
        try parameters.string("x")
      }
      #expect(throws: DeepLinkError.self) { try parameters.int("word") }
    }

    @Test func theMostSpecificPatternWinsWhateverTheOrder() throws {
      var router = DeepLinkRouter<[String]>()
      router.route("items/:id") { parameters, state in state.append(try parameters.string("id")) }
      router.route("items/new") { _, state in state.append("new") }
      #expect(try router.open("/items/new", in: []) == ["new"])
      #expect(try router.open("/items/7", in: []) == ["7"])
    }

    @Test func malformedOrDuplicatePatternsAreNotAdded() throws {
      var router = DeepLinkRouter<Int>()
      router.route("a/:x") { _, state in state = 1 }
      router.route("a/:y") { _, state in state = 2 }
      router.route("b/:") { _, state in state = 3 }
      router.route("c/:x/:x") { _, state in state = 4 }
      router.route("d?x=1") { _, state in state = 5 }
      #expect(router.patterns == ["a/:x"])
      #expect(try router.open("/a/1", in: 0) == 1)
    }

    @Test func anErrorOfAnotherTypeBecomesFailed() {
      struct Broken: Error, CustomStringConvertible { var description: String { "broken" } }
      var router = DeepLinkRouter<Int>()
      router.route("") { _, state in
        state = 9
        throw Broken()
      }
      #expect(throws: DeepLinkError.failed(pattern: "", reason: "broken")) {
        try router.open("/", in: 0)
      }
    }
  }
}
