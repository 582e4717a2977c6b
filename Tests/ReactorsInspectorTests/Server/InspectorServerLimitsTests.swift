import Foundation
import Reactors
import ReactorsInspector
import ReactorsTestSupport
import Testing

@testable import ReactorsInspector

/// What the server refuses before it spends anything: a body without the token, connections
/// past its limit (or lets go of an idle one for them); and what a client other than the page
/// may send (`HEAD`), or do (stop twice).
@Suite(.timeLimit(.minutes(1))) struct InspectorServerLimitsTests {
  @Test func aBodyWithoutTheTokenIsRefusedFromItsHeadAlone() async throws {
    let inspector = try await Inspector.start(printsAddress: false)
    defer { Task { await inspector.stop() } }
    let client = try RawSocket(port: inspector.port)
    defer { client.close() }
    // Ten megabytes announced, none sent: the refusal does not wait for them.
    try client.write(
      Array(
        "POST /api/import HTTP/1.1\r\nHost: 127.0.0.1:\(inspector.port)\r\nContent-Length: 10000000\r\n\r\n"
          .utf8))
    let answer = String(decoding: try await client.readToEndOffThePool(), as: UTF8.self)
    #expect(answer.hasPrefix("HTTP/1.1 403"))
    #expect(answer.contains("No token"))
  }

  @Test func aNewConnectionPastTheLimitTakesThePlaceOfTheOneThatWaitedLongest() async throws {
    let inspector = try await Inspector.start(printsAddress: false)
    defer { Task { await inspector.stop() } }
    let token = try InspectorTests.token(of: inspector)
    let request = Array(
      "GET /api/recordings?token=\(token) HTTP/1.1\r\nHost: 127.0.0.1:\(inspector.port)\r\n\r\n"
        .utf8)
    var idle: [RawSocket] = []
    defer { for socket in idle { socket.close() } }
    // As many idle connections as the limit (each answered before the next is opened, so that
    // the first has waited the longest), as a client that opens them and sends nothing would.
    for _ in 0..<InspectorConnection.Limits().maximumConnections {
      let socket = try RawSocket(port: inspector.port)
      idle.append(socket)
      try socket.write(request)
      let answer = try await onOwnThread { try socket.readSome() ?? [] }
      #expect(String(decoding: answer.prefix(12), as: UTF8.self) == "HTTP/1.1 200")
    }
    // One more is served, not refused: the first idle one is let go.
    let status = try await RawHTTP(port: inspector.port).send(
      "GET", "/api/recordings?token=\(token)"
    ).status
    #expect(status == 200)
    // Its answer was read; what is left ends where the server shut it down.
    let left = try await idle[0].readToEndOffThePool()
    #expect(String(decoding: left, as: UTF8.self).contains("HTTP/1.1") == false)
    // The second is still served.
    let second = idle[1]
    try second.write(request)
    let answer = try await onOwnThread { try second.readSome() ?? [] }
    #expect(String(decoding: answer.prefix(12), as: UTF8.self) == "HTTP/1.1 200")
  }

  @Test func whenEveryConnectionIsBusyANewOneIsToldSoAndClosed() async throws {
    // Each request waits for its own gate (a stream has one reader at a time).
    let gates = (0..<2).map { _ in AsyncStream.makeStream(of: Void.self) }
    let arrived = Locked(0)
    let (busy, busySignal) = AsyncStream.makeStream(of: Void.self)
    var limits = InspectorConnection.Limits()
    limits.maximumConnections = 2
    let server = try await InspectorServer.start(host: "127.0.0.1", port: 0, limits: limits) {
      _ in
      let index = arrived.withLock { count in
        defer { count += 1 }
        return count
      }
      guard index < gates.count else { return .text(500, "a request past the limit was served") }
      busySignal.yield()
      for await _ in gates[index].stream { break }
      return .text(200, "answered")
    }
    defer { Task { await server.stop() } }
    let clients = try (0..<2).map { _ in try RawSocket(port: server.port) }
    defer { for client in clients { client.close() } }
    for client in clients {
      try client.write(Array("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8))
    }
    var started = busy.makeAsyncIterator()
    for _ in clients { await started.next() }
    // Both are being answered: none is let go, and the third is refused with why.
    let refused = try RawSocket(port: server.port)
    defer { refused.close() }
    let answer = String(decoding: try await refused.readToEndOffThePool(), as: UTF8.self)
    #expect(answer.hasPrefix("HTTP/1.1 503"))
    #expect(answer.contains("answering 2 requests at once"))
    for gate in gates { gate.continuation.yield() }
    for client in clients {
      let answered = try await client.readToEndOffThePool()
      #expect(String(decoding: answered, as: UTF8.self).hasSuffix("answered"))
    }
  }

  @Test func aRequestAnyoneMaySendDoesNotKeepItsPlace() async throws {
    let (cancelled, signal) = AsyncStream.makeStream(of: Bool.self)
    let (busy, busySignal) = AsyncStream.makeStream(of: Void.self)
    var limits = InspectorConnection.Limits()
    limits.maximumConnections = 1
    let server = try await InspectorServer.start(
      host: "127.0.0.1", port: 0, limits: limits,
      admit: { .serve(keepsPlace: $0.path != "/asset") }
    ) { request in
      guard request.path == "/asset" else { return .text(200, "answered") }
      // The page's script, say: held until its client is gone.
      busySignal.yield()
      let (never, _) = AsyncStream.makeStream(of: Void.self)
      for await _ in never {}
      signal.yield(Task.isCancelled)
      return .noContent
    }
    defer { Task { await server.stop() } }
    let anyone = try RawSocket(port: server.port)
    defer { anyone.close() }
    try anyone.write(Array("GET /asset HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
    var started = busy.makeAsyncIterator()
    await started.next()
    // Being answered, but without the token: a client with it takes its place.
    let status = try await RawHTTP(port: server.port).send("GET", "/api").status
    #expect(status == 200)
    var ended = cancelled.makeAsyncIterator()
    #expect(await ended.next() == true)
    #expect(try await anyone.readToEndOffThePool().isEmpty)
  }

  @Test func aGetWithABodyIsRefused() async throws {
    let server = try await InspectorServer.start(host: "127.0.0.1", port: 0) { _ in .noContent }
    defer { Task { await server.stop() } }
    let answer = String(
      decoding: try await HostileRequestTests.exchange(
        Array("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 16777216\r\n\r\n".utf8),
        port: server.port),
      as: UTF8.self)
    #expect(answer.hasPrefix("HTTP/1.1 400"))
    #expect(answer.contains("has no body"))
  }

  @Test func aHeadRequestGetsHeadersAndNoBody() async throws {
    let inspector = try await Inspector.start(printsAddress: false)
    defer { Task { await inspector.stop() } }
    let token = try InspectorTests.token(of: inspector)
    let client = try RawSocket(port: inspector.port)
    defer { client.close() }
    try client.write(
      Array(
        ("HEAD /api/recordings?token=\(token) HTTP/1.1\r\nHost: 127.0.0.1:\(inspector.port)\r\n"
          + "Connection: close\r\n\r\n").utf8))
    let answer = String(decoding: try await client.readToEndOffThePool(), as: UTF8.self)
    #expect(answer.hasPrefix("HTTP/1.1 200"))
    #expect(answer.contains("Content-Length: "))
    #expect(answer.hasSuffix("\r\n\r\n"))
  }

  @Test func stoppingTwiceIsHarmless() async throws {
    let inspector = try await Inspector.start(printsAddress: false)
    async let first: Void = inspector.stop()
    async let second: Void = inspector.stop()
    _ = await (first, second)
    await inspector.stop()
    // The port is free again.
    let again = try await Inspector.start(port: inspector.port, printsAddress: false)
    await again.stop()
  }

  @Test func listeningOnEveryAddressAcceptsAddressesNotNames() {
    let gate = Gatekeeper(token: "t", address: "0.0.0.0", port: 8_080)
    #expect(gate.refusal(token: "t", host: "192.168.1.5:8080", origin: nil) == nil)
    #expect(
      gate.refusal(token: "t", host: "10.0.0.2:8080", origin: "http://10.0.0.2:8080") == nil)
    #expect(gate.refusal(token: "t", host: "evil.example:8080", origin: nil) != nil)
    #expect(gate.refusal(token: "t", host: "192.168.1.5:9999", origin: nil) != nil)
    #expect(gate.refusal(token: "t", host: "1.2.3.400:8080", origin: nil) != nil)
    #expect(
      gate.refusal(token: "t", host: "10.0.0.2:8080", origin: "http://evil.example:8080") != nil)
    let loopback = Gatekeeper(token: "t", address: "127.0.0.1", port: 8_080)
    #expect(loopback.refusal(token: "t", host: "192.168.1.5:8080", origin: nil) != nil)
  }
}
