import Foundation
import ReactorsRecording

/// The answers behind the page's controls beside its timeline, each checked as every route is
/// (the ``Gatekeeper``, then ``QueryParameters``):
///
/// - `GET /api/value?r=ID&i=N` — step `N`'s whole input or mutation, as a tree.
/// - `GET /api/compare?r=ID&i=N&with=M` — what changed from the state at `M` to the state at
///   `N`.
/// - `GET /api/statejson?r=ID&i=N` — the state at `N` as JSON (`Codable` states), to copy.
/// - `GET /api/whatif?r=ID&skip=N` — the last state made again without input `N` and what it
///   caused (`mutate` and effects not run), and its diff with the recorded last state.
/// - `POST /api/send?r=ID` (the action as JSON, as `Codable` writes it) — sends it to the
///   app's reactor, where the app allows it (``Inspector/inspect(_:sending:)``): 403 otherwise.
struct PageControls: Sendable {
  /// The routes whose checks (recording, step) these share.
  let routes: InspectorRoutes

  /// The paths answered here.
  static let paths: Set<String> = [
    "/api/value", "/api/compare", "/api/statejson", "/api/whatif", "/api/send",
  ]

  /// The answer to `request` for one of ``paths``.
  func answer(
    _ request: InspectorRequest, _ query: QueryParameters
  ) async throws(RouteRefusal)
    -> InspectorResponse
  {
    let lanes = routes.state.valuesLane
    switch (request.method, request.path) {
    case ("GET", "/api/value"):
      let recording = try routes.recording(query)
      let index = try routes.step(query, in: recording)
      // A step's value is small and bounded: it is made where pages of steps are, so that it
      // never waits behind (or holds up) the next step's state and diff.
      let steps = routes.state.stepsLane
      guard let tree = await steps.run({ recording.valueTree(at: index) }) ?? nil else {
        throw RouteRefusal(404, "Step \(index) is not an input or a mutation.")
      }
      return InspectorRoutes.json(tree)
    case ("GET", "/api/compare"):
      let recording = try routes.recording(query)
      let index = try routes.step(query, in: recording)
      let other = try query.integer("with", in: 0...max(recording.lastIndex, 0))
      guard let answer = await lanes.run({ recording.compare(index, with: other) }) ?? nil else {
        throw RouteRefusal(404, "No state at step \(index) or \(other).")
      }
      return InspectorRoutes.json(answer)
    case ("GET", "/api/statejson"):
      let recording = try routes.recording(query)
      let index = try routes.step(query, in: recording)
      let made = await lanes.run { Result { try recording.stateJSON(at: index) } }
      switch made {
      case .success(let bytes?)?:
        return InspectorResponse(
          status: 200, headers: [("Content-Type", "application/json")], body: bytes)
      case .success(nil)?:
        throw RouteRefusal(
          422,
          "No state as JSON at step \(index): its type is not Codable, or the file holds "
            + "none there.")
      case .failure(let error)?: throw RouteRefusal(422, "\(error)")
      case nil: throw InspectorRoutes.gone
      }
    case ("GET", "/api/whatif"):
      let recording = try routes.recording(query)
      let index = try query.integer("skip", in: 1...max(recording.lastIndex, 1))
      guard let answer = await lanes.run({ recording.whatIf(skipping: index) }) else {
        throw InspectorRoutes.gone
      }
      return InspectorRoutes.json(try answer.get())
    case ("POST", "/api/send"):
      let recording = try routes.recording(query)
      guard let send = recording.agentAccess.send else {
        throw RouteRefusal(
          403,
          "\(recording.name) takes no actions from the page: the app opts in with "
            + "inspector.inspect(recording, sending: { reactor.send($0) }).")
      }
      let body = request.body
      let sent = await lanes.run { () -> Result<String, RouteRefusal> in
        do {
          return .success(try send(try RecordedJSON(parsing: body)))
        } catch let failure as MCPToolFailure {
          return .failure(RouteRefusal(422, failure.message))
        } catch {
          return .failure(RouteRefusal(400, "The body is not JSON: \(error)"))
        }
      }
      guard let sent else { throw InspectorRoutes.gone }
      return InspectorRoutes.json(["sent": try sent.get()])
    default:
      throw RouteRefusal(405, "\(request.path) does not take \(request.method.prefix(20)).")
    }
  }
}
