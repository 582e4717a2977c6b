import Reactors
import ReactorsRecording

/// What each of the MCP server's tools (``MCPTool/all``) answers, read from the recordings the
/// inspector shows. The work runs on the inspector's render lanes, like the page's, never on
/// the app's threads; every answer is bounded (pages of at most 100 steps, values as outlines
/// cut at a size, and what was cut says how to ask for it).
struct MCPTools: Sendable {
  let state: InspectorState

  /// The longest diff answered, in characters.
  static let diffLimit = 12_000
  /// The most links a cause chain answers.
  static let chainLimit = 50

  /// The answer of tool `name` (one of ``MCPTool/all``; the caller refuses others) to
  /// `arguments`.
  /// - Throws: The tool's refusal, answered with `isError` for the model to read.
  func call(
    _ name: String, _ arguments: MCPArguments
  ) async throws(MCPToolFailure)
    -> any Encodable & Sendable
  {
    switch name {
    case "list_recordings": return recordings()
    case "timeline": return try await timeline(arguments)
    case "get_step": return try await step(arguments)
    case "why": return try await why(arguments)
    case "find_change": return try await findChange(arguments)
    case "slowest_steps": return try await slowestSteps(arguments)
    case "travel", "go_live": return try travel(name, arguments)
    case "send_action": return try await send(arguments)
    case "replay": return try await replay(arguments)
    case "export_recording": return try await export(arguments)
    default: throw MCPToolFailure("No tool \(name.prefix(60)): ask tools/list.")
    }
  }

  /// `list_recordings`: every recording shown, with what an agent may do with it.
  func recordings() -> RecordingList {
    let all = state.recordings.withLock { $0 }
    let entries = all.enumerated().map { id, recording in
      RecordingEntry(
        id: id, name: recording.name, steps: recording.count, lastIndex: recording.lastIndex,
        imported: recording.isImported, shownStep: recording.shownStep,
        timeTravel: state.allowsTimeTravel && !recording.isImported,
        canSend: recording.agentAccess.send != nil,
        canReplay: recording.agentAccess.replayFile != nil, canExport: recording.canExport)
    }
    return RecordingList(recordings: entries)
  }

  /// `timeline`: a page of steps from a step index on, filtered by kind and text.
  func timeline(_ arguments: MCPArguments) async throws(MCPToolFailure) -> TimelinePage {
    let recording = try self.recording(arguments)
    let from = try arguments.integer("from", in: 0...Int.max, fallback: 0)
    let count = try arguments.integer("count", in: 1...100, fallback: 50)
    let filter = StepFilter(
      kinds: try arguments.choices("kinds", from: MCPTool.kinds),
      text: try arguments.text("text", limit: 200))
    let page = await state.stepsLane.run { () -> TimelinePage in
      let (steps, next) = recording.steps(
        from: recording.position(of: from), limit: count, filter: filter)
      let nextIndex = recording.index(atPosition: next)
      return TimelinePage(steps: steps, nextFrom: nextIndex, total: recording.count)
    }
    guard let page else { throw Self.gone }
    return page
  }

  /// `get_step`: one step whole, the state after it (at a key path) and its diff.
  func step(_ arguments: MCPArguments) async throws(MCPToolFailure) -> StepAnswer {
    let recording = try self.recording(arguments)
    let index = try step(arguments, in: recording)
    let path = try arguments.text("path", limit: KeyPathLookup.maximumLength) ?? ""
    let answer = await state.valuesLane.run { () -> StepAnswer? in
      guard let detail = recording.detail(at: index) else { return nil }
      let diff = recording.diff(at: index)
      return StepAnswer(
        step: detail.summary, value: detail.value,
        state: detail.summary.kind == "gap" ? nil : recording.stateText(at: index, keyPath: path),
        diff: diff?.diff.map { Self.cut($0, at: Self.diffLimit) } ?? diff?.note)
    }
    guard let found = answer else { throw Self.gone }
    guard let found else {
      throw MCPToolFailure("\(recording.name) keeps no step \(index): ask timeline for indices.")
    }
    return found
  }

  /// `why`: the step's causes back to the input sent from outside, across recordings.
  func why(_ arguments: MCPArguments) async throws(MCPToolFailure) -> CauseChain {
    var recording = try self.recording(arguments)
    var index = try step(arguments, in: recording)
    var links: [CauseChain.Link] = []
    while links.count < Self.chainLimit {
      let (current, at) = (recording, index)
      guard let detail = await state.valuesLane.run({ current.detail(at: at) }) ?? nil else {
        return CauseChain(
          chain: links,
          end: "\(recording.name) keeps no step \(index) (it was not kept, or is out of range)")
      }
      links.append(CauseChain.Link(recording: recording.name, step: detail.summary))
      guard let cause = detail.cause else {
        return CauseChain(
          chain: links, end: "the input was sent from outside (a view, a test, the app)")
      }
      if cause.recording == recording.recordingName {
        index = cause.index
        continue
      }
      // An imported file's causes stay inside it: another recording's step is not in it.
      guard !recording.isImported, let next = state.inspected(named: cause.recording) else {
        return CauseChain(
          chain: links,
          end: "the cause is step \(cause.index) of \(cause.recording), which is not "
            + (recording.isImported ? "in this file" : "inspected"))
      }
      (recording, index) = (next, cause.index)
    }
    return CauseChain(chain: links, end: "the chain goes on: ask why of its last step")
  }

