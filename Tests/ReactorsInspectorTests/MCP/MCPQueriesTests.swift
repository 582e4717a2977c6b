import Foundation
import Reactors
import ReactorsInspector
import ReactorsRecording
import ReactorsTestSupport
import ReactorsTesting
import Testing

/// The questions that search a recording, at their edges: a value that matches, stops and
/// matches again, asked from the middle; a cause that an imported file does not hold; the
/// slowest steps, measured or not; and the protocol's own edges (ids, sizes, arguments).
@Suite(.timeLimit(.minutes(1))) struct MCPQueriesTests {
  /// A counter whose every amount arrives from an effect.
  final class EffectCounter: Reactor {
    let storage = Storage()
    let initialState = Counter.State()
    func mutate(action: Counter.Action) -> Effect<Counter.Action> {
      .run { send in send(action) }
    }
    func reduce(state: inout Counter.State, mutation: Counter.Action) {
      if case .add(let amount) = mutation { state.total += amount }
    }
  }

  func indices(_ answer: [String: Any], _ key: String = "index") -> [Int?] {
    (answer["changes"] as? [[String: Any]] ?? []).map { $0[key] as? Int }
  }

  @Test func aValueThatMatchesStopsAndMatchesAgainIsFoundEachTimeAndFromTheMiddle() async throws {
    let inspector = try await Inspector.start(printsAddress: false)
    defer { Task { await inspector.stop() } }
    let counter = Counter()
    let recording = Recording(of: counter, named: "counter")
    // Totals 1, 0, 1 at steps 2, 4 and 6.
    for amount in [1, -1, 1] { counter.send(.add(amount)) }
    inspector.inspect(recording)
    var client = try MCPEndpointTests.Client(inspector)
    func find(_ extra: [String: Any]) async throws -> [String: Any] {
      try await client.tool(
        "find_change", ["recording": 0, "path": "total", "equals": "1"].merging(extra) { $1 })
    }

    #expect(indices(try await find([:])) == [2])
    let all = try await find(["which": "all"])
    #expect(indices(all) == [2, 6])
    #expect(indices(all, "since") == [0, 4], "the states looked at before each change")
    #expect(indices(try await find(["which": "last"])) == [6])
    // From the middle: a match that began before `from` is not a new one.
    #expect(indices(try await find(["from": 3])) == [6])
    #expect(indices(try await find(["from": 5])) == [6])
    let past = try await find(["from": 7])
    #expect(indices(past).isEmpty)
    #expect(past["note"] == nil)
  }

  @Test func anImportedFilesCauseInAnotherRecordingEndsItsChain() async throws {
    let inspector = try await Inspector.start(printsAddress: false)
    defer { Task { await inspector.stop() } }
    let lines: [[String: Any]] = [
      [
        "format": "reactors-recording", "version": 1, "name": "child", "schema": 1,
        "action": "A", "mutation": "M", "state": "S", "checkpointEvery": 1,
      ],
      ["i": 0, "t": 0, "k": "began", "s": ["total": 0]],
      ["i": 1, "t": 1, "k": "input", "a": 1, "c": "parent#3"],
      ["i": 2, "t": 2, "k": "mutation", "m": 1, "s": ["total": 1], "c": "child#1"],
    ]
    var file: [UInt8] = []
    for line in lines { file += try JSONSerialization.data(withJSONObject: line) + [0x0A] }
    let token = try InspectorTests.token(of: inspector)
    let imported = try await RawHTTP(port: inspector.port).send(
      "POST", "/api/import?token=\(token)", body: file)
    #expect(imported.status == 200)
    var client = try MCPEndpointTests.Client(inspector)
    let why = try await client.tool("why", ["recording": 0, "index": 2])
    #expect(
      (why["chain"] as? [[String: Any]])?.map { ($0["step"] as? [String: Any])?["index"] as? Int }
        == [2, 1])
    #expect(why["end"] as? String == "the cause is step 3 of parent, which is not in this file")
  }

  /// A counter whose `reduce` takes `amount` ms on the test clock.
  final class TimedCounter: Reactor {
    let storage = Storage()
    let initialState = Counter.State()
    let clock: TestClock
    init(clock: TestClock) { self.clock = clock }
    func reduce(state: inout Counter.State, mutation: Counter.Action) {
      if case .add(let amount) = mutation {
        clock.pass(.milliseconds(amount))
        state.total += amount
      }
    }
  }

  @Test func theSlowestStepsAreMeasuredMutationsAndEffectsRuns() async throws {
    let inspector = try await Inspector.start(printsAddress: false)
    defer { Task { await inspector.stop() } }
    let clock = TestClock()
    let timed = TimedCounter(clock: clock)
    let measured = Recording(of: timed, named: "timed", measuringCosts: true, clock: clock)
    for amount in [3, 20, 1] { timed.send(.add(amount)) }
    let effects = EffectCounter()
    let unmeasured = Recording(of: effects, named: "effects")
    effects.send(.add(2))
    await effects.storage.settled()
    inspector.inspect(measured)
    inspector.inspect(unmeasured)
    var client = try MCPEndpointTests.Client(inspector)

    let slowest = try await client.tool("slowest_steps", ["recording": 0, "count": 2])
    let steps = try #require(slowest["steps"] as? [[String: Any]])
    #expect(steps.map { $0["index"] as? Int } == [4, 2])
    #expect(
      steps.map { $0["cost"] as? String } == [
        "reduce 20.0 ms · delivery 0.0 µs", "reduce 3.0 ms · delivery 0.0 µs",
      ])
    #expect(steps.first?["tookMs"] as? Double == 20)
    #expect(slowest["measuresCosts"] as? Bool == true)
    // The page's timeline shows the same costs, and its slowest first.
    let token = try InspectorTests.token(of: inspector)
    let page = try await RawHTTP(port: inspector.port).send(
      "GET", "/api/steps?r=0&count=1&slowest=1&token=\(token)")
    #expect(page.text.contains(#""cost":"reduce 20.0 ms · delivery 0.0 µs""#))

    // Not measured: effects' runs only, and a note that says how to measure.
    let runs = try await client.tool("slowest_steps", ["recording": 1])
    let ended = try #require(runs["steps"] as? [[String: Any]])
    #expect(ended.map { $0["kind"] as? String } == ["ended"])
    #expect((ended.first?["cost"] as? String)?.hasPrefix("ran ") == true)
    #expect((runs["note"] as? String)?.contains("measuringCosts: true") == true)
    let mutationsOnly = try await client.tool(
      "slowest_steps", ["recording": 1, "kinds": ["mutation"]])
    #expect((mutationsOnly["steps"] as? [[String: Any]])?.isEmpty == true)
  }

  @Test func idsSizesArgumentsAndTheReadOnlyListAreChecked() async throws {
    let (inspector, _, _) = try await InspectorTests.inspected(allowsTimeTravel: false)
    defer { Task { await inspector.stop() } }
    var client = try MCPEndpointTests.Client(inspector)
    func error(_ answer: RawHTTP.Answer) -> (code: Int?, id: Any?) {
      let reply = (try? JSONSerialization.jsonObject(with: Data(answer.body))) as? [String: Any]
      return ((reply?["error"] as? [String: Any])?["code"] as? Int, reply?["id"] ?? nil)
    }
    // An id that would not come back as it went (past an Int, or not whole) is refused.
    let huge = try await client.post(
      #"{"jsonrpc":"2.0","id":123456789012345678901234,"method":"ping"}"#)
    #expect(error(huge).code == -32_600)
    #expect(error(huge).id is NSNull)
    let big = try await client.post(#"{"jsonrpc":"2.0","id":9007199254740993,"method":"ping"}"#)
    #expect(big.text.contains(#""id":9007199254740993"#))
    // Too large: refused from its Content-Length, before its body is read.
    let tooLarge = try await client.http.send(
      "POST", "/mcp",
      headers: ["Authorization": "Bearer \(client.token)"],
      body: Array(repeating: UInt8(ascii: " "), count: (1 << 20) + 1))
    #expect(tooLarge.status == 413)
    #expect(error(tooLarge).code == -32_600)
    // The token as the page's header works too; a version not served says which are.
    let byHeader = try await client.http.send(
      "POST", "/mcp", headers: ["X-Reactors-Token": client.token],
      body: Array(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#.utf8))
    #expect(byHeader.status == 200)
    let old = try await client.post(
      #"{"jsonrpc":"2.0","id":1,"method":"ping"}"#, headers: ["MCP-Protocol-Version": "1999"])
    #expect(old.status == 400)
    #expect(error(old).code == -32_600)
    #expect(old.text.contains("2025-06-18"))

    let unknown = try await client.refusal("timeline", ["recording": 0, "form": 3])
    #expect(unknown.contains("takes no form"))
    #expect(unknown.contains("from"))
    let tools = try #require(
      (try await client.call("tools/list")["result"] as? [String: Any])?["tools"]
        as? [[String: Any]])
    #expect(!tools.contains { $0["name"] as? String == "travel" })
    #expect(tools.contains { $0["name"] as? String == "timeline" })
  }
}
