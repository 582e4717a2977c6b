import Foundation
import ReactorsRecording

/// The inspector's Model Context Protocol server, at `/mcp`: what lets a coding agent ask the
/// running app about its recordings (``MCPTool/all``) and read each as a resource.
///
/// Streamable HTTP as the protocol's 2025-06-18 and 2025-11-25 revisions define it, stateless:
/// each POST holds one JSON-RPC message and gets one JSON answer (`202` for a notification);
/// there is no session id and no event stream (a GET gets `405`, as the protocol allows). It
/// sits behind the inspector's ``Gatekeeper`` like the page: the token (as
/// `Authorization: Bearer …`), the `Host` and the `Origin` are checked before the body is read.
///
/// Every tool works on the inspector's render lanes, never on the app's threads; only `travel`,
/// `go_live` and `send_action` change the app, each where the app allows it; every answer is
/// bounded (``maximumAnswerBytes``).
struct MCPEndpoint: Sendable {
  let state: InspectorState

  /// The protocol revisions served, newest first.
  static let protocolVersions = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"]
  /// The largest message accepted.
  static let maximumBodyBytes = 1 << 20
  /// The largest tool answer's text (the answer carries it twice: as text and as structured
  /// content): a larger one is refused, saying how to ask for less.
  static let maximumAnswerBytes = 256 << 10
  /// The methods answered.
  static let methods: Set<String> = [
    "initialize", "ping", "tools/list", "tools/call", "resources/list", "resources/read",
    "resources/templates/list",
  ]

  /// The tools offered: all but time travel's when the app started the inspector read-only.
  var tools: [MCPTool] {
    state.allowsTimeTravel
      ? MCPTool.all : MCPTool.all.filter { $0.name != "travel" && $0.name != "go_live" }
  }

  /// The answer to an HTTP request to `/mcp` (already admitted).
  func answer(_ request: InspectorRequest) async -> InspectorResponse {
    guard request.method == "POST" else {
      var refusal = InspectorResponse.text(
        405,
        "The MCP endpoint takes POST, one JSON-RPC message each (Streamable HTTP with JSON "
          + "answers); it opens no event stream.")
      refusal.headers.append(("Allow", "POST"))
      return refusal
    }
    guard request.body.count <= Self.maximumBodyBytes else {
      return Self.reply(
        JSONRPCError(
          code: JSONRPCError.invalidRequest, id: .null,
          message: "The message is over \(Self.maximumBodyBytes) bytes."), status: 413)
    }
    let message: JSONRPCMessage
    switch JSONRPCMessage.parse(request.body) {
    case .failure(let error): return Self.reply(error, status: 400)
    case .success(let parsed): message = parsed
    }
    guard case .request(let id) = message.kind else { return InspectorResponse(status: 202) }
    if Self.methods.contains(message.method), message.method != "initialize",
      let version = request.headers["mcp-protocol-version"],
      !Self.protocolVersions.contains(version)
    {
      return Self.reply(
        JSONRPCError(
          code: JSONRPCError.invalidRequest, id: id,
          message:
            "MCP-Protocol-Version \(MCPArguments.echo(version)) is not served: use one of "
            + Self.protocolVersions.joined(separator: ", ") + "."), status: 400)
    }
    do {
      return Self.reply(
        try await result(of: message.method, MCPArguments(message.params)), id: id)
    } catch {
      return Self.reply(JSONRPCError(code: error.code, id: id, message: error.message))
    }
  }

  /// What method `method` answers to `params`.
  func result(
    of method: String, _ params: MCPArguments
  ) async throws(MCPMethodError)
    -> any Encodable & Sendable
  {
    switch method {
    case "initialize":
      let asked = try? params.text("protocolVersion", limit: 40)
      let version = asked.flatMap { Self.protocolVersions.contains($0) ? $0 : nil }
      return InitializeResult(protocolVersion: version ?? Self.protocolVersions[0])
    case "ping":
      return [String: String]()
    case "tools/list":
      return ["tools": tools]
    case "tools/call":
      guard let name = try? params.text("name", limit: 100) else {
        throw MCPMethodError(JSONRPCError.invalidParams, "\"name\" must name a tool.")
      }
      // Time travel's tools are not listed when read-only; called, they say why they refuse.
      guard let tool = MCPTool.all.first(where: { $0.name == name }) else {
        throw MCPMethodError(
          JSONRPCError.invalidParams,
          "Unknown tool \(MCPArguments.echo(name)): ask tools/list for the tools.")
      }
      let arguments = params.values.member("arguments")
      if let arguments, arguments != .null {
        guard case .object = arguments else {
          throw MCPMethodError(JSONRPCError.invalidParams, "\"arguments\" must be an object.")
        }
      }
      return await ToolResult.of { () throws(MCPToolFailure) in
        let given = MCPArguments(arguments)
        let unknown = given.unknown(tool.inputSchema.properties.keys)
        guard unknown.isEmpty else {
          throw MCPToolFailure(
            "\(name) takes no \(unknown.map(MCPArguments.echo).joined(separator: ", ")): it "
              + "takes \(tool.inputSchema.properties.keys.sorted().joined(separator: ", ")).")
        }
        return try await MCPTools(state: state).call(name, given)
      }
    case "resources/list":
      return ["resources": MCPResources(state: state).list()]
    case "resources/templates/list":
      return ["resourceTemplates": [MCPResources.Resource]()]
    case "resources/read":
      guard let uri = try? params.text("uri", limit: 200) else {
        throw MCPMethodError(JSONRPCError.invalidParams, "\"uri\" must be a resource's URI.")
      }
      return try await MCPResources(state: state).read(uri)
    default:
      throw MCPMethodError(
        JSONRPCError.methodNotFound,
        "No method \(MCPArguments.echo(method)): this server answers "
          + Self.methods.sorted().joined(separator: ", ") + ".")
    }
  }

