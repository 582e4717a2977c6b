import Foundation
import ReactorsTesting
import SearchCore
import Synchronization
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The server in-process on a free port, asked by the real client over loopback HTTP.
@Suite(.timeLimit(.minutes(5)))
final class SearchServerTests: Sendable {
  /// A running server, its client, and the requests it received as a stream.
  struct Running {
    let server: SearchServer
    let client: SearchClient
    var requests: AsyncStream<String>.AsyncIterator
    let serving: Task<Void, any Error>
    let port: UInt16
  }

  let clock = TestClock()
  let tasks = Mutex<[URLSessionTask]>([])
  /// The error code each request's `URLSessionTask` ended with (nil: none), as it ends.
  let ends = AsyncStream.makeStream(of: URLError.Code?.self)

  func start(port: UInt16 = 0, faults: SearchServer.Faults = .init()) async throws -> Running {
    let (requests, arrived) = AsyncStream.makeStream(of: String.self)
    let server = try SearchServer(
      names: { FakeSearch.names }, port: port, pageSize: 2, faults: faults, clock: clock,
      onRequest: { query, page in arrived.yield("\(query) #\(page)") })
    let serving = Task { try await server.run() }
    let bound = try await server.waitUntilListening()
    let client = SearchClient(server: URL(string: "http://127.0.0.1:\(bound)")!) { task in
      self.tasks.withLock { $0.append(task) }
    } onTaskEnd: { [ends] error in
      ends.continuation.yield((error as? URLError)?.code)
    }
    return Running(
      server: server, client: client, requests: requests.makeAsyncIterator(), serving: serving,
      port: bound)
  }

  @Test func answersPagesOverHTTP() async throws {
    let running = try await start()
    defer { running.serving.cancel() }
    #expect(try await running.client.page(1, of: "face") == FakeSearch.expected("face"))
    #expect(try await running.client.page(2, of: "face") == FakeSearch.expected("face", page: 2))
    #expect(try await running.client.page(1, of: "dog face").hits.map(\.code) == ["U+1F436"])
    #expect(try await running.client.page(1, of: "zebra").total == 0)
  }

  @Test func aCodePointAsksForItsScalarOverHTTP() async throws {
    var running = try await start()
    defer { running.serving.cancel() }
    for query in ["U+1F436", "u+1f436", "1f436"] {
      let page = try await running.client.page(1, of: query)
      #expect(page.hits == [.init(code: "U+1F436", name: "DOG FACE")], "\(query)")
      // The `+` reached the server as it was typed.
      #expect(await running.requests.next() == "\(query) #1")
    }
  }

  @Test func theAnswerWaitsForTheInjectedLatency() async throws {
    var running = try await start(faults: .init(latency: .seconds(2)))
    defer { running.serving.cancel() }
    let answered = Mutex(false)
    let asking = Task { [client = running.client] in
      let page = try await client.page(1, of: "cat")
      answered.withLock { $0 = true }
      return page
    }
    #expect(await running.requests.next() == "cat #1")
    await clock.waitForSleepers()
    await clock.advance(by: .milliseconds(1999))
    #expect(clock.sleeperCount == 1)
    #expect(!answered.withLock { $0 })
    await clock.advance(by: .milliseconds(1))
    #expect(try await asking.value == FakeSearch.expected("cat"))
  }

