import Foundation
import Reactors
import ReactorsRecording

/// The inspector's HTTP answers: the page, and the JSON it fetches, a window at a time.
///
/// - `GET /`, `/inspector.js`, `/inspector.css` — the page, its script and its style.
/// - `GET /api/recordings` — each recording's id, name, step count, whether it can be
///   exported, whether it is imported (read only), and the step the screen shows while it
///   travels.
/// - `GET /api/steps?r=ID&from=N&count=M[&kinds=input,mutation][&text=…]` — up to `M` step
///   summaries from position `N` that pass the filter, and the position after them; with
///   `around=I` instead of `from`, from 20 positions before the step whose index is `I`; with
///   `slowest=1`, the `M` steps that cost the most (``StepSummary/cost``), slowest first.
/// - `GET /api/state?r=ID&i=N[&path=0.2][&full=1]` — the state at step `N` as a tree (the value
///   at `path` inside it; `full` keeps up to 1 MB of a text), and where it came from.
/// - `GET /api/diff?r=ID&i=N` — the diff of that state with the one before it.
/// - `POST /api/travel?r=ID&i=N`, `POST /api/live?r=ID` — time travel (403 when read-only or
///   imported; 404 for a step that does not exist).
/// - `GET /api/export?r=ID` — the recording's file, a state at every step.
/// - `POST /api/import` (a recording file as the body) — shows that file, read only, whatever
///   its types; answers its id, or 422 with what is wrong with the file.
/// - `POST /mcp` — the Model Context Protocol server (``MCPEndpoint``).
///
/// Every request passes the ``Gatekeeper`` first (its token as `?token=`, `X-Reactors-Token` or
/// `Authorization: Bearer`), and every parameter ``QueryParameters`` (an MCP tool's arguments,
/// ``MCPArguments``): nothing a request holds is used before it is checked.
struct InspectorRoutes: Sendable {
  let state: InspectorState

  /// What to do with a request from its head alone, before its body is read: refuse it (no
  /// token, a foreign `Host` or `Origin`), or serve it; one that proved its token keeps its
  /// connection's place (see ``ConnectionTable``), one of the page's assets does not.
  func admission(_ request: InspectorRequest) -> InspectorServer.Verdict {
    guard let gate = state.gate.withLock({ $0 }) else {
      return .refuse(.text(503, "The inspector is starting; ask again."))
    }
    let isAsset =
      (request.method == "GET" || request.method == "HEAD")
      && InspectorPage.assets[request.path] != nil
    let token =
      request.query["token"] ?? request.headers["x-reactors-token"]
      ?? Gatekeeper.bearer(request.headers["authorization"])
    if let refusal = gate.refusal(
      token: isAsset ? gate.token : token, host: request.headers["host"],
      origin: request.headers["origin"])
    {
      return .refuse(.text(403, refusal.message))
    }
    // An MCP message is small: a larger one is refused before its body is read.
    if request.path == "/mcp",
      let length = request.headers["content-length"].flatMap({ Int($0) }),
      length > MCPEndpoint.maximumBodyBytes
    {
      return .refuse(
        MCPEndpoint.reply(
          JSONRPCError(
            code: JSONRPCError.invalidRequest, id: .null,
            message: "The message is over \(MCPEndpoint.maximumBodyBytes) bytes."), status: 413))
    }
    return .serve(keepsPlace: !isAsset)
  }

  /// The answer to `request` (admitted, or checked here again).
  func answer(_ request: InspectorRequest) async -> InspectorResponse {
    if case .refuse(let refusal) = admission(request) { return refusal }
    var request = request
    if request.method == "HEAD" { request.method = "GET" }  // the server drops the body
    do {
      return try await route(request)
    } catch {
      return error.response
    }
  }

