/// The tools the inspector's MCP server offers, as `tools/list` answers them: each with a name,
/// what it answers, and the JSON schema of its arguments.
struct MCPTool: Encodable, Sendable {
  let name: String
  let title: String
  let description: String
  let inputSchema: MCPSchema
  let annotations: Annotations

  /// Hints for the client: whether the tool changes nothing (`readOnlyHint`).
  struct Annotations: Encodable, Sendable {
    let readOnlyHint: Bool
    let openWorldHint = false
  }
}

/// An object's JSON schema: its properties, which are required, and nothing else.
struct MCPSchema: Encodable, Sendable {
  let type = "object"
  let properties: [String: Property]
  let required: [String]
  let additionalProperties = false

  /// One argument's schema.
  struct Property: Encodable, Sendable {
    /// The JSON type; `nil` for any value.
    let type: String?
    let description: String
    var minimum: Int?
    var maximum: Int?
    var `enum`: [String]?
    var items: Items?
  }

  /// An array argument's elements' schema.
  struct Items: Encodable, Sendable {
    let type: String
    let `enum`: [String]
  }
}

extension MCPTool {
  /// The step kinds a timeline filters by.
  static let kinds = ["began", "input", "mutation", "effect", "ended", "cancel", "gap"]

  /// The `recording` argument every tool takes.
  static let recording = MCPSchema.Property(
    type: "integer", description: "The recording's id, from list_recordings.", minimum: 0)
  /// A step index argument, described as `description`.
  static func index(_ description: String) -> MCPSchema.Property {
    MCPSchema.Property(type: "integer", description: description, minimum: 0)
  }
  /// The `path` argument: a key path inside the state.
  static let keyPath = MCPSchema.Property(
    type: "string",
    description:
      "A key path inside the state: property, key and enum case names and positions, "
      + "dot-separated (\"results.0\", \"isLoading\"). Empty for the whole state.")

