import Foundation
import Reactors
import ReactorsInspector
import ReactorsRecording
import Testing

/// The inspector over real HTTP: who gets in, and what the page's requests answer.
@Suite(.timeLimit(.minutes(1))) struct InspectorTests {
  @Test func onlyTheTokenFromTheInspectorsOwnAddressAndPageGetsIn() async throws {
    let (inspector, _, _) = try await Self.inspected()
    defer { Task { await inspector.stop() } }
    let http = RawHTTP(port: inspector.port)
    let token = try #require(inspector.address.split(separator: "=").last.map(String.init))
    #expect(inspector.address.hasPrefix("http://127.0.0.1:\(inspector.port)/?token="))

    #expect(try await http.send("GET", "/?token=\(token)").status == 200)
    #expect(
      try await http.send("GET", "/api/recordings", headers: ["X-Reactors-Token": token]).status
        == 200)
    #expect(
      try await http.send("GET", "/?token=\(token)", host: "localhost:\(inspector.port)").status
        == 200)

    let noToken = try await http.send("GET", "/api/recordings")
    #expect(noToken.status == 403)
    #expect(noToken.text.contains("No token"))
    let wrong = (token.first == "0" ? "1" : "0") + token.dropFirst()
    #expect(try await http.send("GET", "/api/recordings?token=\(wrong)").status == 403)
    // DNS rebinding: another name that resolves to this machine.
    let rebound = try await http.send(
      "GET", "/?token=\(token)", host: "evil.example:\(inspector.port)")
    #expect(rebound.status == 403)
    #expect(rebound.text.contains("Host header"))
    #expect(try await http.send("GET", "/?token=\(token)", host: "127.0.0.1:1").status == 403)
    // Another page in the same browser.
    let foreign = try await http.send(
      "POST", "/api/live?r=0&token=\(token)", headers: ["Origin": "http://evil.example"])
    #expect(foreign.status == 403)
    #expect(foreign.text.contains("evil.example"))
    let own = try await http.send(
      "POST", "/api/live?r=0&token=\(token)",
      headers: ["Origin": "http://127.0.0.1:\(inspector.port)"])
    #expect(own.status == 204)
  }

  @Test func aReadOnlyInspectorRefusesTimeTravel() async throws {
    let (inspector, _, _) = try await Self.inspected(allowsTimeTravel: false)
    defer { Task { await inspector.stop() } }
    let http = RawHTTP(port: inspector.port)
    let token = try #require(inspector.address.split(separator: "=").last.map(String.init))
    let travel = try await http.send("POST", "/api/travel?r=0&i=0&token=\(token)")
    #expect(travel.status == 403)
    #expect(travel.text.contains("read-only"))
    #expect(try await http.send("GET", "/api/state?r=0&i=0&token=\(token)").status == 200)
  }

  @Test func thePageReadsStepsStatesAndDiffsAndTravels() async throws {
    let (inspector, counter, recording) = try await Self.inspected()
    defer { Task { await inspector.stop() } }
    let http = RawHTTP(port: inspector.port)
    let token = try #require(inspector.address.split(separator: "=").last.map(String.init))
    func json(_ target: String) async throws -> [String: Any] {
      let answer = try await http.send("GET", target + "&token=\(token)")
      #expect(answer.status == 200, "\(target): \(answer.text)")
      return try #require(JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])
    }

    let recordings = try await json("/api/recordings?")
    let entries = try #require(recordings["recordings"] as? [[String: Any]])
    #expect(entries.first?["name"] as? String == "counter")
    #expect(entries.first?["count"] as? Int == 7)  // began, then 3 × (input, mutation)

    let steps = try await json("/api/steps?r=0&from=0&count=3")
    let first = try #require(steps["steps"] as? [[String: Any]])
    #expect(first.map { $0["kind"] as? String } == ["began", "input", "mutation"])
    #expect(steps["next"] as? Int == 3)
    let mutations = try await json("/api/steps?r=0&from=0&count=10&kinds=mutation&text=add(3)")
    let found = try #require(mutations["steps"] as? [[String: Any]])
    #expect(found.map { $0["index"] as? Int } == [6])
    #expect(found.first?["cause"] as? String == "counter#5")

    let state = try await json("/api/state?r=0&i=5")  // an input: the state before it
    #expect(state["madeAt"] as? Int == 4)
    let tree = try #require(state["tree"] as? [String: Any])
    let children = try #require(tree["children"] as? [[String: Any]])
    #expect(
      children.contains { $0["label"] as? String == "total" && $0["summary"] as? String == "3" })
    let diff = try await json("/api/diff?r=0&i=6")
    #expect((diff["diff"] as? String)?.contains("+") == true)
    #expect(diff["previous"] as? Int == 4)

    #expect(try await http.send("POST", "/api/travel?r=0&i=2&token=\(token)").status == 204)
    #expect(counter.currentState.total == 1)
    let shown = try await json("/api/recordings?")
    #expect((shown["recordings"] as? [[String: Any]])?.first?["shownStep"] as? Int == 2)
    #expect(try await http.send("POST", "/api/travel?r=0&i=-5&token=\(token)").status == 400)
    #expect(try await http.send("POST", "/api/travel?r=0&i=7&token=\(token)").status == 404)
    #expect(try await http.send("POST", "/api/live?r=0&token=\(token)").status == 204)
    #expect(counter.currentState.total == 6)

    let export = try await http.send("GET", "/api/export?r=0&token=\(token)")
    #expect(export.status == 200)
    let read = try Recording<Counter.Action, Counter.Action, Counter.State>(bytes: export.body)
    #expect(read.steps.count == recording.steps.count)
    #expect(try await http.send("GET", "/api/state?r=9&i=0&token=\(token)").status == 404)
  }

  @Test func aFileOfAnyTypesImportsReadOnly() async throws {
    let (inspector, _, recording) = try await Self.inspected()
    defer { Task { await inspector.stop() } }
    let http = RawHTTP(port: inspector.port)
    let token = try #require(inspector.address.split(separator: "=").last.map(String.init))
    let file = try recording.fileBytes(checkpointEvery: 2)

    let imported = try await http.send("POST", "/api/import?token=\(token)", body: file)
    #expect(imported.status == 200, "\(imported.text)")
    #expect(imported.text.contains("\"id\":1"))
    let list = try await http.send("GET", "/api/recordings?token=\(token)")
    #expect(list.text.contains("counter (imported)"))
    let steps = try await http.send("GET", "/api/steps?r=1&from=0&count=10&token=\(token)")
    #expect(steps.text.contains("\"count\":7"))
    #expect(steps.text.contains("add"))
    // States at the file's checkpoints: the one kept at step 4 (total 3) for step 5, exact;
    // step 2's mutation is not in a state the file holds, and the answer for step 3 says so.
    // The last mutation's (step 6) is: the file ends with the state at its end.
    let state = try await http.send("GET", "/api/state?r=1&i=5&token=\(token)")
    #expect(state.text.contains("\"madeAt\":4"))
    #expect(state.text.contains("\"exact\":true"))
    #expect(state.text.contains("\"label\":\"total\""))
    let missing = try await http.send("GET", "/api/state?r=1&i=3&token=\(token)")
    #expect(missing.text.contains("\"exact\":false"))
    #expect(missing.text.contains("\"keptAt\":0"))
    #expect(missing.text.contains("\"missing\":1"))
    let last = try await http.send("GET", "/api/state?r=1&i=6&token=\(token)")
    #expect(last.text.contains("\"exact\":true"))
    #expect(last.text.contains("\"madeAt\":6"))
    // Read only: no travel, whatever the inspector allows.
    let travel = try await http.send("POST", "/api/travel?r=1&i=2&token=\(token)")
    #expect(travel.status == 403)
    #expect(travel.text.contains("imported"))
    #expect(list.text.contains("\"imported\":true"))
    let export = try await http.send("GET", "/api/export?r=1&token=\(token)")
    #expect(export.body == file)

    let broken = try await http.send(
      "POST", "/api/import?token=\(token)", body: Array(file.prefix(40)) + Array("}{\n".utf8))
    #expect(broken.status == 422)
    #expect(broken.text.contains("the imported file, line 1"))

    // Imports are kept as long as the inspector runs: past the most it keeps, refused.
    for _ in 1..<16 {
      #expect(try await http.send("POST", "/api/import?token=\(token)", body: file).status == 200)
    }
    let tooMany = try await http.send("POST", "/api/import?token=\(token)", body: file)
    #expect(tooMany.status == 409)
    #expect(tooMany.text.contains("16 imported files, the most it keeps: start it again"))
  }

  @Test func aPortInUseIsAClearErrorAtOnce() async throws {
    let first = try await Inspector.start(printsAddress: false)
    defer { Task { await first.stop() } }
    await #expect(throws: InspectorError.self) {
      try await Inspector.start(port: first.port, printsAddress: false)
    }
  }

  /// The token in `inspector`'s address.
  static func token(of inspector: Inspector) throws -> String {
    try #require(inspector.address.split(separator: "=").last.map(String.init))
  }

  /// An inspector showing a counter's recording of three sends: 1, 2, 3.
  static func inspected(
    allowsTimeTravel: Bool = true
  ) async throws -> (Inspector, Counter, Recording<Counter.Action, Counter.Action, Counter.State>) {
    let inspector = try await Inspector.start(
      allowsTimeTravel: allowsTimeTravel, printsAddress: false)
    let counter = Counter()
    let recording = Recording(of: counter, named: "counter")
    for amount in 1...3 { counter.send(.add(amount)) }
    inspector.inspect(recording)
    return (inspector, counter, recording)
  }
}

