import ReactorsTesting
import SearchCore
import Synchronization
import Testing

/// A search service on a test clock: answers from a few names after `latency`, or fails, and
/// records every call and whether it was cancelled.
final class FakeSearch: Sendable {
  enum Call: Equatable { case answered(String, page: Int), cancelled(String, page: Int) }

  static let names = UnicodeNames(entries: [
    .init(value: 0x1F408, name: "CAT"), .init(value: 0x1F431, name: "CAT FACE"),
    .init(value: 0x1F415, name: "DOG"), .init(value: 0x1F436, name: "DOG FACE"),
    .init(value: 0x1F98A, name: "FOX FACE"),
  ])

  let clock: TestClock
  let latency: Duration
  let failing: Mutex<Set<String>> = Mutex([])
  let calls: Mutex<[Call]> = Mutex([])

  init(clock: TestClock, latency: Duration = .seconds(1)) {
    self.clock = clock
    self.latency = latency
  }

  func page(_ page: Int, of query: String) async throws -> SearchPage {
    do {
      try await clock.sleep(for: latency)
    } catch {
      calls.withLock { $0.append(.cancelled(query, page: page)) }
      throw error
    }
    calls.withLock { $0.append(.answered(query, page: page)) }
    if failing.withLock({ $0.contains(query) }) {
      throw SearchClientError.failed(status: 503, message: "down for a test")
    }
    return Self.names.page(page, of: query, size: 2)
  }

  static func expected(_ query: String, page: Int = 1) -> SearchPage {
    names.page(page, of: query, size: 2)
  }
}

@Suite(.timeLimit(.minutes(5)))
struct SearchReactorTests {
  let clock = TestClock()
  let fake: FakeSearch
  let tester: ReactorTester<SearchReactor>

  init() {
    let fake = FakeSearch(clock: clock)
    self.fake = fake
    tester = ReactorTester(
      SearchReactor(clock: clock) { page, query in try await fake.page(page, of: query) },
      clock: clock)
  }

  /// After the debounce, the request for `query` runs (a second, on the test clock) and its
  /// first page replaces the list.
  func receiveTheFirstPage(
    of query: String
  ) async {
    await tester.advance(by: .milliseconds(300))
    await tester.receive(.setLoading(true)) { $0.isLoading = true }
    await tester.advance(by: .seconds(1))
    let page = FakeSearch.expected(query)
    await tester.receive(.setPage(page)) {
      $0.results = .init(
        query: query, total: page.total, hits: page.hits, nextPage: page.nextPage)
    }
    await tester.receive(.setLoading(false)) { $0.isLoading = false }
  }

  /// Half way through the request in flight, the user types "dog": the request is cancelled
  /// (the flag falls at once) and the page for "dog" shows; nothing is left.
  func typeDogHalfWayThroughTheRequest() async {
    await tester.advance(by: .milliseconds(500))
    await tester.send(.updateQuery("dog")) {
      $0.query = "dog"
      $0.isLoading = false
    }
    await receiveTheFirstPage(of: "dog")
    await tester.finish()
  }

  @Test func searchesOnce300msAfterTheLastKeystroke() async {
    await tester.send(.updateQuery("d")) { $0.query = "d" }
    await tester.advance(by: .milliseconds(200))
    await tester.send(.updateQuery("do")) { $0.query = "do" }
    await tester.advance(by: .milliseconds(299))
    await tester.send(.updateQuery("dog")) { $0.query = "dog" }
    await tester.advance(by: .milliseconds(300))
    await tester.receive(.setLoading(true)) { $0.isLoading = true }
    await tester.advance(by: .seconds(1))
    await tester.receive(.setPage(FakeSearch.expected("dog"))) {
      $0.results = .init(
        query: "dog", total: 2,
        hits: [.init(code: "U+1F415", name: "DOG"), .init(code: "U+1F436", name: "DOG FACE")],
        nextPage: nil)
    }
    await tester.receive(.setLoading(false)) { $0.isLoading = false }
    await tester.finish()
    #expect(fake.calls.withLock { $0 } == [.answered("dog", page: 1)])
  }

  @Test func aNewQueryCancelsTheRequestInFlightAndItsAnswerNeverShows() async {
    await tester.send(.updateQuery("cat")) { $0.query = "cat" }
    await tester.advance(by: .milliseconds(300))
    await tester.receive(.setLoading(true)) { $0.isLoading = true }
    await typeDogHalfWayThroughTheRequest()
    #expect(fake.calls.withLock { $0 } == [.cancelled("cat", page: 1), .answered("dog", page: 1)])
  }

