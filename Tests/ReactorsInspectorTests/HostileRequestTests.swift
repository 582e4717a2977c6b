import Foundation
import Reactors
import ReactorsInspector
import ReactorsRecording
import ReactorsTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Requests an attacker could send: numbers that overflow, a name that would end a header,
/// heads too long to parse. Each gets a clear 4xx, and the app stays up and does not travel.
@Suite(.timeLimit(.minutes(1))) struct HostileRequestTests {
  static let hostileNumbers = [
    "9223372036854775807", "-9223372036854775808", "-1", "1e30", "text", "",
    "1234567890123456789012345678901234567890", "0x10", "%00", "7%0d%0a",
  ]

  @Test func everyRouteRefusesHostileNumbersAndTheAppStaysUp() async throws {
    let (inspector, counter, _) = try await InspectorTests.inspected()
    defer { Task { await inspector.stop() } }
    let http = RawHTTP(port: inspector.port)
    let token = try InspectorTests.token(of: inspector)
    let targets = [
      ("GET", "/api/steps?r=0&from=X"), ("GET", "/api/steps?r=0&count=X"),
      ("GET", "/api/steps?r=X"), ("GET", "/api/state?r=0&i=X"), ("GET", "/api/state?r=X&i=0"),
      ("GET", "/api/state?r=0&i=0&full=X"), ("GET", "/api/diff?r=0&i=X"),
      ("GET", "/api/diff?r=X&i=1"), ("POST", "/api/travel?r=0&i=X"),
      ("POST", "/api/travel?r=X&i=1"), ("POST", "/api/live?r=X"), ("GET", "/api/export?r=X"),
    ]
    for (method, target) in targets {
      for number in Self.hostileNumbers {
        let answer = try await http.send(
          method, target.replacingOccurrences(of: "X", with: number) + "&token=\(token)")
        #expect((400..<500).contains(answer.status), "\(method) \(target) with \(number)")
        #expect(!answer.text.isEmpty, "\(method) \(target) with \(number): no sentence")
      }
    }
    // A missing step or recording number is named as missing; a step past the end is 404.
    let noIndex = try await http.send("POST", "/api/travel?r=0&token=\(token)")
    #expect(noIndex.status == 400)
    #expect(noIndex.text.contains("i= is missing"))
    #expect(try await http.send("POST", "/api/travel?r=0&i=99999&token=\(token)").status == 404)
    #expect(try await http.send("GET", "/api/state?r=0&i=7&token=\(token)").status == 404)
    // A window from the end reads nothing.
    let end = try await http.send("GET", "/api/steps?r=0&from=7&count=1000&token=\(token)")
    #expect(end.status == 200)
    #expect(end.text.contains("\"steps\":[]"))
    // Up, untouched: nothing traveled.
    #expect(counter.currentState.total == 6)
    let recordings = try await http.send("GET", "/api/recordings?token=\(token)")
    #expect(recordings.status == 200)
    #expect(!recordings.text.contains("\"shownStep\":"))
  }

  @Test func theExportsHeadersCarryNoInjectedLine() async throws {
    let inspector = try await Inspector.start(printsAddress: false)
    defer { Task { await inspector.stop() } }
    let counter = Counter()
    let hostile = "x\r\nX-Injected: yes\r\nSet-Cookie: pwn=1\r\n\"; filename=\"evil.sh"
    let recording = Recording(of: counter, named: hostile)
    counter.send(.add(1))
    inspector.inspect(recording)
    let token = try InspectorTests.token(of: inspector)
    let export = try await RawHTTP(port: inspector.port).send(
      "GET", "/api/export?r=0&token=\(token)")
    #expect(export.status == 200)
    let lines = export.headers.split(separator: "\r\n")
    #expect(!lines.contains { $0.lowercased().hasPrefix("x-injected") })
    #expect(!lines.contains { $0.lowercased().hasPrefix("set-cookie") })
    let disposition = try #require(lines.first { $0.hasPrefix("Content-Disposition:") })
    // One quoted plain name of safe characters, then the whole name percent-encoded.
    #expect(
      disposition
        == "Content-Disposition: attachment; filename=\"x__X-Injected__yes__Set-Cookie__pwn_1_"
        + "____filename__evil.sh.jsonl\"; filename*=UTF-8''x%0D%0AX-Injected%3A%20yes%0D%0A"
        + "Set-Cookie%3A%20pwn%3D1%0D%0A%22%3B%20filename%3D%22evil.sh.jsonl")
    for header in [
      "Content-Security-Policy:", "X-Content-Type-Options: nosniff",
      "Referrer-Policy: no-referrer",
    ] {
      #expect(lines.contains { $0.hasPrefix(header) }, "\(header)")
    }
  }

  /// Refused before the token is checked, in one linear pass over at most 8 KB; that it takes
  /// under a second and no processor time after is measured against the search example's own
  /// process (`SearchInspectorTests`), where no other test shares its threads.
  @Test func aHugeRequestLineOrHeaderIsRefused() async throws {
    let inspector = try await Inspector.start(printsAddress: false)
    defer { Task { await inspector.stop() } }
    let port = inspector.port
    let long = String(repeating: "a", count: 65_536)
    let longLine = Array("GET /?\(long) HTTP/1.1\r\n".utf8)
    let longHeader = Array(
      "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nX-Long: \(long)\r\n\r\n".utf8)
    for request in [longLine, longHeader] {
      let answer = String(decoding: try await Self.exchange(request, port: port), as: UTF8.self)
      #expect(answer.hasPrefix("HTTP/1.1 431"))
      #expect(answer.contains("over 8192 bytes"))
    }
    let token = try InspectorTests.token(of: inspector)
    #expect(
      try await RawHTTP(port: port).send("GET", "/api/recordings?token=\(token)").status == 200)
  }

  @Test func aBodyOverTheLimitIsRefusedBeforeItIsRead() async throws {
    let inspector = try await Inspector.start(printsAddress: false)
    defer { Task { await inspector.stop() } }
    let token = try InspectorTests.token(of: inspector)
    let request = Array(
      ("POST /api/import?token=\(token) HTTP/1.1\r\nHost: 127.0.0.1:\(inspector.port)\r\n"
        + "Content-Length: 999999999999\r\n\r\n").utf8)
    let answer = String(
      decoding: try await Self.exchange(request, port: inspector.port), as: UTF8.self)
    #expect(answer.hasPrefix("HTTP/1.1 413"))
    #expect(answer.contains("up to 16777216"))
  }

  /// Sends `request` as is and reads until the server closes.
  static func exchange(_ request: [UInt8], port: UInt16) async throws -> [UInt8] {
    try await onOwnThread { try RawHTTP.exchange(request, port: port) }
  }
}