  @Test func injectedFailuresAnswer503AndTheNextRequestWorks() async throws {
    let running = try await start(faults: .init(failingRequests: 1))
    defer { running.serving.cancel() }
    await #expect(
      throws: SearchClientError.failed(
        status: 503, message: "The search service failed on purpose (a fault set on the server).")
    ) {
      try await running.client.page(1, of: "dog")
    }
    #expect(try await running.client.page(1, of: "dog") == FakeSearch.expected("dog"))
    running.server.faults.failingRequests = 2
    await #expect(throws: SearchClientError.self) { try await running.client.page(1, of: "dog") }
    await #expect(throws: SearchClientError.self) { try await running.client.page(1, of: "dog") }
    #expect(try await running.client.page(1, of: "dog") == FakeSearch.expected("dog"))
  }

  @Test func cancellingTheSearchCancelsTheHTTPRequest() async throws {
    var running = try await start(faults: .init(latency: .seconds(60)))
    defer { running.serving.cancel() }
    let asking = Task { [client = running.client] in try await client.page(1, of: "cat") }
    #expect(await running.requests.next() == "cat #1")
    await clock.waitForSleepers()
    asking.cancel()
    // The call ends at once, while the server still holds the answer back (its clock is not
    // moved), and the HTTP request itself was cancelled.
    await #expect(throws: CancellationError.self) { try await asking.value }
    #expect(clock.sleeperCount == 1)
    var ended = ends.stream.makeAsyncIterator()
    #expect(await ended.next() == .some(.cancelled))
    let task = try #require(tasks.withLock { $0.first })
    #expect(task.state == .completed)
  }

  @Test func aNewQueryInTheReactorCancelsTheHTTPRequestInFlight() async throws {
    // End to end: the reactor, the real client and the server; only the clock is a test's.
    var running = try await start(faults: .init(latency: .seconds(60)))
    defer { running.serving.cancel() }
    let reactor = SearchReactor(clock: clock) { [client = running.client] page, query in
      try await client.page(page, of: query)
    }
    reactor.send(.updateQuery("cat"))
    await clock.waitForSleepers()
    await clock.advance(by: .milliseconds(300))
    // The debounce is over: the request is on the wire, and the server holds its answer.
    #expect(await running.requests.next() == "cat #1")
    #expect(reactor.currentState.isLoading)
    reactor.send(.updateQuery("dog"))
    // Typing again cancels the effect, and with it the `URLSessionTask` of the request.
    var ended = ends.stream.makeAsyncIterator()
    #expect(await ended.next() == .some(.cancelled))
    let task = try #require(tasks.withLock { $0.first })
    #expect(task.state == .completed)
    #expect(task.originalRequest?.url?.query?.contains("cat") == true)
    #expect(!reactor.currentState.isLoading)
  }

  @Test func aSearchCancelledAsItStartsEndsAtOnce() async throws {
    let running = try await start(faults: .init(latency: .seconds(60)))
    defer { running.serving.cancel() }
    let client = SearchClient(server: URL(string: "http://127.0.0.1:\(running.port)")!) { _ in
      withUnsafeCurrentTask { $0?.cancel() }  // cancelled between making the request and sending it
    }
    await #expect(throws: CancellationError.self) { try await client.page(1, of: "cat") }
  }

  @Test func aSlowFirstAnswerThenQuickOnesAndEachAnswerIsTold() async throws {
    let answers = Mutex<[String]>([])
    let (requests, arrived) = AsyncStream.makeStream(of: String.self)
    let server = try SearchServer(
      names: { FakeSearch.names }, pageSize: 2,
      faults: .init(nextLatencies: [.seconds(5)]), clock: clock,
      onRequest: { query, _ in arrived.yield(query) },
      onAnswer: { query, page, status in
        answers.withLock { $0.append("\(query) #\(page): \(status)") }
      })
    let serving = Task { try await server.run() }
    defer { serving.cancel() }
    let client = SearchClient(
      server: URL(string: "http://127.0.0.1:\(try await server.waitUntilListening())")!)
    var arrivals = requests.makeAsyncIterator()
    let slow = Task { try await client.page(1, of: "cat") }
    #expect(await arrivals.next() == "cat")
    await clock.waitForSleepers()
    // The second request is answered at once while the first still waits.
    #expect(try await client.page(1, of: "dog") == FakeSearch.expected("dog"))
    #expect(answers.withLock { $0 } == ["dog #1: 200"])
    await clock.advance(by: .seconds(5))
    #expect(try await slow.value == FakeSearch.expected("cat"))
    #expect(answers.withLock { $0 } == ["dog #1: 200", "cat #1: 200"])
  }

  @Test func aRequestCancelledWhileItWaitsUsesNoInjectedFailure() async throws {
    var running = try await start(faults: .init(nextLatencies: [.seconds(5)], failingRequests: 1))
    defer { running.serving.cancel() }
    let asking = Task { [client = running.client] in try await client.page(1, of: "cat") }
    #expect(await running.requests.next() == "cat #1")
    await clock.waitForSleepers()
    asking.cancel()
    _ = await asking.result
    // The server stops, which ends the handler's wait: only then is the failure's fate known.
    await running.server.stop()
    _ = await running.serving.result
    #expect(clock.sleeperCount == 0, "the handler still waits after the server stopped")
    #expect(running.server.faults.failingRequests == 1)
    // The failure is still due: the next answer sent, by a server with the same faults, fails.
    let again = try await start(faults: running.server.faults)
    defer { again.serving.cancel() }
    await #expect(throws: SearchClientError.self) { try await again.client.page(1, of: "dog") }
    #expect(try await again.client.page(1, of: "dog") == FakeSearch.expected("dog"))
  }

  @Test func aPortInUseIsExplained() async throws {
    let running = try await start()
    defer { running.serving.cancel() }
    let second = try SearchServer(names: { FakeSearch.names }, port: running.port)
    let serving = Task { try await second.run() }
    await #expect {
      _ = try await second.waitUntilListening()
    } throws: { error in
      "\(error)".contains("cannot listen") && "\(error)".contains("--port")
    }
    await #expect(throws: (any Error).self) { try await serving.value }
  }

  @Test func aSearchCancelledBeforeItStartsSendsNothing() async throws {
    let running = try await start()
    defer { running.serving.cancel() }
    let asking = Task { [client = running.client] in
      withUnsafeCurrentTask { $0?.cancel() }
      return try await client.page(1, of: "cat")
    }
    await #expect(throws: CancellationError.self) { try await asking.value }
    #expect(tasks.withLock { $0.isEmpty })
  }

  @Test func aStoppedServerIsReportedAndAServerBackOnThePortAnswers() async throws {
    let running = try await start()
    #expect(try await running.client.page(1, of: "fox") == FakeSearch.expected("fox"))
    await running.server.stop()
    running.serving.cancel()
    await #expect {
      try await running.client.page(1, of: "fox")
    } throws: { error in
      guard case .unreachable(_, let reason) = error as? SearchClientError else { return false }
      // Refused on a new connection; lost when the session tried the one it kept open first
      // (whether it noticed that one closed before the request is a race).
      return reason == "connection refused" || reason == "connection lost"
    }
    let again = try await start(port: running.port)
    defer { again.serving.cancel() }
    #expect(try await running.client.page(1, of: "fox") == FakeSearch.expected("fox"))
  }

  @Test func anAnswerLongerThanTheClientsLimitFailsSayingSo() async throws {
    let running = try await start()
    defer { running.serving.cancel() }
    let small = SearchClient(server: URL(string: "http://127.0.0.1:\(running.port)")!, limit: 64)
    await #expect(throws: SearchClientError.badAnswer("longer than 64 bytes")) {
      try await small.page(1, of: "face")
    }
    // The same answer, within the default limit, is a page.
    #expect(try await running.client.page(1, of: "face") == FakeSearch.expected("face"))
  }

  @Test func badRequestsAreAnsweredWithHowToAsk() async throws {
    let running = try await start()
    defer { running.serving.cancel() }
    let session = URLSession(configuration: .ephemeral)
    // The largest page number is no bad request, and no overflow: a page past the last.
    let far = URL(string: "http://127.0.0.1:\(running.port)/search?q=face&page=\(Int.max)")!
    let (farData, farResponse) = try await session.data(from: far)
    #expect((farResponse as? HTTPURLResponse)?.statusCode == 200)
    let farPage = try JSONDecoder().decode(SearchPage.self, from: farData)
    #expect(farPage.hits.isEmpty)
    #expect(farPage.nextPage == nil)
    #expect(try await running.client.page(1, of: "face") == FakeSearch.expected("face"))
    for (path, expected) in [
      ("/search", "Missing the query: ask for /search?q=WORDS&page=N."),
      ("/search?q=dog&page=0", "page must be a number from 1, not '0'."),
    ] {
      let url = URL(string: "http://127.0.0.1:\(running.port)\(path)")!
      let (data, response) = try await session.data(from: url)
      #expect((response as? HTTPURLResponse)?.statusCode == 400)
      #expect(String(decoding: data, as: UTF8.self) == expected)
    }
  }
}
