import Foundation
import ReactorsRecording

/// The tools that act, each where the app allows it: send an action, replay a file, export a
/// recording.
extension MCPTools {
  /// `send_action`: the action decoded from JSON, sent to the app's reactor.
  func send(_ arguments: MCPArguments) async throws(MCPToolFailure) -> Sent {
    let recording = try self.recording(arguments)
    guard let send = recording.agentAccess.send else {
      throw MCPToolFailure(
        "\(recording.name) takes no actions from agents: the app opts in with "
          + "inspector.inspect(recording, sending: { reactor.send($0) }).")
    }
    guard let action = arguments.values.member("action") else {
      let example = recording.agentAccess.example?().map { ", such as \($0.prefix(400))" } ?? ""
      throw MCPToolFailure("\"action\" is missing: pass the action as JSON\(example).")
    }
    let sent = await state.valuesLane.run { () -> Result<String, MCPToolFailure> in
      do {
        return .success(try send(action))
      } catch let failure as MCPToolFailure {
        return .failure(failure)
      } catch {
        return .failure(MCPToolFailure("\(error)"))
      }
    }
    guard let sent else { throw Self.gone }
    return Sent(sent: try sent.get())
  }

  /// `replay`: a recording file replayed on a fresh reactor; the first divergence.
  func replay(_ arguments: MCPArguments) async throws(MCPToolFailure) -> Replayed {
    let recording = try self.recording(arguments)
    let access = recording.agentAccess
    guard let replayFile = access.replayFile, let replayBytes = access.replayBytes else {
      throw MCPToolFailure(
        "\(recording.name) replays no files for agents: the app opts in with "
          + "inspector.inspect(recording, replayingOn: { MyReactor() }).")
    }
    let path = try arguments.text("path", limit: 4_096)
    let imported: Int? =
      arguments.values.member("imported") == nil
      ? nil : try arguments.integer("imported", in: 0...Int.max)
    guard (path == nil) != (imported == nil) else {
      throw MCPToolFailure("Pass one of \"path\" (a file on this machine) and \"imported\".")
    }
    let bytes =
      try imported.map { (imported) throws(MCPToolFailure) -> [UInt8]? in
        guard let file = state.recording(imported), file.isImported else {
          throw MCPToolFailure(
            "No imported recording \(imported): list_recordings says which are imported.")
        }
        do {
          return try file.export()
        } catch {
          throw MCPToolFailure("\(error)")
        }
      } ?? nil
    let replayed = await state.valuesLane.run { () -> Result<Replayed, MCPToolFailure> in
      do {
        let (divergence, warnings) =
          if let bytes { try replayBytes(bytes) } else { try replayFile(path ?? "") }
        return .success(
          Replayed(
            divergence: divergence.map { Self.cut($0, at: Self.diffLimit) },
            sameAsRecorded: divergence == nil, warnings: Array(warnings.prefix(20))))
      } catch {
        return .failure(MCPToolFailure(Self.cut("\(error)", at: 2_000)))
      }
    }
    guard let replayed else { throw Self.gone }
    return try replayed.get()
  }

  /// `export_recording`: the recording's file written to a temporary file; its path.
  func export(_ arguments: MCPArguments) async throws(MCPToolFailure) -> Exported {
    let recording = try self.recording(arguments)
    guard recording.canExport else {
      throw MCPToolFailure(
        "\(recording.name)'s types are not Codable: it cannot be written to a file.")
    }
    let written = await state.valuesLane.run { () -> Result<Exported, MCPToolFailure> in
      do {
        guard let bytes = try recording.export() else {
          return .failure(MCPToolFailure("\(recording.name) cannot be written to a file."))
        }
        let name = InspectorResponse.safeFileName(recording.name)
        let stamp = Int(Date().timeIntervalSince1970 * 1_000)
        let url = FileManager.default.temporaryDirectory
          .appendingPathComponent("reactors-\(name)-\(stamp).jsonl")
        try Data(bytes).write(to: url, options: .withoutOverwriting)
        return .success(Exported(path: url.path, bytes: bytes.count))
      } catch {
        return .failure(MCPToolFailure("The file could not be written: \(error)"))
      }
    }
    guard let written else { throw Self.gone }
    return try written.get()
  }
}