  /// `find_change`: the steps where a value in the state began to match.
  func findChange(_ arguments: MCPArguments) async throws(MCPToolFailure) -> ChangeAnswer {
    let recording = try self.recording(arguments)
    let path = try arguments.text("path", limit: KeyPathLookup.maximumLength) ?? ""
    let equals = try arguments.text("equals", limit: 400)
    let contains = try arguments.text("contains", limit: 400)
    guard (equals == nil) != (contains == nil) else {
      throw MCPToolFailure("Pass one of \"equals\" and \"contains\".")
    }
    let which = try arguments.choice(
      "which", from: ChangeQuery.Which.allCases.map(\.rawValue), fallback: "first")
    let wanted = equals ?? ""
    // A string's value is printed quoted: "dog" and dog both match it.
    let query = ChangeQuery(
      keyPath: path,
      matches: { line in
        if let contains { return contains.isEmpty || line.contains(contains) }
        return line == wanted || (line.hasPrefix("\"") && line.dropFirst().dropLast() == wanted)
      }, which: ChangeQuery.Which(rawValue: which) ?? .first,
      from: try arguments.integer("from", in: 0...Int.max, fallback: 0))
    guard let search = await state.valuesLane.run({ recording.changes(query) }) else {
      throw Self.gone
    }
    if search.changes.isEmpty, let miss = search.missing { throw MCPToolFailure(miss.message) }
    return ChangeAnswer(
      changes: search.changes,
      note: search.exhausted
        ? "Stopped after \(query.budget) steps or \(query.timeLimit): ask again with from = "
          + "\(recording.index(atPosition: search.next)) for the rest."
        : nil)
  }

  /// `slowest_steps`: the steps that cost the most (measured mutations, effects' runs).
  func slowestSteps(_ arguments: MCPArguments) async throws(MCPToolFailure) -> SlowestSteps {
    let recording = try self.recording(arguments)
    let count = try arguments.integer("count", in: 1...50, fallback: 10)
    let filter = StepFilter(kinds: try arguments.choices("kinds", from: ["mutation", "ended"]))
    guard
      let steps = await state.valuesLane.run({ recording.slowest(limit: count, filter: filter) })
    else { throw Self.gone }
    return SlowestSteps(
      steps: steps, measuresCosts: recording.measuresCosts,
      note: recording.measuresCosts
        ? nil
        : "\(recording.name) does not measure its mutations' costs, only its effects' runs: "
          + "the app measures with Recording(of:named:measuringCosts: true).")
  }

  /// `travel` and `go_live`: the app's screens shown a past step, or live again.
  func travel(_ name: String, _ arguments: MCPArguments) throws(MCPToolFailure) -> Moved {
    guard state.allowsTimeTravel else {
      throw MCPToolFailure(Gatekeeper.Refusal.readOnly.message)
    }
    let recording = try self.recording(arguments)
    guard !recording.isImported else {
      throw MCPToolFailure("\(recording.name) was imported from a file: it has no app to move.")
    }
    guard name == "travel" else {
      recording.returnToLive()
      return Moved(shownStep: nil)
    }
    let index = try step(arguments, in: recording)
    do {
      try recording.travel(to: index)
    } catch {
      throw MCPToolFailure("\(error)")
    }
    return Moved(shownStep: index)
  }

  /// The refusal when the work was not done: the inspector stopped, or the call went away.
  static let gone = MCPToolFailure("The inspector is stopping, or the request was cancelled.")

  /// The recording `recording` names, or a refusal that says where to find the ids.
  func recording(_ arguments: MCPArguments) throws(MCPToolFailure) -> any InspectedRecording {
    let id = try arguments.integer("recording", in: 0...Int.max)
    guard let recording = state.recording(id) else {
      throw MCPToolFailure("No recording \(id): ask list_recordings for their ids.")
    }
    return recording
  }

  /// The step `index` names in `recording`, or a refusal that says which exist.
  func step(
    _ arguments: MCPArguments, in recording: any InspectedRecording
  ) throws(MCPToolFailure) -> Int {
    let index = try arguments.integer("index", in: 0...Int.max)
    if let missing = recording.missingStep(index) { throw MCPToolFailure(missing) }
    return index
  }

  /// `text` cut at `limit` characters, saying so.
  static func cut(_ text: String, at limit: Int) -> String {
    text.count <= limit ? text : String(text.prefix(limit)) + "\n… (cut at \(limit) characters)"
  }
}

extension InspectorState {
  /// The live (not imported) recording named `name`.
  func inspected(named name: String) -> (any InspectedRecording)? {
    recordings.withLock { all in
      all.first { !$0.isImported && $0.recordingName == name }
    }
  }
}
