import Foundation
import Reactors
import ReactorsRecording

/// A recording as the inspector reads it, whatever its types: steps as summaries, states as
/// trees and diffs, time travel, and, for `Codable` types, its file. Reads the steps under the
/// recording's lock a window at a time, and renders them after, so the recorded reactor never
/// waits for the inspector's rendering; every rendering is bounded (``ValueNode``).
protocol InspectedRecording: AnyObject, Sendable {
  /// The name shown in the page.
  var name: String { get }
  /// The recording's own name: what its steps' causes name it by.
  var recordingName: String { get }
  /// Whether it was imported from a file: read only, and its causes stay inside it.
  var isImported: Bool { get }
  /// How many steps it keeps.
  var count: Int { get }
  /// The index of its last step (indices skip where a gap stands for steps not kept), or -1.
  var lastIndex: Int { get }
  /// The position of the first step whose index is `index` or more (``count`` past the last).
  func position(of index: Int) -> Int
  /// Whether ``export()`` can write its file.
  var canExport: Bool { get }
  /// The step the screen shows, while it travels.
  var shownStep: Int? { get }
  /// From step position `from` on, up to `limit` steps that pass `filter`, and the position
  /// after the last one looked at.
  func steps(from: Int, limit: Int, filter: StepFilter) -> (steps: [StepSummary], next: Int)
  /// The state at step `index` (in `0..<count`): the value at `path` inside it as a tree, and
  /// where the state came from; `nil` when the recording keeps no state there or before.
  func state(at index: Int, path: String, leafLimit: Int) -> StateAnswer?
  /// What changed between the state at step `index` and the one before it.
  func diff(at index: Int) -> DiffAnswer?
  /// Shows the reactor's screens the state at step `index`.
  func travel(to index: Int) throws
  /// Shows the reactor's screens its live state again.
  func returnToLive()
  /// The recording file's bytes; `nil` for types that are not `Codable`.
  func export() throws -> [UInt8]?
  /// The state at step `index` as text: the value at `keyPath` inside it; `nil` when the
  /// recording keeps no state there or before.
  func stateText(at index: Int, keyPath: String) -> StateText?
  /// Step `index` whole, or `nil` when the recording keeps no such step.
  func detail(at index: Int) -> StepDetail?
  /// The steps where a value in the state began to match (it did not at the state before).
  func changes(_ query: ChangeQuery) -> ChangeSearch
  /// The `limit` steps that cost the most, of the kinds `filter` asks for, slowest first;
  /// then those whose text it accepts.
  func slowest(limit: Int, filter: StepFilter) -> [StepSummary]
  /// Whether the recording measures what each mutation costs.
  var measuresCosts: Bool { get }
  /// The index of the step at `position`, or one past the last index at the end.
  func index(atPosition position: Int) -> Int
  /// Step `index`'s whole input or mutation as a tree; `nil` for another kind of step.
  func valueTree(at index: Int) -> ValueNode?
  /// The diff of the state at step `index` with the state at step `other`.
  func compare(_ index: Int, with other: Int) -> DiffAnswer?
  /// The state at step `index` as JSON (`Codable` states); `nil` otherwise.
  func stateJSON(at index: Int) throws -> [UInt8]?
  /// The last state made again without input `index` and what it caused, or why not (not an
  /// input, redacted mutations, a gap, too long, a recording that cannot reduce).
  func whatIf(skipping index: Int) -> Result<WhatIfAnswer, RouteRefusal>
  /// What the app lets an agent do with it besides reading: send, replay.
  var agentAccess: AgentAccess { get }
}

extension InspectedRecording {
  /// Why step `index` (not negative) cannot be asked for, with the indices that can; `nil`
  /// when it can.
  func missingStep(_ index: Int) -> String? {
    let last = lastIndex
    return index <= last ? nil : "No step \(index) in \(name): its steps go from 0 to \(last)."
  }
}

/// Which steps a timeline shows: by kind, and by text in their summary (case-insensitive).
struct StepFilter: Sendable {
  var kinds: Set<String>?
  var text: String?

  func accepts(_ step: StepSummary) -> Bool {
    if let kinds, !kinds.contains(step.kind) { return false }
    if let text, !text.isEmpty {
      return step.text.localizedCaseInsensitiveContains(text)
        || (step.cause ?? "").localizedCaseInsensitiveContains(text)
    }
    return true
  }
}

/// One step as a line of the timeline.
struct StepSummary: Encodable, Sendable {
  let index: Int
  /// Milliseconds since the recording began.
  let ms: Double
  let kind: String
  let text: String
  /// The cause as its recording's name and step (`search#12`).
  let cause: String?
  /// The cause's step when it is in the same recording (what a link in the page opens).
  let causeStep: Int?
  let hasState: Bool
  /// Where an input was sent from (`Module/File.swift:12`), when the recording knows.
  let source: String?
  /// What the step cost, in words: a mutation's `reduce` and delivery (when the recording
  /// measures), an effect's run from its start (on its `ended` step).
  var cost: String?
  /// What the step cost in all, in milliseconds: what ``cost`` says, added up.
  var tookMs: Double?
}

/// A state's answer: the tree, the step that made it, and whether the recording holds it.
struct StateAnswer: Encodable, Sendable {
  let index: Int
  /// The last step at or before `index` that changed the state.
  let madeAt: Int
  /// `false` when the recording holds no state there (a file with a state every N
  /// mutations, read without the app's `reduce`): the tree is then the state kept at
  /// `keptAt`, and `missing` mutations after it are not applied.
  let exact: Bool
  let keptAt: Int
  let missing: Int
  let tree: ValueNode
  var ms: Double = 0
}

/// A diff's answer: the lines, and the step whose state it is compared with.
struct DiffAnswer: Encodable, Sendable {
  let index: Int
  let previous: Int?
  let diff: String?
  /// Why there is no diff, when there is none.
  let note: String?
  var ms: Double = 0
}
