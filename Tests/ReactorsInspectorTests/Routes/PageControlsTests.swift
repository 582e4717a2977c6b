import Foundation
import Reactors
import ReactorsInspector
import ReactorsRecording
import Testing

/// The answers behind the page's controls, over real HTTP: a step's whole value, a diff
/// between any two steps, a state as JSON, a what-if without an input, and an action sent
/// only where the app allows it.
@Suite(.timeLimit(.minutes(1))) struct PageControlsTests {
  @Test func valuesComparisonsJSONAndWhatIfs() async throws {
    // The counter is kept: a what-if reduces with it.
    let (inspector, counter, _) = try await InspectorTests.inspected()
    defer {
      withExtendedLifetime(counter) {}
      Task { await inspector.stop() }
    }
    let http = RawHTTP(port: inspector.port)
    let token = try InspectorTests.token(of: inspector)
    func get(_ target: String) async throws -> RawHTTP.Answer {
      try await http.send("GET", target + "&token=\(token)")
    }
    func json(_ target: String) async throws -> [String: Any] {
      let answer = try await get(target)
      #expect(answer.status == 200, "\(target): \(answer.text)")
      return try #require(JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])
    }

    // Steps: began, then (input add(n), mutation add(n)) for n = 1, 2, 3: totals 1, 3, 6.
    let value = try await json("/api/value?r=0&i=3")
    #expect(value["label"] as? String == "input")
    #expect(value["summary"] as? String == ".add")
    #expect(try await get("/api/value?r=0&i=0").status == 404)

    // From the state at 2 (total 1) to the state at 6 (total 6).
    let compared = try await json("/api/compare?r=0&i=6&with=2")
    #expect(compared["index"] as? Int == 6)
    #expect(compared["previous"] as? Int == 2)
    let lines = try #require(compared["diff"] as? String)
    #expect(lines.contains("-") && lines.contains("total: 1"))
    #expect(lines.contains("+") && lines.contains("total: 6"))
    #expect(
      lines.firstRange(of: "total: 1")!.lowerBound < lines.firstRange(of: "total: 6")!.lowerBound,
      "the state compared with comes first, as what was: \(lines)")
    #expect(try await get("/api/compare?r=0&i=2&with=99").status == 400)

    let state = try await get("/api/statejson?r=0&i=4")
    #expect(state.status == 200)
    #expect(
      try JSONSerialization.jsonObject(with: Data(state.body)) as? [String: Int] == ["total": 3])

    // Without add(2) and its mutation: 1 + 3 = 4, where 6 was recorded.
    let whatIf = try await json("/api/whatif?r=0&skip=3")
    #expect(whatIf["alsoSkipped"] as? Int == 1)
    #expect(whatIf["last"] as? Int == 6)
    let diff = try #require(whatIf["diff"] as? String)
    #expect(diff.contains("- total: 6") || diff.contains("-   total: 6"), "\(diff)")
    #expect(diff.contains("total: 4"))
    #expect(try await get("/api/whatif?r=0&skip=2").status == 422, "a mutation is no input")
  }

  @Test func anActionIsSentFromThePageOnlyWhereTheAppAllowsIt() async throws {
    let inspector = try await Inspector.start(printsAddress: false)
    defer { Task { await inspector.stop() } }
    let (allowed, closed) = (Counter(), Counter())
    inspector.inspect(Recording(of: allowed, named: "allowed"), sending: { allowed.send($0) })
    inspector.inspect(Recording(of: closed, named: "closed"))
    let http = RawHTTP(port: inspector.port)
    let token = try InspectorTests.token(of: inspector)
    func send(_ recording: Int, _ body: String) async throws -> RawHTTP.Answer {
      try await http.send(
        "POST", "/api/send?r=\(recording)&token=\(token)", body: Array(body.utf8))
    }

    let recordings = try await http.send("GET", "/api/recordings?token=\(token)")
    #expect(recordings.text.contains(#""canSend":true"#))
    #expect(recordings.text.contains(#""canSend":false"#))
    let sent = try await send(0, #"{"add":{"_0":5}}"#)
    #expect(sent.status == 200)
    #expect(sent.text.contains(".add(5)"))
    #expect(allowed.currentState.total == 5)
    #expect(try await send(0, #"{"add":"#).status == 400)
    let wrong = try await send(0, #"{"subtract":{"_0":5}}"#)
    #expect(wrong.status == 422)
    #expect(wrong.text.contains(#"{"add":{"_0":5}}"#))
    let refused = try await send(1, #"{"add":{"_0":5}}"#)
    #expect(refused.status == 403)
    #expect(closed.currentState.total == 0)
  }

  @Test func aWhatIfLeavesOutWhatTheInputCausedAndRefusesRedactedMutations() async throws {
    let inspector = try await Inspector.start(printsAddress: false)
    defer { Task { await inspector.stop() } }
    // Every amount arrives through an effect: its start, its mutation and its end were caused
    // by the input, and leave with it.
    let effects = MCPQueriesTests.EffectCounter()
    let recording = Recording(of: effects, named: "effects")
    effects.send(.add(2))
    await effects.storage.settled()
    effects.send(.add(5))
    await effects.storage.settled()
    let hidden = Counter()
    let redacted = Recording(
      of: hidden, named: "hidden", redacting: [.mutation { _ in .add(0) }])
    hidden.send(.add(1))
    inspector.inspect(recording)
    inspector.inspect(redacted)
    let http = RawHTTP(port: inspector.port)
    let token = try InspectorTests.token(of: inspector)

    let answer = try await http.send("GET", "/api/whatif?r=0&skip=1&token=\(token)")
    #expect(answer.status == 200, "\(answer.text)")
    let whatIf = try #require(
      JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])
    // began, input add(2), effect, mutation add(2), ended: three steps it caused.
    #expect(whatIf["alsoSkipped"] as? Int == 3)
    let diff = try #require(whatIf["diff"] as? String)
    #expect(diff.contains("total: 7") && diff.contains("total: 5"), "\(diff)")
    let refused = try await http.send("GET", "/api/whatif?r=1&skip=1&token=\(token)")
    #expect(refused.status == 422)
    #expect(refused.text.contains("redacted"))
    withExtendedLifetime((effects, hidden)) {}
  }
}