  @Test func clearingTheFieldEmptiesTheListAndASpaceSearchesNothingNew() async {
    await tester.send(.updateQuery("fox")) { $0.query = "fox" }
    await receiveTheFirstPage(of: "fox")
    // The same words: the list stands, nothing is asked.
    await tester.send(.updateQuery("fox ")) { $0.query = "fox " }
    await tester.send(.updateQuery("")) {
      $0.query = ""
      $0.results = nil
    }
    await tester.finish()
    #expect(fake.calls.withLock { $0 } == [.answered("fox", page: 1)])
  }

  @Test func clearingTheFieldCancelsTheSearchStillWaiting() async {
    await tester.send(.updateQuery("fox")) { $0.query = "fox" }
    await tester.advance(by: .milliseconds(100))
    await tester.send(.updateQuery("")) { $0.query = "" }
    await tester.advance(by: .seconds(2))
    await tester.finish()
    #expect(fake.calls.withLock { $0 }.isEmpty)
  }

  /// Shows the first page of "face" (three names, two a page).
  func showFirstPageOfFace() async {
    await tester.send(.updateQuery("face")) { $0.query = "face" }
    await receiveTheFirstPage(of: "face")
    #expect(tester.state.results?.nextPage == 2)
  }

  /// The request for the second page of "face" runs (a second) and the page is appended; a
  /// message left by a failure goes.
  func receiveTheSecondPageOfFace() async {
    await tester.advance(by: .seconds(1))
    let second = FakeSearch.expected("face", page: 2)
    await tester.receive(.appendPage(second)) {
      $0.results?.hits += second.hits
      $0.results?.nextPage = nil
      $0.problem = nil
    }
    await tester.receive(.setLoading(false)) { $0.isLoading = false }
  }