  func route(_ request: InspectorRequest) async throws(RouteRefusal) -> InspectorResponse {
    let query = QueryParameters(values: request.query)
    switch (request.method, request.path) {
    case ("GET", "/"):
      return InspectorPage.response(for: "/")
    case ("GET", let path) where InspectorPage.assets[path] != nil:
      return InspectorPage.response(for: path)
    case ("GET", "/api/recordings"):
      return Self.json(recordings())
    case ("GET", "/api/steps"):
      let recording = try self.recording(query)
      // A window around a step's index (a cause's link) starts 20 positions before it.
      let from: Int
      if query.values["around"] != nil {
        let around = try query.integer("around", in: 0...max(recording.lastIndex, 0))
        from = max(recording.position(of: around) - 20, 0)
      } else {
        from = try query.integer("from", in: 0...recording.count, fallback: 0)
      }
      let count = try query.integer("count", in: 1...1_000, fallback: 100)
      let kinds = try query.text("kinds")
      let filter = StepFilter(
        kinds: kinds.map { Set($0.split(separator: ",").map(String.init)) },
        text: try query.text("text"))
      if try query.integer("slowest", in: 0...1, fallback: 0) == 1 {
        guard
          let answer = await state.stepsLane.run({
            StepsAnswer(
              steps: recording.slowest(limit: count, filter: filter), from: 0,
              next: recording.count, count: recording.count)
          })
        else { throw Self.gone }
        return Self.json(answer)
      }
      guard
        let answer = await state.stepsLane.run({
          let (steps, next) = recording.steps(from: from, limit: count, filter: filter)
          return StepsAnswer(steps: steps, from: from, next: next, count: recording.count)
        })
      else { throw Self.gone }
      return Self.json(answer)
    case ("GET", "/api/state"):
      let recording = try self.recording(query)
      let index = try step(query, in: recording)
      let path = try query.text("path", limit: 400) ?? ""
      let full = try query.integer("full", in: 0...1, fallback: 0) == 1
      let start = ContinuousClock.now
      guard
        var answer = await state.valuesLane.run({
          recording.state(at: index, path: path, leafLimit: full ? 1 << 20 : Reflected.leafLimit)
        }) ?? nil
      else {
        throw RouteRefusal(404, "No state at step \(index)\(path.isEmpty ? "" : ", path \(path)").")
      }
      answer.ms = Self.ms(since: start)
      return Self.json(answer)
    case ("GET", "/api/diff"):
      let recording = try self.recording(query)
      let index = try step(query, in: recording)
      let start = ContinuousClock.now
      guard var answer = await state.valuesLane.run({ recording.diff(at: index) }) ?? nil else {
        throw RouteRefusal(404, "No state at step \(index): the recording keeps none there.")
      }
      answer.ms = Self.ms(since: start)
      return Self.json(answer)
    case ("POST", "/api/travel"), ("POST", "/api/live"):
      guard state.allowsTimeTravel else {
        throw RouteRefusal(403, Gatekeeper.Refusal.readOnly.message)
      }
      let recording = try self.recording(query)
      guard !recording.isImported else {
        throw RouteRefusal(
          403, "\(recording.name) was imported from a file: it is read only, with no app to move.")
      }
      if request.path == "/api/live" {
        recording.returnToLive()
        return .noContent
      }
      let index = try step(query, in: recording)
      do {
        try recording.travel(to: index)
      } catch {
        throw RouteRefusal(422, "\(error)")
      }
      return .noContent
    case ("GET", "/api/export"):
      let recording = try self.recording(query)
      let exported = await state.valuesLane.run { Result { try recording.export() } }
      let bytes: [UInt8]?
      switch exported {
      case .success(let made)?: bytes = made
      case .failure(let error)?: throw RouteRefusal(422, "\(error)")
      case nil: throw Self.gone
      }
      guard let bytes else {
        throw RouteRefusal(
          422, "\(recording.name)'s types are not Codable: it cannot be written to a file.")
      }
      return InspectorResponse(
        status: 200,
        headers: [
          ("Content-Type", "application/x-ndjson"),
          (
            "Content-Disposition",
            InspectorResponse.attachment(named: recording.name, fileExtension: ".jsonl")
          ),
        ],
        body: bytes)
    case (_, "/mcp"):
      return await MCPEndpoint(state: state).answer(request)
    case (_, let path) where PageControls.paths.contains(path):
      return try await PageControls(routes: self).answer(request, query)
    case ("POST", "/api/import"):
      let body = request.body
      guard let answer = await state.valuesLane.run({ importFile(body) }) else { throw Self.gone }
      return answer
    case (_, "/"), (_, "/api/recordings"), (_, "/api/steps"), (_, "/api/state"),
      (_, "/api/diff"), (_, "/api/travel"), (_, "/api/live"), (_, "/api/export"),
      (_, "/api/import"):
      throw RouteRefusal(405, "\(request.path) does not take \(request.method.prefix(20)).")
    default:
      throw RouteRefusal(404, "No such page: \(request.path.prefix(200)).")
    }
  }

