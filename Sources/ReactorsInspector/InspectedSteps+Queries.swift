import Reactors
import ReactorsRecording

/// The questions an agent asks of a recording (``MCPTools``): one step whole, when a value
/// changed, and what the effects took. Each reads the steps a window at a time under the
/// recording's lock, and works on its copy after.
extension InspectedSteps {
  func detail(at index: Int) -> StepDetail? {
    let found = recording.withSteps { steps -> Step? in
      let position = Self.position(of: index, in: steps)
      return position < steps.count && steps[position].index == index ? steps[position] : nil
    }
    guard let step = found else { return nil }
    let value: (label: String, value: Any)? =
      switch step.kind {
      case .input(let action): ("input", action)
      case .mutation(let mutation): ("mutation", mutation)
      default: nil
      }
    return StepDetail(
      summary: summary(step),
      value: value.map {
        ValueOutline.text(of: $0.value, keyPath: "", label: $0.label, nodes: 200, limit: 8_000)
      },
      cause: step.cause)
  }

  func stateText(at index: Int, keyPath: String) -> StateText? {
    guard let (state, madeAt, keptAt, missing) = stateAndStep(at: index) else { return nil }
    let text: String
    switch KeyPathLookup.lookUp(keyPath, in: state) {
    case .found(let value):
      text = ValueOutline.text(of: value, keyPath: keyPath)
    case .missing(let miss):
      text = miss.message
    }
    return StateText(madeAt: madeAt, keptAt: keptAt, missing: missing, text: text)
  }

  func changes(
    at keyPath: String, matching matches: @Sendable (String) -> Bool, from index: Int,
    limit: Int, budget: Int
  ) -> ChangeSearch {
    var found: [ValueChange] = []
    var position = position(of: index)
    var looked = 0
    var previous: Bool?
    var missing: KeyPathMiss?
    while found.count < limit, looked < budget, !RenderLane.isCancelled {
      let window = recording.withSteps { steps -> [Step] in
        guard position < steps.count else { return [] }
        return Array(steps[position..<min(steps.count, position + 512)])
      }
      guard !window.isEmpty else { break }
      for step in window {
        position += 1
        looked += 1
        guard let state = step.state else { continue }
        let value: Any
        switch KeyPathLookup.lookUp(keyPath, in: state) {
        case .found(let found): value = found
        case .missing(let miss):
          missing = missing ?? miss
          continue
        }
        let line = ValueNode.tree(of: value, budget: 50, leafLimit: 300).line(limit: 300)
        let now = matches(line)
        if now, previous != true {
          found.append(ValueChange(index: step.index, value: line, summary: summary(step)))
        }
        previous = now
        if found.count == limit || looked == budget { break }
      }
    }
    return ChangeSearch(changes: found, next: position, missing: found.isEmpty ? missing : nil)
  }

  func effects() -> [EffectTime] {
    recording.withSteps { steps -> [EffectTime] in
      var started: [Int: (ms: Double, id: String?)] = [:]
      var effects: [EffectTime] = []
      for step in steps {
        switch step.kind {
        case .effectStarted(let id):
          started[step.index] = (step.time.milliseconds, id)
        case .effectEnded(let start, let cancelled):
          let began = started.removeValue(forKey: start)
          effects.append(
            EffectTime(
              started: start, ended: step.index, ms: began.map { step.time.milliseconds - $0.ms },
              cancelled: cancelled, id: began?.id))
        default: break
        }
      }
      let last = steps.last?.time.milliseconds ?? 0
      for (start, began) in started {
        effects.append(
          EffectTime(
            started: start, ended: nil, ms: last - began.ms, cancelled: false, id: began.id))
      }
      return effects
    }
  }
}

/// A state as text: the step that made it, the step whose kept state it is and how many
/// mutations after that are not applied (a file read without the app's `reduce`), and its
/// outline (or why the key path leads nowhere).
struct StateText: Encodable, Sendable {
  let madeAt: Int
  let keptAt: Int
  let missing: Int
  let text: String
}

/// One step whole: its line, its input or mutation as an outline, and its cause.
struct StepDetail: Sendable {
  let summary: StepSummary
  let value: String?
  let cause: RecordedCause?
}

/// A step where a value began to match: its index, the value's line, and the step's line.
struct ValueChange: Encodable, Sendable {
  let index: Int
  let value: String
  let summary: StepSummary
}

/// What a search for changes found, the position to go on from, and, when nothing was found,
/// why the key path led nowhere (if it did).
struct ChangeSearch: Sendable {
  let changes: [ValueChange]
  let next: Int
  let missing: KeyPathMiss?
}

/// An effect's time: the steps it started and ended at, how long it ran (until the last step
/// while it still runs), and whether it was cancelled.
struct EffectTime: Encodable, Sendable {
  let started: Int
  let ended: Int?
  let ms: Double?
  let cancelled: Bool
  let id: String?
}