  @Test func typingWhileTheNextPageLoadsCancelsItAndItIsNeverAppended() async {
    await showFirstPageOfFace()
    await tester.send(.loadNextPage) { $0.isLoading = true }
    await typeDogHalfWayThroughTheRequest()
    #expect(
      fake.calls.withLock { $0 } == [
        .answered("face", page: 1), .cancelled("face", page: 2), .answered("dog", page: 1),
      ])
  }

  @Test func moreDuringAWaitForTheSameWordsLoadsThePageAndDropsTheWait() async {
    await showFirstPageOfFace()
    // "faces", then back to "face" within the debounce: a search for "face" waits.
    await tester.send(.updateQuery("faces")) { $0.query = "faces" }
    await tester.send(.updateQuery("face")) { $0.query = "face" }
    await tester.send(.loadNextPage) { $0.isLoading = true }
    await receiveTheSecondPageOfFace()
    await tester.advance(by: .seconds(1))
    await tester.finish()
    #expect(fake.calls.withLock { $0 } == [.answered("face", page: 1), .answered("face", page: 2)])
  }

  @Test func aFailedPageLeavesTheListAndTheNextTryClearsTheMessage() async {
    await showFirstPageOfFace()
    fake.failing.withLock { $0 = ["face"] }
    await tester.send(.loadNextPage) { $0.isLoading = true }
    await tester.advance(by: .seconds(1))
    let message = SearchClientError.failed(status: 503, message: "down for a test").description
    await tester.receive(.setProblem(message)) { $0.problem = message }
    await tester.receive(.setLoading(false)) { $0.isLoading = false }
    #expect(tester.state.results?.hits.count == 2)

    fake.failing.withLock { $0 = [] }
    await tester.send(.loadNextPage) { $0.isLoading = true }
    await receiveTheSecondPageOfFace()  // and the message goes
    await tester.finish()
  }

  @Test func aPageForAnotherListIsNotAppended() {
    let reactor = SearchReactor { _, _ in FakeSearch.expected("face") }
    var state = SearchReactor.State()
    state.results = .init(
      query: "face", total: 3, hits: FakeSearch.expected("face").hits, nextPage: 2)
    let before = state
    reactor.reduce(state: &state, mutation: .appendPage(FakeSearch.expected("dog")))
    reactor.reduce(state: &state, mutation: .appendPage(FakeSearch.expected("face", page: 1)))
    #expect(state == before)
  }

  @Test func theNextPageIsAppendedWhileTheListStays() async {
    await showFirstPageOfFace()

    await tester.send(.loadNextPage) { $0.isLoading = true }
    // A second request for more while one runs is ignored.
    await tester.send(.loadNextPage)
    await receiveTheSecondPageOfFace()
    #expect(tester.state.results?.hits.map(\.name) == ["CAT FACE", "DOG FACE", "FOX FACE"])
    // The last page: nothing more to load.
    await tester.send(.loadNextPage)
    await tester.finish()
    #expect(fake.calls.withLock { $0 } == [.answered("face", page: 1), .answered("face", page: 2)])
  }

  @Test func upScrollsBackToTheFirstHitAndDownComesBackThenLoadsMore() async {
    await showFirstPageOfFace()
    // A list of one row shows the second hit: Up shows the first, and no further.
    await tester.send(.scrollUp(listRows: 1)) { $0.scrolledBack = 1 }
    await tester.send(.scrollUp(listRows: 1))
    // Down comes back to the last hit loaded, without a request.
    await tester.send(.scrollDown) { $0.scrolledBack = 0 }
    // A list of two rows shows both hits: nothing to scroll.
    await tester.send(.scrollUp(listRows: 2))
    #expect(fake.calls.withLock { $0 } == [.answered("face", page: 1)])

    // At the end of the list, Down loads the next page; Up while it loads scrolls back, and the
    // page shows at the end of the list when it comes.
    await tester.send(.scrollDown) { $0.isLoading = true }
    await tester.send(.scrollUp(listRows: 1)) { $0.scrolledBack = 1 }
    await tester.advance(by: .seconds(1))
    let second = FakeSearch.expected("face", page: 2)
    await tester.receive(.appendPage(second)) {
      $0.results?.hits += second.hits
      $0.results?.nextPage = nil
      $0.scrolledBack = 0
    }
    await tester.receive(.setLoading(false)) { $0.isLoading = false }
    // Two hits above the one row shown now; the last page loaded, Down at the end does nothing.
    await tester.send(.scrollUp(listRows: 1)) { $0.scrolledBack = 1 }
    await tester.send(.scrollUp(listRows: 1)) { $0.scrolledBack = 2 }
    await tester.send(.scrollUp(listRows: 1))
    await tester.send(.scrollDown) { $0.scrolledBack = 1 }
    await tester.send(.scrollDown) { $0.scrolledBack = 0 }
    await tester.send(.scrollDown)
    await tester.finish()
    #expect(fake.calls.withLock { $0 } == [.answered("face", page: 1), .answered("face", page: 2)])
  }

  @Test func aNewListShowsFromItsEndAndNoListDoesNotScroll() async {
    await tester.send(.scrollUp(listRows: 1))
    await tester.send(.scrollDown)
    await showFirstPageOfFace()
    await tester.send(.scrollUp(listRows: 1)) { $0.scrolledBack = 1 }
    await tester.send(.updateQuery("dog")) { $0.query = "dog" }
    await tester.advance(by: .milliseconds(300))
    await tester.receive(.setLoading(true)) { $0.isLoading = true }
    await tester.advance(by: .seconds(1))
    let page = FakeSearch.expected("dog")
    await tester.receive(.setPage(page)) {
      $0.results = .init(query: "dog", total: page.total, hits: page.hits, nextPage: nil)
      $0.scrolledBack = 0
    }
    await tester.receive(.setLoading(false)) { $0.isLoading = false }
    await tester.send(.scrollUp(listRows: 1)) { $0.scrolledBack = 1 }
    // Clearing the field empties the list, scrolled or not.
    await tester.send(.updateQuery("")) {
      $0.query = ""
      $0.results = nil
      $0.scrolledBack = 0
    }
    await tester.finish()
  }

  @Test func aFailedRequestShowsAMessageAndTheNextQueryWorks() async {
    fake.failing.withLock { $0 = ["cat"] }
    await tester.send(.updateQuery("cat")) { $0.query = "cat" }
    await tester.advance(by: .milliseconds(300))
    await tester.receive(.setLoading(true)) { $0.isLoading = true }
    await tester.advance(by: .seconds(1))
    let message = SearchClientError.failed(status: 503, message: "down for a test").description
    await tester.receive(.setProblem(message)) { $0.problem = message }
    await tester.receive(.setLoading(false)) { $0.isLoading = false }
    #expect(message.contains("HTTP 503") && message.contains("Type to try again"))

    await tester.send(.updateQuery("dog")) {
      $0.query = "dog"
      $0.problem = nil
    }
    await receiveTheFirstPage(of: "dog")
    await tester.finish()
  }
}