  /// The refusal when the work was not done: the client went away, or the inspector stopped.
  static let gone = RouteRefusal(503, "The inspector is stopping, or the request was cancelled.")

  /// The recording `r=` names: 400 when `r` is not a number, 404 when there is none.
  func recording(_ query: QueryParameters) throws(RouteRefusal) -> any InspectedRecording {
    let id = try query.integer("r", in: 0...Int.max)
    guard let recording = state.recording(id) else {
      throw RouteRefusal(404, "No recording \(id): ask /api/recordings for their ids.")
    }
    return recording
  }

  /// The step `i=` names: 400 when it is not a number, 404 when the recording has no such step.
  func step(
    _ query: QueryParameters, in recording: any InspectedRecording
  ) throws(RouteRefusal) -> Int {
    let index = try query.integer("i", in: 0...Int.max)
    if let missing = recording.missingStep(index) { throw RouteRefusal(404, missing) }
    return index
  }

  /// The most imported files an inspector keeps: each holds its file and its steps for as long
  /// as the inspector runs, so that their number bounds the memory imports take.
  static let maximumImports = 16

  /// Reads `body` as a recording file of any types and shows it, read only; refused once
  /// ``maximumImports`` are shown.
  func importFile(_ body: [UInt8]) -> InspectorResponse {
    // Imports run in turn on the values lane: two cannot both pass this check.
    let imports = state.recordings.withLock { $0.count(where: \.isImported) }
    guard imports < Self.maximumImports else {
      return .text(
        409,
        "The inspector shows \(imports) imported files, the most it keeps: start it again (with "
          + "the app) to import more.")
    }
    do {
      let recording = try Recording<RecordedJSON, RecordedJSON, RecordedJSON>(
        importing: body, path: "the imported file")
      let id = state.add(
        InspectedSteps(
          recording, label: "\(recording.name) (imported)", isImported: true,
          exporter: { body }, encodeState: { Array(try MCPEndpoint.pretty.encode($0)) }))
      return Self.json(["id": id])
    } catch {
      return .text(422, "\(error)")
    }
  }

  func recordings() -> RecordingsAnswer {
    let all = state.recordings.withLock { $0 }
    return RecordingsAnswer(
      timeTravel: state.allowsTimeTravel,
      recordings: all.enumerated().map { id, recording in
        .init(
          id: id, name: recording.name, recordingName: recording.recordingName,
          count: recording.count, lastIndex: recording.lastIndex,
          canExport: recording.canExport, canSend: recording.agentAccess.send != nil,
          imported: recording.isImported, shownStep: recording.shownStep)
      })
  }

  struct RecordingsAnswer: Encodable {
    struct Entry: Encodable {
      let id: Int
      let name: String
      let recordingName: String
      let count: Int
      let lastIndex: Int
      let canExport: Bool
      let canSend: Bool
      let imported: Bool
      let shownStep: Int?
    }
    let timeTravel: Bool
    let recordings: [Entry]
  }

  struct StepsAnswer: Encodable {
    let steps: [StepSummary]
    /// The position the window starts at.
    let from: Int
    let next: Int
    let count: Int
  }

  static func ms(since start: ContinuousClock.Instant) -> Double {
    (ContinuousClock.now - start).milliseconds
  }

  /// Writes members in a fixed order, so that an answer reads the same each time.
  static let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return encoder
  }()

  static func json(_ value: some Encodable) -> InspectorResponse {
    do {
      return InspectorResponse(
        status: 200, headers: [("Content-Type", "application/json")],
        body: Array(try Self.encoder.encode(value)))
    } catch {
      return .text(500, "Cannot encode the answer: \(error)")
    }
  }
}
