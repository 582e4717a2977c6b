import Foundation
import Reactors
import ReactorsInspector
import ReactorsTestSupport
import Testing

@testable import ReactorsInspector

/// What the server refuses before it spends anything: a body without the token, connections
/// past its limit; and what a client other than the page may send (`HEAD`), or do (stop twice).
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

  @Test func connectionsPastTheLimitAreToldSoAndClosed() async throws {
    let inspector = try await Inspector.start(printsAddress: false)
    defer { Task { await inspector.stop() } }
    let token = try InspectorTests.token(of: inspector)
    var idle: [RawSocket] = []
    defer { for socket in idle { socket.close() } }
    // Idle connections, each made sure to be served (a request answered on it) before the next.
    for _ in 0..<InspectorServer.maximumConnections {
      let socket = try RawSocket(port: inspector.port)
      idle.append(socket)
      try socket.write(
        Array(
          "GET /api/recordings?token=\(token) HTTP/1.1\r\nHost: 127.0.0.1:\(inspector.port)\r\n\r\n"
            .utf8))
      let answer = try await onOwnThread { try socket.readSome() ?? [] }
      #expect(String(decoding: answer.prefix(12), as: UTF8.self) == "HTTP/1.1 200")
    }
    let refused = try await RawHTTP(port: inspector.port).send(
      "GET", "/api/recordings?token=\(token)")
    #expect(refused.status == 503)
    #expect(refused.text.contains("connections at most"))
    // Served again once one is done: asked to close, the server counts it gone before the
    // client sees it closed.
    let leaving = idle.removeFirst()
    try leaving.write(
      Array(
        ("GET /api/recordings?token=\(token) HTTP/1.1\r\nHost: 127.0.0.1:\(inspector.port)\r\n"
          + "Connection: close\r\n\r\n").utf8))
    _ = try await leaving.readToEndOffThePool()
    leaving.close()
    let status = try await RawHTTP(port: inspector.port).send(
      "GET", "/api/recordings?token=\(token)"
    ).status
    #expect(status == 200)
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
