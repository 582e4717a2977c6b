import FlyingFox
import Foundation
import Reactors
import ReactorsRecording

/// The inspector's HTTP answers: the page, and the JSON it fetches, a window at a time.
///
/// - `GET /` — the page.
/// - `GET /api/recordings` — each recording's id, name, step count, whether it can be
///   exported, and the step the screen shows while it travels.
/// - `GET /api/steps?r=ID&from=N&count=M[&kinds=input,mutation][&text=…]` — up to `M` step
///   summaries from position `N` that pass the filter, and the position after them.
/// - `GET /api/state?r=ID&i=N` — the state at step `N` as a tree, and the step that made it.
/// - `GET /api/diff?r=ID&i=N` — the diff of that state with the one before it.
/// - `POST /api/travel?r=ID&i=N`, `POST /api/live?r=ID` — time travel (403 when read-only).
/// - `GET /api/export?r=ID` — the recording's file.
/// - `POST /api/import` (a recording file as the body) — shows that file, read only, whatever
///   its types; answers its id, or 422 with what is wrong with the file.
///
/// Every request passes the ``Gatekeeper`` first.
struct InspectorRoutes: HTTPHandler {
  let state: InspectorState

  func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
    guard let gate = state.gate.withLock({ $0 }) else {
      return Self.text(.serviceUnavailable, "The inspector is starting; ask again.")
    }
    let token = request.query["token"] ?? request.headers[HTTPHeader("X-Reactors-Token")]
    if let refusal = gate.refusal(
      token: token, host: request.headers[.host], origin: request.headers[HTTPHeader("Origin")])
    {
      return Self.text(.forbidden, refusal.message)
    }
    let id = request.query["r"].flatMap { Int($0) }
    let index = request.query["i"].flatMap { Int($0) }
    switch (request.method, request.path) {
    case (.GET, "/"):
      return HTTPResponse(
        statusCode: .ok,
        headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
        body: Data(InspectorPage.html.utf8))
    case (.GET, "/api/recordings"):
      return Self.json(recordings())
    case (.GET, "/api/steps"):
      guard let recording = state.recording(id) else { return Self.noRecording(id) }
      let from = request.query["from"].flatMap { Int($0) } ?? 0
      let count = min(max(request.query["count"].flatMap { Int($0) } ?? 100, 1), 1_000)
      let filter = StepFilter(
        kinds: request.query["kinds"].map { Set($0.split(separator: ",").map(String.init)) },
        text: request.query["text"])
      let (steps, next) = recording.steps(from: from, limit: count, filter: filter)
      return Self.json(StepsAnswer(steps: steps, next: next, count: recording.count))
    case (.GET, "/api/state"):
      guard let recording = state.recording(id) else { return Self.noRecording(id) }
      let start = ContinuousClock.now
      guard let index, let (tree, madeAt) = recording.state(at: index) else {
        return Self.noState(index)
      }
      return Self.json(
        StateAnswer(index: index, madeAt: madeAt, tree: tree, ms: Self.ms(since: start)))
    case (.GET, "/api/diff"):
      guard let recording = state.recording(id) else { return Self.noRecording(id) }
      let start = ContinuousClock.now
      guard let index, let (diff, previous) = recording.diff(at: index) else {
        return Self.noState(index)
      }
      return Self.json(
        DiffAnswer(index: index, previous: previous, diff: diff, ms: Self.ms(since: start)))
    case (.POST, "/api/travel"), (.POST, "/api/live"):
      guard state.allowsTimeTravel else {
        return Self.text(.forbidden, Gatekeeper.Refusal.readOnly.message)
      }
      guard let recording = state.recording(id) else { return Self.noRecording(id) }
      if request.path == "/api/live" {
        recording.returnToLive()
        return HTTPResponse(statusCode: .noContent)
      }
      do {
        try recording.travel(to: index ?? -1)
      } catch {
        return Self.text(.unprocessableContent, "\(error)")
      }
      return HTTPResponse(statusCode: .noContent)
    case (.GET, "/api/export"):
      guard let recording = state.recording(id) else { return Self.noRecording(id) }
      do {
        guard let bytes = try recording.export() else {
          return Self.text(
            .unprocessableContent,
            "\(recording.name)'s types are not Codable: it cannot be written to a file.")
        }
        return HTTPResponse(
          statusCode: .ok,
          headers: [
            .contentType: "application/x-ndjson",
            .contentDisposition: "attachment; filename=\"\(recording.name).jsonl\"",
          ],
          body: Data(bytes))
      } catch {
        return Self.text(.unprocessableContent, "\(error)")
      }
    case (.POST, "/api/import"):
      return await importFile(try await request.bodyData)
    default:
      return Self.text(.notFound, "No such page: \(request.method.rawValue) \(request.path).")
    }
  }

  /// Reads `body` as a recording file of any types and shows it, read only.
  func importFile(_ body: Data) async -> HTTPResponse {
    let bytes = [UInt8](body)
    do {
      let recording = try Recording<RecordedJSON, RecordedJSON, RecordedJSON>(
        bytes: bytes, path: "the imported file", schemaVersions: Int.min...Int.max,
        checkingTypeNames: false)
      let id = state.add(
        InspectedSteps(recording, label: "\(recording.name) (imported)", exporter: { bytes }))
      return Self.json(["id": id])
    } catch {
      return Self.text(.unprocessableContent, "\(error)")
    }
  }

  func recordings() -> RecordingsAnswer {
    let all = state.recordings.withLock { $0 }
    return RecordingsAnswer(
      timeTravel: state.allowsTimeTravel,
      recordings: all.enumerated().map { id, recording in
        .init(
          id: id, name: recording.name, count: recording.count,
          canExport: recording.canExport, shownStep: recording.shownStep)
      })
  }

  struct RecordingsAnswer: Encodable {
    struct Entry: Encodable {
      let id: Int
      let name: String
      let count: Int
      let canExport: Bool
      let shownStep: Int?
    }
    let timeTravel: Bool
    let recordings: [Entry]
  }

  struct StepsAnswer: Encodable {
    let steps: [StepSummary]
    let next: Int
    let count: Int
  }

  struct StateAnswer: Encodable {
    let index: Int
    let madeAt: Int
    let tree: ValueNode
    let ms: Double
  }

  struct DiffAnswer: Encodable {
    let index: Int
    let previous: Int?
    let diff: String?
    let ms: Double
  }

  static func ms(since start: ContinuousClock.Instant) -> Double {
    (ContinuousClock.now - start).milliseconds
  }

  static func json(_ value: some Encodable) -> HTTPResponse {
    do {
      return HTTPResponse(
        statusCode: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
        body: try JSONEncoder().encode(value))
    } catch {
      return text(.internalServerError, "Cannot encode the answer: \(error)")
    }
  }

  static func text(_ status: HTTPStatusCode, _ message: String) -> HTTPResponse {
    HTTPResponse(
      statusCode: status, headers: [.contentType: "text/plain; charset=utf-8"],
      body: Data(message.utf8))
  }

  static func noRecording(_ id: Int?) -> HTTPResponse {
    text(.notFound, "No recording \(id.map(String.init) ?? "(r=)"): ask /api/recordings.")
  }

  static func noState(_ index: Int?) -> HTTPResponse {
    text(
      .notFound,
      "No state at step \(index.map(String.init) ?? "(i=)"): the recording keeps none there.")
  }
}
