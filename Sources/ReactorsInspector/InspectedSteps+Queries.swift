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

  func changes(_ query: ChangeQuery) -> ChangeSearch {
    var found: [ValueChange] = []
    var looked = 0
    var missing: KeyPathMiss?
    var exhausted = false
    let deadline = ContinuousClock.now + query.timeLimit
    // Whether the value matched just before `from`: a match that began earlier is not new.
    var previous: (index: Int, matched: Bool)? =
      query.from > 0
      ? stateAndStep(at: query.from - 1).map { (state, madeAt, _, _) in
        (madeAt, query.line(in: state).map(query.matches) ?? false)
      } : nil
    let next = walkSteps(fromPosition: position(of: query.from)) { step in
      looked += 1
      if looked > query.budget || (looked % 256 == 0 && ContinuousClock.now > deadline) {
        exhausted = true
        return false
      }
      guard let state = step.state else { return true }
      let line: String
      switch KeyPathLookup.lookUp(query.keyPath, in: state) {
      case .found(let value): line = ValueNode.tree(of: value, budget: 50).line(limit: 300)
      case .missing(let miss):
        missing = missing ?? miss
        previous = (step.index, false)
        return true
      }
      let matched = query.matches(line)
      if matched, previous?.matched != true {
        let change = ValueChange(
          index: step.index, since: previous?.index, value: line, summary: summary(step))
        if query.which == .last { found = [change] } else { found.append(change) }
      }
      previous = (step.index, matched)
      return query.which == .last || found.count < query.which.limit
    }
    return ChangeSearch(
      changes: found, next: next, exhausted: exhausted, missing: found.isEmpty ? missing : nil)
  }

  func slowest(limit: Int, filter: StepFilter) -> [StepSummary] {
    // The costs are in step order: walked beside the steps, no dictionary of them is made.
    let costs = recording.orderedCosts
    var nextCost = 0
    var started: [Int: Step] = [:]
    var lastTime = Duration.zero
    // The slowest so far, slowest first: at most `limit`.
    var top: [(ms: Double, step: Step)] = []
    func consider(_ took: Double, _ step: Step, kind: String) {
      guard top.count < limit || took > (top.last?.ms ?? 0),
        filter.kinds?.contains(kind) ?? true
      else { return }
      top.insert((took, step), at: top.firstIndex { $0.ms < took } ?? top.count)
      if top.count > limit { top.removeLast() }
    }
    walkSteps(fromPosition: 0) { step in
      lastTime = step.time
      switch step.kind {
      case .mutation:
        while nextCost < costs.count, costs[nextCost].index < step.index { nextCost += 1 }
        if nextCost < costs.count, costs[nextCost].index == step.index {
          let cost = costs[nextCost].costs
          consider(cost.reduce.milliseconds + cost.delivery.milliseconds, step, kind: "mutation")
        }
      case .effectStarted:
        started[step.index] = step
      case .effectEnded(let start, _):
        if let began = started.removeValue(forKey: start) {
          consider((step.time - began.time).milliseconds, step, kind: "ended")
        }
      default: break
      }
      return true
    }
    // Effects still running: their start, for as long as the recording has run since.
    for (_, began) in started {
      consider((lastTime - began.time).milliseconds, began, kind: "ended")
    }
    return top.map { took, step in
      var line = summary(step)
      if case .effectStarted = step.kind {
        (line.cost, line.tookMs) = ("running for \(Self.duration(took)) so far", took)
      }
      return line
    }.filter(filter.accepts)
  }

  func index(atPosition position: Int) -> Int {
    recording.withSteps { steps in
      position < steps.count ? steps[position].index : (steps.last?.index ?? -1) + 1
    }
  }

  /// Calls `body` with each step from `position` on, until it answers `false` or the steps
  /// end, or the request is cancelled; the position after the last step it was given. Copies
  /// the steps out of the recording's lock 512 at a time, so that the recorded reactor never
  /// waits for `body`.
  @discardableResult
  func walkSteps(fromPosition position: Int, _ body: (Step) -> Bool) -> Int {
    var position = max(position, 0)
    while !RenderLane.isCancelled {
      let window = recording.withSteps { steps -> [Step] in
        guard position < steps.count else { return [] }
        return Array(steps[position..<min(steps.count, position + 512)])
      }
      guard !window.isEmpty else { break }
      for step in window {
        position += 1
        guard body(step) else { return position }
      }
    }
    return position
  }
}

/// What `find_change` asks: from step `from` on, the steps where the value at `keyPath` began
/// to match; the first, the last or all (up to 20) of them, looking at most at `budget` steps
/// and for at most `timeLimit`.
struct ChangeQuery: Sendable {
  enum Which: String, Sendable, CaseIterable {
    case first, last, all

    /// How many changes to find.
    var limit: Int { self == .all ? 20 : 1 }
  }

  let keyPath: String
  let matches: @Sendable (String) -> Bool
  let which: Which
  let from: Int
  var budget = 200_000
  var timeLimit: Duration = .seconds(2)

  /// The value at ``keyPath`` in `state` on one line, or `nil` where the path leads nowhere.
  func line(in state: Any) -> String? {
    guard case .found(let value) = KeyPathLookup.lookUp(keyPath, in: state) else { return nil }
    return ValueNode.tree(of: value, budget: 50).line(limit: 300)
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

/// A step where a value began to match: its index, the index of the state looked at before it
/// (where it did not match; `nil` at the first), the value's line, and the step's line. Where
/// a recording keeps a state only every N mutations, the change happened after `since`, by
/// `index`.
struct ValueChange: Encodable, Sendable {
  let index: Int
  let since: Int?
  let value: String
  let summary: StepSummary
}

/// What a search for changes found, the position to go on from, whether it stopped at its
/// budget, and, when nothing was found, why the key path led nowhere (if it did).
struct ChangeSearch: Sendable {
  let changes: [ValueChange]
  let next: Int
  let exhausted: Bool
  let missing: KeyPathMiss?
}
