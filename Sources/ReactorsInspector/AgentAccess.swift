import Foundation
import Reactors
import ReactorsRecording

/// What an app lets a coding agent do with one of its recordings over MCP besides reading it:
/// send its reactor an action (decoded from JSON), and replay a recording file on a fresh
/// reactor of its type. Each is `nil` unless the app opted in (``Inspector/inspect(_:sending:)``,
/// ``Inspector/inspect(_:replayingOn:sending:)``).
struct AgentAccess: Sendable {
  /// Decodes `json` as an action and sends it; answers the action's line.
  var send: (@Sendable (RecordedJSON) throws(MCPToolFailure) -> String)?
  /// Replays the recording file at a path on a fresh reactor; answers the first divergence's
  /// description (`nil`: none) and what reading noticed.
  var replayFile: (@Sendable (String) throws -> (divergence: String?, warnings: [String]))?
  /// Replays a recording file's bytes (an imported one's) the same way.
  var replayBytes: (@Sendable ([UInt8]) throws -> (divergence: String?, warnings: [String]))?
  /// The last input recorded, as JSON: what an action to send looks like.
  var example: (@Sendable () -> String?)?

  /// Access for `recording`: its example, and sending through `send` where given.
  static func of<Action: Codable, Mutation: Codable, State: Codable>(
    _ recording: Recording<Action, Mutation, State>, send: (@Sendable (Action) -> Void)?
  ) -> AgentAccess {
    let example: @Sendable () -> String? = { [weak recording] in
      guard let recording else { return nil }
      let last = recording.withSteps { steps -> Action? in
        for step in steps.reversed() { if case .input(let action) = step.kind { return action } }
        return nil
      }
      return last.flatMap { try? String(decoding: JSONEncoder().encode($0), as: UTF8.self) }
    }
    var access = AgentAccess(example: example)
    if let send {
      access.send = { (json) throws(MCPToolFailure) -> String in
        let action: Action
        do {
          action = try JSONDecoder().decode(Action.self, from: JSONEncoder().encode(json))
        } catch {
          let sample = example().map { " The last input sent, as JSON: \($0.prefix(400))" } ?? ""
          throw MCPToolFailure(
            "That is not a \(String(reflecting: Action.self)) in JSON (\(Self.reason(error))): "
              + "write it as Swift's Codable writes it, "
              + "an enum case as {\"case\":{\"_0\":value}}.\(sample)")
        }
        send(action)
        return InspectedSteps<Action, Mutation, State>.oneLine(action)
      }
    }
    return access
  }

  /// This access, with replays on a fresh reactor that `makeReactor` makes for each.
  func replaying<R: Reactor>(on makeReactor: @escaping @Sendable () -> R) -> AgentAccess
  where R.Action: Codable, R.Mutation: Codable, R.State: Codable {
    var access = self
    access.replayFile = { path in
      let (divergence, warnings) = try Recording<R.Action, R.Mutation, R.State>.divergence(
        replayingFileAt: path, on: makeReactor())
      return (divergence?.description, warnings)
    }
    access.replayBytes = { bytes in
      let file = try Recording<R.Action, R.Mutation, R.State>(
        bytes: bytes, path: "the imported file")
      return (file.divergence(replayingOn: makeReactor())?.description, file.warnings)
    }
    return access
  }

  /// A decoding error's reason, on one line.
  static func reason(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "\(error)".prefix(200).description }
    switch error {
    case .typeMismatch(_, let context), .valueNotFound(_, let context),
      .keyNotFound(_, let context), .dataCorrupted(let context):
      let path = context.codingPath.map(\.stringValue).joined(separator: ".")
      return (path.isEmpty ? "" : "at \(path): ") + context.debugDescription.prefix(200)
    @unknown default:
      return "\(error)".prefix(200).description
    }
  }
}