  /// Writes answers: members in a fixed order, slashes as they are.
  static let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }()

  /// The answer to request `id`: `result`, as JSON-RPC writes it.
  static func reply(_ result: any Encodable & Sendable, id: RecordedJSON) -> InspectorResponse {
    json(Reply(id: id, result: AnyAnswer(result)), status: 200)
  }

  /// The answer that `error` refuses a message with, with HTTP `status`.
  static func reply(_ error: JSONRPCError, status: Int = 200) -> InspectorResponse {
    json(
      ErrorReply(id: error.id, error: .init(code: error.code, message: error.message)),
      status: status)
  }

  /// `value` as a JSON answer with `status`.
  static func json(_ value: some Encodable, status: Int) -> InspectorResponse {
    do {
      return InspectorResponse(
        status: status, headers: [("Content-Type", "application/json")],
        body: Array(try encoder.encode(value)))
    } catch {
      return .text(500, "Cannot encode the answer: \(error)")
    }
  }

  /// A JSON-RPC result.
  struct Reply: Encodable {
    let jsonrpc = "2.0"
    let id: RecordedJSON
    let result: AnyAnswer
  }

  /// A JSON-RPC error.
  struct ErrorReply: Encodable {
    struct Body: Encodable {
      let code: Int
      let message: String
    }
    let jsonrpc = "2.0"
    let id: RecordedJSON
    let error: Body
  }
}

/// A method's refusal: a JSON-RPC error code and what to fix.
struct MCPMethodError: Error, Sendable {
  let code: Int
  let message: String

  init(_ code: Int, _ message: String) {
    self.code = code
    self.message = message
  }
}

/// Any answer, written as itself.
struct AnyAnswer: Encodable, Sendable {
  let value: any Encodable & Sendable

  init(_ value: any Encodable & Sendable) { self.value = value }

  func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}

/// `initialize`'s answer: the revision spoken, what the server offers, and how to use it.
struct InitializeResult: Encodable, Sendable {
  struct Capabilities: Encodable, Sendable {
    struct Listed: Encodable, Sendable {
      let listChanged = false
    }
    let tools = Listed()
    let resources = Listed()
  }
  struct ServerInfo: Encodable, Sendable {
    let name = "reactors-inspector"
    let title = "Reactors inspector"
    let version = "1.0.0"
  }

  let protocolVersion: String
  let capabilities = Capabilities()
  let serverInfo = ServerInfo()
  let instructions =
    "The running app's Reactors recordings: every input sent, mutation and effect, with its "
    + "cause and the state after it. Start with list_recordings, then timeline; get_step shows "
    + "a step whole, why walks its causes back to the input that began it, find_change finds "
    + "when a value in the state changed, and travel shows the app's screens a past step."
}

/// A tool's answer: the answer as JSON text (for clients that read text) and as structured
/// content, or the tool's failure with `isError`, which the model reads and acts on.
struct ToolResult: Encodable, Sendable {
  struct Content: Encodable, Sendable {
    let type = "text"
    let text: String
  }

  let content: [Content]
  let structuredContent: AnyAnswer?
  let isError: Bool

  /// The result of `body`, bounded to ``MCPEndpoint/maximumAnswerBytes``.
  static func of(
    _ body: () async throws(MCPToolFailure) -> any Encodable & Sendable
  ) async -> ToolResult {
    do {
      let answer = try await body()
      let text = try MCPEndpoint.pretty.encode(AnyAnswer(answer))
      guard text.count <= MCPEndpoint.maximumAnswerBytes else {
        return failure(
          "The answer is over \(MCPEndpoint.maximumAnswerBytes) bytes: ask for less (a "
            + "smaller count, or a key path inside the state).")
      }
      return ToolResult(
        content: [Content(text: String(decoding: text, as: UTF8.self))],
        structuredContent: AnyAnswer(answer), isError: false)
    } catch let failure as MCPToolFailure {
      return Self.failure(failure.message)
    } catch {
      return failure("The answer could not be written: \(error).")
    }
  }

  /// A tool's refusal, for the model to read.
  static func failure(_ message: String) -> ToolResult {
    ToolResult(content: [Content(text: message)], structuredContent: nil, isError: true)
  }
}

extension MCPEndpoint {
  /// Writes a tool's answer as text: indented, members in a fixed order.
  static let pretty: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    return encoder
  }()
}
