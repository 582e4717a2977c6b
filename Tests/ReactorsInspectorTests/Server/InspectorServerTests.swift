import Foundation
import Testing

@testable import ReactorsInspector

/// The inspector's own HTTP server: requests on one connection, limits, and work for a client
/// that has gone.
@Suite(.timeLimit(.minutes(1))) struct InspectorServerTests {
  @Test func aConnectionServesRequestsInTurnAndClosesWhenAsked() async throws {
    let server = try await InspectorServer.start(host: "127.0.0.1", port: 0) { request in
      .text(
        200, "\(request.method) \(request.path) \(request.query["n"] ?? "") \(request.body.count)")
    }
    defer { Task { await server.stop() } }
    let two = Array(
      ("GET /a?n=1 HTTP/1.1\r\nHost: x\r\n\r\n"
        + "POST /b?n=%32 HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nConnection: close\r\n\r\nabc")
        .utf8)
    let client = try RawSocket(port: server.port)
    defer { client.close() }
    try client.write(two)
    let answer = String(decoding: try await client.readToEndOffThePool(), as: UTF8.self)
    #expect(answer.contains("GET /a 1 0"))
    #expect(answer.contains("POST /b 2 3"))
    #expect(answer.components(separatedBy: "HTTP/1.1 200 OK").count == 3)
  }

  @Test func malformedHeadsAreRefusedWithASentence() async throws {
    let server = try await InspectorServer.start(host: "127.0.0.1", port: 0) { _ in .noContent }
    defer { Task { await server.stop() } }
    let cases: [(String, String)] = [
      ("GET\r\n\r\n", "400"), ("GET / HTTP/2\r\n\r\n", "400"),
      ("GET / HTTP/1.1\r\nno colon\r\n\r\n", "400"),
      ("GET /%zz HTTP/1.1\r\nHost: x\r\n\r\n", "400"),
      ("GET /?a=%zz HTTP/1.1\r\nHost: x\r\n\r\n", "400"),
      ("POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n", "400"),
      ("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n", "501"),
      ("GET / HTTP/1.1\r\nX: \u{7F}\r\n\r\n", "400"),
    ]
    for (request, status) in cases {
      let answer = String(
        decoding: try await HostileRequestTests.exchange(Array(request.utf8), port: server.port),
        as: UTF8.self)
      #expect(answer.hasPrefix("HTTP/1.1 \(status)"), "\(request.debugDescription): \(answer)")
    }
  }

  @Test func workForAClientThatHasGoneIsCancelled() async throws {
    let (cancelled, signal) = AsyncStream.makeStream(of: Bool.self)
    let server = try await InspectorServer.start(host: "127.0.0.1", port: 0) { _ in
      // Works until cancelled (a diff of a huge value, say), then says whether it was.
      let (never, _) = AsyncStream.makeStream(of: Void.self)
      for await _ in never {}
      signal.yield(Task.isCancelled)
      return .noContent
    }
    defer { Task { await server.stop() } }
    let client = try RawSocket(port: server.port)
    try client.write(Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
    client.close()
    var iterator = cancelled.makeAsyncIterator()
    #expect(await iterator.next() == true)
  }

  @Test func aHeadThatNeverEndsIsCutOffAtItsDeadline() async throws {
    var limits = InspectorConnection.Limits()
    limits.requestTime = .milliseconds(300)
    let server = try await InspectorServer.start(host: "127.0.0.1", port: 0, limits: limits) { _ in
      .noContent
    }
    defer { Task { await server.stop() } }
    let client = try RawSocket(port: server.port)
    defer { client.close() }
    try client.write(Array("GET / HTTP/1.1\r\nHost: x\r\n".utf8))  // and never the blank line
    // The server closes: the read ends (with no answer) instead of waiting forever. (Its
    // timer may start late while other suites hold every thread of the tasks' pool.)
    let answer = try await client.readToEndOffThePool()
    #expect(answer.isEmpty)
  }
}
