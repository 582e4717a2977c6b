import CustomDump
import Foundation
import Reactors
import ReactorsRecording

/// A recording as the inspector reads it, whatever its types: steps as summaries, states as
/// trees and diffs, time travel, and, for `Codable` types, its file. Reads the steps under the
/// recording's lock a window at a time, and renders them after, so the recorded reactor never
/// waits for the inspector's rendering.
protocol InspectedRecording: AnyObject, Sendable {
  /// The recording's name.
  var name: String { get }
  /// How many steps it keeps.
  var count: Int { get }
  /// Whether ``export()`` can write its file.
  var canExport: Bool { get }
  /// The step the screen shows, while it travels.
  var shownStep: Int? { get }
  /// From step position `from` on, up to `limit` steps that pass `filter`, and the position
  /// after the last one looked at.
  func steps(from: Int, limit: Int, filter: StepFilter) -> (steps: [StepSummary], next: Int)
  /// The state at step `index` (made there, or the latest before), as a tree, with the index
  /// of the step that made it.
  func state(at index: Int) -> (tree: ValueNode, madeAt: Int)?
  /// What changed between the state at step `index` and the one before it.
  func diff(at index: Int) -> (diff: String?, previous: Int?)?
  /// Shows the reactor's screens the state at step `index`.
  func travel(to index: Int) throws
  /// Shows the reactor's screens its live state again.
  func returnToLive()
  /// The recording file's bytes; `nil` for types that are not `Codable`.
  func export() throws -> [UInt8]?
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
  let cause: String?
  let hasState: Bool
}

/// ``InspectedRecording`` for a recording of any types.
final class InspectedSteps<Action: Sendable, Mutation: Sendable, State: Sendable>:
  InspectedRecording
{
  typealias Step = RecordedStep<Action, Mutation, State>

  let recording: Recording<Action, Mutation, State>
  let exporter: (@Sendable () throws -> [UInt8])?
  let shown = Locked<Int?>(nil)
  let label: String?

  init(
    _ recording: Recording<Action, Mutation, State>, label: String? = nil,
    exporter: (@Sendable () throws -> [UInt8])?
  ) {
    self.recording = recording
    self.label = label
    self.exporter = exporter
  }

  var name: String { label ?? recording.name }
  var count: Int { recording.withSteps { $0.count } }
  var canExport: Bool { exporter != nil }
  var shownStep: Int? { shown.withLock { $0 } }

  func steps(from: Int, limit: Int, filter: StepFilter) -> (steps: [StepSummary], next: Int) {
    var found: [StepSummary] = []
    var position = max(from, 0)
    while found.count < limit {
      let window = recording.withSteps { steps in
        Array(steps[min(position, steps.count)..<min(position + 512, steps.count)])
      }
      guard !window.isEmpty else { break }
      for step in window {
        position += 1
        let summary = Self.summary(step)
        if filter.accepts(summary) {
          found.append(summary)
          if found.count == limit { break }
        }
      }
    }
    return (found, position)
  }

  func state(at index: Int) -> (tree: ValueNode, madeAt: Int)? {
    guard let (state, madeAt) = stateAndStep(at: index) else { return nil }
    return (ValueNode.tree(of: state), madeAt)
  }

  func diff(at index: Int) -> (diff: String?, previous: Int?)? {
    guard let (state, madeAt) = stateAndStep(at: index) else { return nil }
    guard let (before, previous) = stateAndStep(at: madeAt - 1) else { return (nil, nil) }
    return (CustomDump.diff(before, state, format: .proportional), previous)
  }

  /// The state at `index`, and the index of the step that made it.
  func stateAndStep(at index: Int) -> (State, Int)? {
    guard index >= 0 else { return nil }
    return recording.state(at: index).map { ($0.state, $0.madeAt) }
  }

  func travel(to index: Int) throws {
    try recording.travel(to: index)
    shown.withLock { $0 = index }
  }

  func returnToLive() {
    recording.returnToLive()
    shown.withLock { $0 = nil }
  }

  func export() throws -> [UInt8]? { try exporter?() }

  /// A step's line: its kind and what it carries, on one line.
  static func summary(_ step: Step) -> StepSummary {
    let kind: String
    let text: String
    switch step.kind {
    case .began:
      (kind, text) = ("began", "the recording began")
    case .input(let action):
      (kind, text) = ("input", oneLine(action))
    case .mutation(let mutation):
      (kind, text) = ("mutation", oneLine(mutation))
    case .effectStarted(let id):
      (kind, text) = ("effect", id.map { "started, id \($0)" } ?? "started")
    case .effectEnded(let start, let cancelled):
      (kind, text) = (
        "ended", "the effect of step \(start) \(cancelled ? "was cancelled" : "ended")"
      )
    case .cancelled(let id):
      (kind, text) = ("cancel", "cancelled the effects with id \(id)")
    case .gap(let dropped):
      (kind, text) = ("gap", "\(dropped) steps were not kept")
    }
    return StepSummary(
      index: step.index, ms: step.time.milliseconds, kind: kind,
      text: text, cause: step.cause?.description, hasState: step.state != nil)
  }

  /// `value`'s custom dump on one line, at most 300 characters.
  static func oneLine<Value>(_ value: Value) -> String {
    let dumped = String(customDumping: value)
      .split(whereSeparator: \.isNewline)
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .joined(separator: " ")
    return dumped.count > 300 ? String(dumped.prefix(299)) + "…" : dumped
  }
}

extension Duration {
  /// The duration in milliseconds, as the page shows times.
  var milliseconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
  }
}