/// The recorded reactor: a running total.
final class Counter: Reactor {
  enum Action: Codable, Equatable, Sendable { case add(Int) }
  struct State: Codable, Equatable, Sendable { var total = 0 }
  let storage = Storage()
  let initialState = State()
  func reduce(state: inout State, mutation: Action) {
    if case .add(let amount) = mutation { state.total += amount }
  }
}

/// A secret hidden by an action's redaction stays out of the page: a store's password, which
/// its recorded mutation (the reduced action) carries too, reaches no step, state or export.
@Suite(.timeLimit(.minutes(1))) struct InspectorRedactionTests {
  enum Typed: Codable, Equatable, Sendable { case name(String), password(String) }
  struct Form: Codable, Equatable, Sendable { var name = "", passwordLength = 0 }

  /// A login form's store whose recording hides the password, after a name and the password
  /// `hunter2` were typed.
  static func login() -> (Store<Form, Typed>, Recording<Typed, Typed, Form>) {
    let store = Store(
      initial: Form(),
      reducer: { (form: inout Form, typed: Typed) in
        switch typed {
        case .name(let name): form.name = name
        case .password(let password): form.passwordLength = password.count
        }
      })
    let recording = Recording(
      of: store, named: "login",
      redacting: [
        .action { typed in
          guard case .password = typed else { return typed }
          return .password("•")
        }
      ])
    store.dispatch(.name("kim"))
    store.dispatch(.password("hunter2"))
    return (store, recording)
  }

  @Test func aHiddenPasswordReachesNoAnswer() async throws {
    let (store, recording) = Self.login()
    let inspector = try await Inspector.start(printsAddress: false)
    defer { Task { await inspector.stop() } }
    inspector.inspect(recording)
    let http = RawHTTP(port: inspector.port)
    let token = try InspectorTests.token(of: inspector)
    var answers = [
      try await http.send("GET", "/api/steps?r=0&from=0&count=100&token=\(token)"),
      try await http.send("GET", "/api/export?r=0&token=\(token)"),
    ]
    for index in 0..<recording.steps.count {
      answers.append(try await http.send("GET", "/api/state?r=0&i=\(index)&token=\(token)"))
      answers.append(try await http.send("GET", "/api/diff?r=0&i=\(index)&token=\(token)"))
    }
    #expect(answers.allSatisfy { $0.status == 200 })
    #expect(!answers.contains { $0.text.contains("hunter2") })
    #expect(answers[0].text.contains(#".password(\"•\")"#))
    #expect(store.currentState.passwordLength == 7)
  }
}

