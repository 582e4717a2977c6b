import Foundation
import Reactors
import ReactorsInspector
import ReactorsRecording
import Testing

/// The tools that act, each only where the app opted in: sending an action decoded from JSON,
/// replaying a file on a fresh reactor (a changed reducer is caught at its step), and
/// exporting a recording to a file.
@Suite(.timeLimit(.minutes(1))) struct MCPActingToolsTests {
  /// The counter with a changed reducer: each amount counts twice.
  final class DoublingCounter: Reactor {
    let storage = Storage()
    let initialState = Counter.State()
    func reduce(state: inout Counter.State, mutation: Counter.Action) {
      if case .add(let amount) = mutation { state.total += 2 * amount }
    }
  }

  @Test func anActionIsSentOnlyWhereTheAppAllowsIt() async throws {
    let inspector = try await Inspector.start(printsAddress: false)
    defer { Task { await inspector.stop() } }
    let (counter, other) = (Counter(), Counter())
    let recording = Recording(of: counter, named: "counter")
    counter.send(.add(3))
    inspector.inspect(recording, sending: { counter.send($0) })
    inspector.inspect(Recording(of: other, named: "other"))
    var client = try MCPEndpointTests.Client(inspector)

    let list = try await client.tool("list_recordings")
    let entries = try #require(list["recordings"] as? [[String: Any]])
    #expect(entries.map { $0["canSend"] as? Bool } == [true, false])
    let sent = try await client.tool(
      "send_action", ["recording": 0, "action": ["add": ["_0": 4]]])
    #expect(sent["sent"] as? String == ".add(4)")
    #expect(counter.currentState.total == 7)
    let page = try await client.tool("timeline", ["recording": 0, "kinds": ["input"]])
    #expect((page["steps"] as? [[String: Any]])?.count == 2)

    // A wrong shape says how to write one: the last input, as JSON.
    let wrong = try await client.refusal(
      "send_action", ["recording": 0, "action": ["add": "four"]])
    #expect(wrong.contains(#"{"add":{"_0":4}}"#), "\(wrong)")
    #expect(counter.currentState.total == 7)
    let refused = try await client.refusal(
      "send_action", ["recording": 1, "action": ["add": ["_0": 1]]])
    #expect(refused.contains("sending:"))
    #expect(other.currentState.total == 0)
  }

  @Test func aReplayFindsTheStepAChangedReducerFirstDiffersAt() async throws {
    let inspector = try await Inspector.start(printsAddress: false)
    defer { Task { await inspector.stop() } }
    let counter = Counter()
    let recording = Recording(of: counter, named: "counter")
    for amount in 1...3 { counter.send(.add(amount)) }
    inspector.inspect(recording, replayingOn: { Counter() })
    let changed = Counter()
    inspector.inspect(Recording(of: changed, named: "changed"), replayingOn: { DoublingCounter() })
    var client = try MCPEndpointTests.Client(inspector)

    let exported = try await client.tool("export_recording", ["recording": 0])
    let path = try #require(exported["path"] as? String)
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(FileManager.default.fileExists(atPath: path))
    #expect(exported["bytes"] as? Int == (try Data(contentsOf: URL(fileURLWithPath: path))).count)

    let same = try await client.tool("replay", ["recording": 0, "path": path])
    #expect(same["sameAsRecorded"] as? Bool == true)
    let differs = try await client.tool("replay", ["recording": 1, "path": path])
    #expect(differs["sameAsRecorded"] as? Bool == false)
    // The first mutation's state differs: step 2 (began, input, mutation).
    #expect((differs["divergence"] as? String)?.contains("step 2") == true, "\(differs)")

    // An imported file (a bug report through the page) replays by its id.
    let token = try InspectorTests.token(of: inspector)
    let imported = try await RawHTTP(port: inspector.port).send(
      "POST", "/api/import?token=\(token)",
      body: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    #expect(imported.status == 200)
    let byID = try await client.tool("replay", ["recording": 0, "imported": 2])
    #expect(byID["sameAsRecorded"] as? Bool == true)

    let missing = try await client.refusal("replay", ["recording": 0, "path": "/nonexistent"])
    #expect(missing.contains("nonexistent"))
    #expect(
      try await client.refusal("replay", ["recording": 2, "imported": 2]).contains("opts in"))
    #expect(try await client.refusal("replay", ["recording": 0]).contains("Pass one of"))
  }
}
