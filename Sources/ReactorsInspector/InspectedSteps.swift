import Foundation
import Reactors
import ReactorsRecording

/// ``InspectedRecording`` for a recording of any types.
final class InspectedSteps<Action: Sendable, Mutation: Sendable, State: Sendable>:
  InspectedRecording
{
  typealias Step = RecordedStep<Action, Mutation, State>

  let recording: Recording<Action, Mutation, State>
  let exporter: (@Sendable () throws -> [UInt8])?
  let shown = Locked<Int?>(nil)
  let label: String?
  let isImported: Bool
  let agentAccess: AgentAccess
  /// Writes a state as JSON, for `Codable` states.
  let encodeState: (@Sendable (State) throws -> [UInt8])?

  init(
    _ recording: Recording<Action, Mutation, State>, label: String? = nil,
    isImported: Bool = false, exporter: (@Sendable () throws -> [UInt8])?,
    agentAccess: AgentAccess = AgentAccess(),
    encodeState: (@Sendable (State) throws -> [UInt8])? = nil
  ) {
    self.recording = recording
    self.label = label
    self.isImported = isImported
    self.exporter = exporter
    self.agentAccess = agentAccess
    self.encodeState = encodeState
  }

  var name: String { label ?? recording.name }
  var recordingName: String { recording.name }
  var count: Int { recording.withSteps { $0.count } }
  var lastIndex: Int { recording.withSteps { $0.last?.index ?? -1 } }

  func position(of index: Int) -> Int {
    recording.withSteps { Self.position(of: index, in: $0) }
  }

  /// The position in `steps` of the first step whose index is `index` or more: indices grow,
  /// and skip where a gap stands for steps not kept.
  static func position(of index: Int, in steps: borrowing [Step]) -> Int {
    var (low, high) = (0, steps.count)
    while low < high {
      let middle = low + (high - low) / 2
      if steps[middle].index < index { low = middle + 1 } else { high = middle }
    }
    return low
  }
  var canExport: Bool { exporter != nil }
  var measuresCosts: Bool { recording.isMeasuringCosts }
  var shownStep: Int? { shown.withLock { $0 } }

  func steps(from: Int, limit: Int, filter: StepFilter) -> (steps: [StepSummary], next: Int) {
    var found: [StepSummary] = []
    guard limit > 0 else { return ([], max(from, 0)) }
    let next = walkSteps(fromPosition: from) { step in
      let summary = summary(step)
      if filter.accepts(summary) { found.append(summary) }
      return found.count < limit
    }
    return (found, next)
  }

  func state(at index: Int, path: String, leafLimit: Int) -> StateAnswer? {
    guard let (state, madeAt, keptAt, missing) = stateAndStep(at: index),
      let value = ValueNode.value(at: path, in: state)
    else { return nil }
    return StateAnswer(
      index: index, madeAt: madeAt, exact: missing == 0, keptAt: keptAt, missing: missing,
      tree: ValueNode.tree(of: value, path: path, leafLimit: leafLimit))
  }

  func diff(at index: Int) -> DiffAnswer? {
    guard let (state, madeAt, _, missing) = stateAndStep(at: index) else { return nil }
    guard missing == 0 else {
      return DiffAnswer(
        index: index, previous: nil, diff: nil,
        note: "The file holds no state at this step, so nothing to compare.")
    }
    guard madeAt > 0, let (before, previous, _, missingBefore) = stateAndStep(at: madeAt - 1)
    else {
      return DiffAnswer(
        index: index, previous: nil, diff: nil, note: "No state before this one.")
    }
    guard missingBefore == 0 else {
      return DiffAnswer(
        index: index, previous: nil, diff: nil,
        note: "The file holds no state before this step's, so nothing to compare.")
    }
    return DiffAnswer(
      index: index, previous: previous, diff: ValueDiff.lines(before, state),
      note: nil)
  }

  /// The state at `index`, the step that made it, the step whose kept state it is, and how
  /// many mutations between them are not applied (the recording cannot reduce them).
  func stateAndStep(at index: Int) -> (State, madeAt: Int, keptAt: Int, missing: Int)? {
    guard index >= 0,
      let (state, keptAt) = recording.state(at: index).map({ ($0.state, $0.madeAt) })
    else { return nil }
    // After `keptAt`, the mutations up to `index` that the state does not hold.
    let (madeAt, missing) = recording.withSteps { steps -> (Int, Int) in
      var (madeAt, missing) = (keptAt, 0)
      var position = Self.position(of: keptAt + 1, in: steps)
      while position < steps.count, steps[position].index <= index {
        if case .mutation = steps[position].kind {
          madeAt = steps[position].index
          missing += 1
        }
        position += 1
      }
      return (madeAt, missing)
    }
    return missing == 0 ? (state, keptAt, keptAt, 0) : (state, madeAt, keptAt, missing)
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
  func summary(_ step: Step) -> StepSummary {
    let kind: String
    let text: String
    switch step.kind {
    case .began:
      (kind, text) = ("began", "the recording began")
    case .input(let action):
      (kind, text) = ("input", Self.oneLine(action))
    case .mutation(let mutation):
      (kind, text) = ("mutation", Self.oneLine(mutation))
    case .effectStarted(let id):
      (kind, text) = ("effect", id.map { "started, id \(Self.oneLine($0))" } ?? "started")
    case .effectEnded(let start, let cancelled):
      (kind, text) = (
        "ended", "the effect of step \(start) \(cancelled ? "was cancelled" : "ended")"
      )
    case .cancelled(let id):
      (kind, text) = ("cancel", "cancelled the effects with id \(Self.oneLine(id))")
    case .gap(let dropped):
      (kind, text) = ("gap", "\(dropped) steps were not kept")
    }
    let sameRecording = step.cause.map { $0.recording == recording.name } ?? false
    var summary = StepSummary(
      index: step.index, ms: step.time.milliseconds, kind: kind, text: text,
      cause: step.cause?.description, causeStep: sameRecording ? step.cause?.index : nil,
      hasState: step.state != nil, source: step.sentFrom?.description)
    (summary.cost, summary.tookMs) = cost(of: step)
    return summary
  }

  /// What `step` cost, in words and in milliseconds: a measured mutation's `reduce` and
  /// delivery, or an effect's run from the step that started it to this `ended` one.
  func cost(of step: Step) -> (String?, Double?) {
    switch step.kind {
    case .mutation:
      guard let costs = recording.costs(at: step.index) else { return (nil, nil) }
      let (reduce, delivery) = (costs.reduce.milliseconds, costs.delivery.milliseconds)
      return (
        "reduce \(Self.duration(reduce)) · delivery \(Self.duration(delivery))", reduce + delivery
      )
    case .effectEnded(let start, _):
      let started = recording.withSteps { steps -> Duration? in
        let position = Self.position(of: start, in: steps)
        return position < steps.count && steps[position].index == start
          ? steps[position].time : nil
      }
      guard let started else { return (nil, nil) }
      let ran = (step.time - started).milliseconds
      return ("ran \(Self.duration(ran))", ran)
    default:
      return (nil, nil)
    }
  }

  /// `milliseconds` in words: microseconds below one millisecond, one decimal either way.
  static func duration(_ milliseconds: Double) -> String {
    milliseconds < 1
      ? "\((milliseconds * 10_000).rounded() / 10) µs" : "\((milliseconds * 10).rounded() / 10) ms"
  }

  /// `value` on one line, at most 300 characters, as custom dump would print it.
  static func oneLine(_ value: some Any) -> String {
    ValueNode.tree(of: value, budget: 100, leafLimit: 300).line(limit: 300)
  }
}

extension Duration {
  /// The duration in milliseconds, as the page shows times.
  var milliseconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
  }
}