/// A file whose steps skip where a gap stands for steps not kept: its steps are found by their
/// index, and a window is found around an index.
@Suite(.timeLimit(.minutes(1))) struct InspectorGapTests {
  @Test func stepsAfterAGapAreFoundByTheirIndex() async throws {
    let inspector = try await Inspector.start(printsAddress: false)
    defer { Task { await inspector.stop() } }
    let lines: [[String: Any]] = [
      [
        "format": "reactors-recording", "version": 1, "name": "g", "schema": 1, "action": "A",
        "mutation": "M", "state": "S", "checkpointEvery": 1,
      ],
      ["i": 0, "t": 0, "k": "began", "s": ["total": 0]],
      ["i": 1, "t": 1, "k": "input", "a": 1],
      ["i": 2, "t": 2, "k": "gap", "n": 100],
      ["i": 102, "t": 3, "k": "mutation", "m": 5, "s": ["total": 5], "c": "g#1"],
      ["i": 103, "t": 4, "k": "input", "a": 2, "c": "g#102"],
    ]
    var file: [UInt8] = []
    for line in lines { file += try JSONSerialization.data(withJSONObject: line) + [0x0A] }
    let http = RawHTTP(port: inspector.port)
    let token = try InspectorTests.token(of: inspector)
    #expect(try await http.send("POST", "/api/import?token=\(token)", body: file).status == 200)

    let state = try await http.send("GET", "/api/state?r=0&i=102&token=\(token)")
    #expect(state.status == 200)
    #expect(state.text.contains("\"exact\":true"))
    #expect(try await http.send("GET", "/api/state?r=0&i=104&token=\(token)").status == 404)
    let window = try await http.send("GET", "/api/steps?r=0&around=103&count=100&token=\(token)")
    #expect(window.text.contains("\"from\":0"))
    #expect(window.text.contains("\"index\":103"))
    #expect(window.text.contains("\"causeStep\":102"))
    #expect(
      try await http.send("GET", "/api/steps?r=0&around=104&token=\(token)").status == 400)
  }
}
