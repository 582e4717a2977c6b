/// The recordings as MCP resources: `reactors://recordings/ID`, each read as its overview (its
/// entry in ``MCPTools/recordings()``, and its last 20 steps) in JSON.
struct MCPResources: Sendable {
  let state: InspectorState

  /// A resource as `resources/list` names it.
  struct Resource: Encodable, Sendable {
    let uri: String
    let name: String
    let description: String
    let mimeType = "application/json"
  }

  /// A resource's contents as `resources/read` answers them.
  struct Contents: Encodable, Sendable {
    struct Text: Encodable, Sendable {
      let uri: String
      let mimeType = "application/json"
      let text: String
    }
    let contents: [Text]
  }

  /// What a recording's resource holds.
  struct Overview: Encodable, Sendable {
    let recording: RecordingEntry
    let lastSteps: [StepSummary]
  }

  /// Every recording's URI begins so; its id follows.
  static let prefix = "reactors://recordings/"

  /// Every recording as a resource.
  func list() -> [Resource] {
    MCPTools(state: state).recordings().recordings.map { entry in
      Resource(
        uri: Self.prefix + "\(entry.id)", name: entry.name,
        description: "\(entry.name): \(entry.steps) steps, as an overview with its last steps.")
    }
  }

  /// The overview of the recording `uri` names, or a JSON-RPC error that says where to look.
  func read(_ uri: String) async throws(MCPMethodError) -> Contents {
    let id = uri.hasPrefix(Self.prefix) ? Int(uri.dropFirst(Self.prefix.count)) : nil
    guard let id, let recording = state.recording(id),
      let entry = MCPTools(state: state).recordings().recordings.first(where: { $0.id == id })
    else {
      throw MCPMethodError(
        JSONRPCError.resourceNotFound,
        "No resource \(MCPArguments.echo(uri)): ask resources/list for their URIs.")
    }
    let steps = await state.stepsLane.run {
      recording.steps(from: max(recording.count - 20, 0), limit: 20, filter: StepFilter()).steps
    }
    guard let steps else {
      throw MCPMethodError(JSONRPCError.internalError, MCPTools.gone.message)
    }
    let text: String
    do {
      text = String(
        decoding: try MCPEndpoint.pretty.encode(Overview(recording: entry, lastSteps: steps)),
        as: UTF8.self)
    } catch {
      throw MCPMethodError(JSONRPCError.internalError, "The overview could not be written.")
    }
    return Contents(contents: [.init(uri: uri, text: text)])
  }
}
