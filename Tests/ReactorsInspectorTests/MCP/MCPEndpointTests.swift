import Foundation
import Reactors
import ReactorsInspector
import ReactorsRecording
import Testing

/// The MCP server over real HTTP, as an agent's client speaks to it: the handshake, the tools'
/// answers, who gets in, and what a malformed message gets.
@Suite(.timeLimit(.minutes(1))) struct MCPEndpointTests {
  /// An MCP client of one inspector: JSON-RPC over POST /mcp, with the bearer token.
  struct Client {
    let http: RawHTTP
    let token: String
    var next = 0

    init(_ inspector: Inspector) throws {
      http = RawHTTP(port: inspector.port)
      token = try InspectorTests.token(of: inspector)
    }

    func post(_ body: String, headers: [String: String] = [:]) async throws -> RawHTTP.Answer {
      try await http.send(
        "POST", "/mcp",
        headers: [
          "Authorization": "Bearer \(token)", "Content-Type": "application/json",
          "Accept": "application/json, text/event-stream",
        ].merging(headers) { $1 }, body: Array(body.utf8))
    }

    /// The answer to `method` with `params`: its `result`, or its `error`.
    mutating func call(
      _ method: String, _ params: [String: Any] = [:]
    ) async throws
      -> [String: Any]
    {
      next += 1
      let message: [String: Any] = [
        "jsonrpc": "2.0", "id": next, "method": method, "params": params,
      ]
      let body = String(
        decoding: try JSONSerialization.data(withJSONObject: message), as: UTF8.self)
      let answer = try await post(body)
      #expect(answer.status == 200, "\(method): \(answer.text)")
      #expect(answer.headers.lowercased().contains("content-type: application/json"))
      let reply = try #require(
        JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])
      #expect(reply["jsonrpc"] as? String == "2.0")
      #expect(reply["id"] as? Int == next)
      return reply
    }

    /// Tool `name`'s structured answer; records an issue when the tool failed.
    mutating func tool(
      _ name: String, _ arguments: [String: Any] = [:]
    ) async throws
      -> [String: Any]
    {
      let reply = try await call("tools/call", ["name": name, "arguments": arguments])
      let result = try #require(reply["result"] as? [String: Any], "\(reply)")
      #expect(result["isError"] as? Bool == false, "\(name): \(result)")
      let text = try #require((result["content"] as? [[String: Any]])?.first?["text"] as? String)
      let structured = try #require(result["structuredContent"] as? [String: Any])
      // The text is the same answer, for clients that read only text.
      let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
      #expect(parsed.map { NSDictionary(dictionary: $0) } == NSDictionary(dictionary: structured))
      return structured
    }

    /// Tool `name`'s failure message; records an issue when it did not fail.
    mutating func refusal(
      _ name: String, _ arguments: [String: Any] = [:]
    ) async throws
      -> String
    {
      let reply = try await call("tools/call", ["name": name, "arguments": arguments])
      let result = try #require(reply["result"] as? [String: Any], "\(reply)")
      #expect(result["isError"] as? Bool == true, "\(name) did not fail: \(result)")
      return (result["content"] as? [[String: Any]])?.first?["text"] as? String ?? ""
    }
  }

  @Test func theHandshakeListsTheToolsAndResources() async throws {
    let (inspector, _, _) = try await InspectorTests.inspected()
    defer { Task { await inspector.stop() } }
    var client = try Client(inspector)
    #expect(inspector.mcpAddress == "http://127.0.0.1:\(inspector.port)/mcp")
    #expect(inspector.mcpConfiguration.contains(#""Authorization":"Bearer \#(client.token)""#))

    let hello = try #require(
      try await client.call(
        "initialize",
        [
          "protocolVersion": "2025-06-18", "capabilities": [:],
          "clientInfo": ["name": "test", "version": "1"],
        ])["result"] as? [String: Any])
    #expect(hello["protocolVersion"] as? String == "2025-06-18")
    #expect((hello["capabilities"] as? [String: Any])?["tools"] != nil)
    #expect((hello["serverInfo"] as? [String: Any])?["name"] as? String == "reactors-inspector")
    // A revision it does not know gets the newest it serves.
    let newer = try await client.call("initialize", ["protocolVersion": "2099-01-01"])
    #expect((newer["result"] as? [String: Any])?["protocolVersion"] as? String == "2025-11-25")

    let notified = try await client.post(
      #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
    #expect(notified.status == 202)
    #expect(notified.body.isEmpty)
    #expect(try await client.call("ping")["result"] as? [String: Any] != nil)

    let tools = try #require(
      (try await client.call("tools/list")["result"] as? [String: Any])?["tools"]
        as? [[String: Any]])
    #expect(
      tools.map { $0["name"] as? String } == [
        "list_recordings", "timeline", "get_step", "why", "find_change", "slowest_steps",
        "travel", "go_live", "send_action", "replay", "export_recording",
      ])
    for tool in tools {
      let schema = try #require(tool["inputSchema"] as? [String: Any])
      #expect(schema["type"] as? String == "object")
      #expect(!(tool["description"] as? String ?? "").isEmpty)
    }

    let resources = try #require(
      (try await client.call("resources/list")["result"] as? [String: Any])?["resources"]
        as? [[String: Any]])
    #expect(resources.map { $0["uri"] as? String } == ["reactors://recordings/0"])
    let read = try #require(
      try await client.call("resources/read", ["uri": "reactors://recordings/0"])["result"]
        as? [String: Any])
    let contents = try #require((read["contents"] as? [[String: Any]])?.first)
    #expect((contents["text"] as? String)?.contains(".add(3)") == true)
    let missing = try await client.call("resources/read", ["uri": "reactors://recordings/9"])
    #expect((missing["error"] as? [String: Any])?["code"] as? Int == -32_002)
  }

  @Test func theToolsReadTheTimelineStepsStatesAndChanges() async throws {
    let (inspector, counter, _) = try await InspectorTests.inspected()
    defer { Task { await inspector.stop() } }
    var client = try Client(inspector)

    let list = try await client.tool("list_recordings")
    let entry = try #require((list["recordings"] as? [[String: Any]])?.first)
    #expect(entry["name"] as? String == "counter")
    #expect(entry["steps"] as? Int == 7)

    let page = try await client.tool("timeline", ["recording": 0, "from": 1, "count": 2])
    let steps = try #require(page["steps"] as? [[String: Any]])
    #expect(steps.map { $0["index"] as? Int } == [1, 2])
    #expect(steps.map { $0["kind"] as? String } == ["input", "mutation"])
    #expect(page["nextFrom"] as? Int == 3)
    // The call site of each input: this file's helper sent them.
    #expect((steps[0]["source"] as? String)?.contains("InspectorTests.swift:") == true)
    let inputs = try await client.tool("timeline", ["recording": 0, "kinds": ["input"]])
    #expect((inputs["steps"] as? [[String: Any]])?.count == 3)

    let step = try await client.tool("get_step", ["recording": 0, "index": 4])
    #expect((step["step"] as? [String: Any])?["text"] as? String == ".add(2)")
    #expect(step["value"] as? String == "mutation: .add\n  0: 2\n")
    let state = try #require(step["state"] as? [String: Any])
    #expect(state["madeAt"] as? Int == 4)
    #expect((state["text"] as? String)?.contains("total: 3") == true)
    #expect((step["diff"] as? String)?.contains("3") == true)
    let atPath = try await client.tool("get_step", ["recording": 0, "index": 6, "path": "total"])
    #expect((atPath["state"] as? [String: Any])?["text"] as? String == "total: 6\n")
    let wrongPath = try await client.tool("get_step", ["recording": 0, "index": 6, "path": "x"])
    #expect(
      (wrongPath["state"] as? [String: Any])?["text"] as? String
        == "No \"x\" in the state: it has total.")

    // When did the total become 3, and become more than… (as printed) 5 or 6.
    let three = try await client.tool(
      "find_change", ["recording": 0, "path": "total", "equals": "3"])
    #expect((three["changes"] as? [[String: Any]])?.map { $0["index"] as? Int } == [4])
    // Matching from the first state on, it begins to match once.
    let all = try await client.tool(
      "find_change", ["recording": 0, "path": "total", "contains": "", "which": "all"])
    #expect((all["changes"] as? [[String: Any]])?.map { $0["index"] as? Int } == [0])
    let odd = try await client.tool(
      "find_change", ["recording": 0, "path": "total", "contains": "1", "which": "all"])
    #expect((odd["changes"] as? [[String: Any]])?.map { $0["index"] as? Int } == [2])
    let last = try await client.tool(
      "find_change", ["recording": 0, "path": "total", "equals": "6", "which": "last"])
    #expect((last["changes"] as? [[String: Any]])?.map { $0["index"] as? Int } == [6])
    #expect(
      try await client.refusal("find_change", ["recording": 0, "path": "nope", "equals": "1"])
        == "No \"nope\" in the state: it has total.")

    let why = try await client.tool("why", ["recording": 0, "index": 6])
    let chain = try #require(why["chain"] as? [[String: Any]])
    #expect(
      chain.map { ($0["step"] as? [String: Any])?["index"] as? Int } == [6, 5],
      "a mutation, then the input that made it")
    #expect((why["end"] as? String)?.contains("outside") == true)

    // Travel shows the app a past state; live shows its own again.
    #expect(
      try await client.tool("travel", ["recording": 0, "index": 2])["shownStep"] as? Int == 2)
    #expect(counter.currentState.total == 1)
    let live = try await client.tool("go_live", ["recording": 0])
    #expect(live["live"] as? Bool == true)
    #expect(live["shownStep"] is NSNull)
    #expect(counter.currentState.total == 6)
  }

  @Test func aCauseChainCrossesRecordings() async throws {
    let inspector = try await Inspector.start(printsAddress: false)
    defer { Task { await inspector.stop() } }
    let (source, target) = (Counter(), Counter())
    let sources = Recording(of: source, named: "source")
    let targets = Recording(of: target, named: "target")
    let token = source.observe(\.total) { total in
      if total > 0 { target.send(.add(total * 10)) }
    }
    defer { token.cancel() }
    source.send(.add(1))
    inspector.inspect(sources)
    inspector.inspect(targets)
    var client = try Client(inspector)

    // target: began, input add(10) <- source#2, mutation <- target#1.
    let why = try await client.tool("why", ["recording": 1, "index": 2])
    let chain = try #require(why["chain"] as? [[String: Any]])
    #expect(chain.map { $0["recording"] as? String } == ["target", "target", "source", "source"])
    #expect(chain.map { ($0["step"] as? [String: Any])?["index"] as? Int } == [2, 1, 2, 1])
  }

  @Test func badCallsGetJSONRPCErrorsOrRefusalsThatSayWhatToSend() async throws {
    let (inspector, _, _) = try await InspectorTests.inspected(allowsTimeTravel: false)
    defer { Task { await inspector.stop() } }
    var client = try Client(inspector)

    func error(_ answer: RawHTTP.Answer) throws -> (code: Int?, message: String) {
      let reply = try #require(
        JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])
      let error = try #require(reply["error"] as? [String: Any], "\(reply)")
      return (error["code"] as? Int, error["message"] as? String ?? "")
    }
    let malformed = try await client.post(#"{"jsonrpc":"2.0","id":1,"method":"#)
    #expect(malformed.status == 400)
    #expect(try error(malformed).code == -32_700)
    let batch = try await client.post(#"[{"jsonrpc":"2.0","id":1,"method":"ping"}]"#)
    #expect(try error(batch).code == -32_600)
    #expect(try error(batch).message.contains("batches"))
    let noVersion = try await client.post(#"{"id":1,"method":"ping"}"#)
    #expect(try error(noVersion).code == -32_600)
    let unknown = try await client.call("tools/unknown")
    #expect((unknown["error"] as? [String: Any])?["code"] as? Int == -32_601)
    let noTool = try await client.call("tools/call", ["name": "rm_rf", "arguments": [:]])
    #expect((noTool["error"] as? [String: Any])?["code"] as? Int == -32_602)
    let oldVersion = try await client.post(
      #"{"jsonrpc":"2.0","id":1,"method":"ping"}"#, headers: ["MCP-Protocol-Version": "1999"])
    #expect(oldVersion.status == 400)

    // A tool's own refusals are results the model reads, saying what to send.
    #expect(
      try await client.refusal("timeline", ["recording": 9]).contains("ask list_recordings"))
    #expect(
      try await client.refusal("timeline", ["recording": 0, "count": 1_000]).contains(
        "between 1 and 100"))
    #expect(
      try await client.refusal("timeline", ["recording": "99999999999999999999999"])
        .contains("not a whole number"))
    #expect(
      try await client.refusal("get_step", ["recording": 0, "index": 70]).contains(
        "from 0 to 6"))
    #expect(
      try await client.refusal("timeline", ["recording": 0, "kinds": ["nope"]]).contains(
        "mutation"))
    #expect(
      try await client.refusal("travel", ["recording": 0, "index": 1]).contains("read-only"))

    // The gate: a GET opens no stream; no token, a foreign Origin or Host get 403.
    #expect(try await client.http.send("GET", "/mcp?token=\(client.token)").status == 405)
    let anonymous = try await client.http.send(
      "POST", "/mcp", body: Array(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#.utf8))
    #expect(anonymous.status == 403)
    let foreign = try await client.post(
      #"{"jsonrpc":"2.0","id":1,"method":"ping"}"#, headers: ["Origin": "http://evil.example"])
    #expect(foreign.status == 403)
    let rebound = try await client.http.send(
      "POST", "/mcp", host: "evil.example:\(inspector.port)",
      headers: ["Authorization": "Bearer \(client.token)"],
      body: Array(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#.utf8))
    #expect(rebound.status == 403)
  }

  @Test func aHiddenPasswordLeavesThroughNoTool() async throws {
    let (_, recording) = InspectorRedactionTests.login()
    let inspector = try await Inspector.start(printsAddress: false)
    defer { Task { await inspector.stop() } }
    inspector.inspect(recording)
    var client = try Client(inspector)
    var answers: [String] = []
    answers.append("\(try await client.tool("timeline", ["recording": 0]))")
    for index in 0..<recording.steps.count {
      answers.append("\(try await client.tool("get_step", ["recording": 0, "index": index]))")
      answers.append("\(try await client.tool("why", ["recording": 0, "index": index]))")
    }
    answers.append(
      "\(try await client.call("resources/read", ["uri": "reactors://recordings/0"]))")
    #expect(!answers.contains { $0.contains("hunter2") })
    #expect(answers.contains { $0.contains("•") })
  }

  @Test func aHugeStateIsAnsweredCutWithTheKeyPathToAskFor() async throws {
    let store = Store(
      initial: [String](),
      reducer: { (lines: inout [String], count: Int) in
        lines = (0..<count).map { "line \($0) " + String(repeating: "x", count: 2_000) }
      })
    let recording = Recording(of: store, named: "big")
    store.dispatch(5_000)
    let inspector = try await Inspector.start(printsAddress: false)
    defer { Task { await inspector.stop() } }
    inspector.inspect(recording)
    var client = try Client(inspector)
    let step = try await client.tool("get_step", ["recording": 0, "index": 2])
    let text = try #require((step["state"] as? [String: Any])?["text"] as? String)
    #expect(text.count < 30_000)
    #expect(text.contains("more bytes"))
    #expect(text.contains("ask for"))
    let one = try await client.tool("get_step", ["recording": 0, "index": 2, "path": "4999"])
    #expect(((one["state"] as? [String: Any])?["text"] as? String)?.contains("line 4999") == true)
  }

  @Test func aHundredConcurrentRequestsAreAllAnswered() async throws {
    let (inspector, _, _) = try await InspectorTests.inspected()
    defer { Task { await inspector.stop() } }
    let client = try Client(inspector)
    let answered = try await withThrowingTaskGroup(of: Int?.self) { group in
      for id in 0..<100 {
        group.addTask {
          let answer = try await client.post(
            #"{"jsonrpc":"2.0","id":\#(id),"method":"tools/call","#
              + #""params":{"name":"timeline","arguments":{"recording":0}}}"#)
          let reply = try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any]
          let result = reply?["result"] as? [String: Any]
          // Each answer is its own request's: its id, and a whole timeline.
          guard answer.status == 200, result?["isError"] as? Bool == false,
            ((result?["structuredContent"] as? [String: Any])?["steps"] as? [Any])?.count == 7
          else { return nil }
          return reply?["id"] as? Int
        }
      }
      return try await group.reduce(into: [Int]()) { if let id = $1 { $0.append(id) } }
    }
    #expect(answered.sorted() == Array(0..<100))
  }
}