  /// Every tool, in the order `tools/list` gives them.
  static let all: [MCPTool] = [
    MCPTool(
      name: "list_recordings", title: "Recordings",
      description:
        "The recordings the app shows: each one's id (what the other tools take), name, "
        + "step count and last step index, and whether the app's screens show a past step.",
      inputSchema: MCPSchema(properties: [:], required: []),
      annotations: .init(readOnlyHint: true)),
    MCPTool(
      name: "timeline", title: "Timeline",
      description:
        "A page of a recording's steps (inputs sent, mutations, effects started and ended) "
        + "from a step index on, each with its time, cause and where an input was sent from. "
        + "Filter by kind or by text; ask again from `next` for more.",
      inputSchema: MCPSchema(
        properties: [
          "recording": recording,
          "from": index("The first step index to look at (0 by default)."),
          "count": MCPSchema.Property(
            type: "integer", description: "How many steps to answer, 1 to 100 (50 by default).",
            minimum: 1, maximum: 100),
          "kinds": MCPSchema.Property(
            type: "array", description: "Only steps of these kinds.",
            items: MCPSchema.Items(type: "string", enum: kinds)),
          "text": MCPSchema.Property(
            type: "string", description: "Only steps whose line or cause holds this text."),
        ],
        required: ["recording"]),
      annotations: .init(readOnlyHint: true)),
    MCPTool(
      name: "get_step", title: "One step",
      description:
        "One step whole: its line, its full input or mutation, its cause, where it was sent "
        + "from, the state after it (or the value at a key path inside it) and the diff with "
        + "the state before.",
      inputSchema: MCPSchema(
        properties: [
          "recording": recording, "index": index("The step's index."), "path": keyPath,
        ],
        required: ["recording", "index"]),
      annotations: .init(readOnlyHint: true)),
    MCPTool(
      name: "why", title: "Why (cause chain)",
      description:
        "Why a step happened: its cause, that step's cause, and so on back to the input "
        + "sent from outside (a view, a test) that began it, across recordings.",
      inputSchema: MCPSchema(
        properties: ["recording": recording, "index": index("The step's index.")],
        required: ["recording", "index"]),
      annotations: .init(readOnlyHint: true)),
    MCPTool(
      name: "find_change", title: "When did it change",
      description:
        "The steps where the state's value at a key path began to equal (or contain) a text, "
        + "as the value is printed (true, 3, \"dog\", .loading): when did isLoading become "
        + "true. The first such step, the last, or all (up to 20).",
      inputSchema: MCPSchema(
        properties: [
          "recording": recording, "path": keyPath,
          "equals": MCPSchema.Property(
            type: "string", description: "The printed value to match exactly."),
          "contains": MCPSchema.Property(
            type: "string", description: "Text the printed value holds."),
          "which": MCPSchema.Property(
            type: "string", description: "first (the default), last, or all.",
            enum: ["first", "last", "all"]),
          "from": index("The first step index to look at (0 by default)."),
        ],
        required: ["recording", "path"]),
      annotations: .init(readOnlyHint: true)),
    MCPTool(
      name: "slowest_steps", title: "Slowest steps",
      description:
        "The steps that cost the most, slowest first: mutations by their reduce and the "
        + "delivery to the observers after it (when the app's recording measures them), and "
        + "effects by their run from the step that started each to its ended step.",
      inputSchema: MCPSchema(
        properties: [
          "recording": recording,
          "count": MCPSchema.Property(
            type: "integer", description: "How many, 1 to 50 (10 by default).", minimum: 1,
            maximum: 50),
          "kinds": MCPSchema.Property(
            type: "array", description: "Only mutations, or only effects' ends (ended).",
            items: MCPSchema.Items(type: "string", enum: ["mutation", "ended"])),
        ],
        required: ["recording"]),
      annotations: .init(readOnlyHint: true)),
    MCPTool(
      name: "travel", title: "Travel to a step",
      description:
        "Shows the app's screens the state at a step (time travel), until go_live. Refused "
        + "when the app started the inspector read-only.",
      inputSchema: MCPSchema(
        properties: ["recording": recording, "index": index("The step to show.")],
        required: ["recording", "index"]),
      annotations: .init(readOnlyHint: false)),
    MCPTool(
      name: "go_live", title: "Back to live",
      description: "Shows the app's screens their live state again, after travel.",
      inputSchema: MCPSchema(properties: ["recording": recording], required: ["recording"]),
      annotations: .init(readOnlyHint: false)),
    MCPTool(
      name: "send_action", title: "Send an action",
      description:
        "Sends the recording's reactor an action, as Swift's Codable writes it in JSON (an "
        + "enum case as {\"updateQuery\":{\"_0\":\"cat\"}}); the step then shows in the "
        + "timeline. Only where the app allows it (list_recordings says canSend).",
      inputSchema: MCPSchema(
        properties: [
          "recording": recording,
          "action": MCPSchema.Property(
            type: nil, description: "The action, as JSON (see the recording's inputs)."),
        ],
        required: ["recording", "action"]),
      annotations: .init(readOnlyHint: false)),
    MCPTool(
      name: "replay", title: "Replay a recording file",
      description:
        "Replays a recording file (a bug report) on a fresh reactor of the recording's type "
        + "and answers the first step where it does something else than the file recorded, "
        + "or that it replays the same. The file is a path on this machine, or an imported "
        + "recording's id. Only where the app allows it (list_recordings says canReplay).",
      inputSchema: MCPSchema(
        properties: [
          "recording": recording,
          "path": MCPSchema.Property(
            type: "string", description: "The recording file's path (.jsonl)."),
          "imported": MCPSchema.Property(
            type: "integer", description: "Or an imported recording's id.", minimum: 0),
        ],
        required: ["recording"]),
      annotations: .init(readOnlyHint: true)),
    MCPTool(
      name: "export_recording", title: "Export a recording",
      description:
        "Writes the recording's file (a state at every step) to a temporary file on this "
        + "machine and answers its path: what replay, a test or the page's import reads.",
      inputSchema: MCPSchema(properties: ["recording": recording], required: ["recording"]),
      annotations: .init(readOnlyHint: false)),
  ]
}
