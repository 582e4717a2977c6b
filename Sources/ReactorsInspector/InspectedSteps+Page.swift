import Foundation
import Reactors
import ReactorsRecording

/// What the page's controls ask of a recording besides its timeline: a step's whole input or
/// mutation, the diff between any two steps, a state as JSON, and a what-if without an input.
extension InspectedSteps {
  func valueTree(at index: Int) -> ValueNode? {
    guard let step = step(at: index) else { return nil }
    switch step.kind {
    case .input(let action): return ValueNode.tree(of: action, label: "input")
    case .mutation(let mutation): return ValueNode.tree(of: mutation, label: "mutation")
    default: return nil
    }
  }

  func compare(_ index: Int, with other: Int) -> DiffAnswer? {
    guard let (state, _, _, missing) = stateAndStep(at: index),
      let (before, _, _, missingBefore) = stateAndStep(at: other)
    else { return nil }
    guard missing == 0, missingBefore == 0 else {
      return DiffAnswer(
        index: index, previous: other, diff: nil,
        note: "The file holds no state at one of these steps, so nothing to compare.")
    }
    return DiffAnswer(
      index: index, previous: other, diff: ValueDiff.lines(before, state),
      note: nil)
  }

  func stateJSON(at index: Int) throws -> [UInt8]? {
    guard let encodeState, let (state, _, _, missing) = stateAndStep(at: index), missing == 0
    else { return nil }
    return try encodeState(state)
  }

  func whatIf(skipping index: Int) -> WhatIfAnswer? {
    let plan = recording.withSteps { steps -> (mutations: [Mutation], skipped: Int, last: Int)? in
      let start = Self.position(of: index, in: steps)
      guard start < steps.count, steps[start].index == index, case .input = steps[start].kind
      else { return nil }
      // The input, and every step it caused here, directly or through its effects' steps.
      var dropped: Set<Int> = [index]
      var mutations: [Mutation] = []
      for step in steps[(start + 1)...] {
        if let cause = step.cause, cause.recording == recording.name,
          dropped.contains(cause.index)
        {
          dropped.insert(step.index)
        } else if case .mutation(let mutation) = step.kind {
          mutations.append(mutation)
        }
      }
      return (mutations, dropped.count - 1, steps.last?.index ?? index)
    }
    guard let plan, let (before, _, _, missing) = stateAndStep(at: index - 1), missing == 0,
      let (recorded, _, _, missingLast) = stateAndStep(at: plan.last), missingLast == 0
    else { return nil }
    guard let made = recording.reduced(before, with: plan.mutations) else { return nil }
    return WhatIfAnswer(
      skipped: index, alsoSkipped: plan.skipped, last: plan.last,
      tree: ValueNode.tree(of: made), diff: ValueDiff.lines(recorded, made))
  }

  /// The step whose index is `index`, if kept.
  func step(at index: Int) -> Step? {
    recording.withSteps { steps in
      let position = Self.position(of: index, in: steps)
      return position < steps.count && steps[position].index == index ? steps[position] : nil
    }
  }
}

/// The last state made again without an input and what it caused (its mutations, its effects'
/// steps, what their observers sent): the recorded mutations after it reduced again from the
/// state before it, `mutate` and effects not run; and its diff with the recorded last state.
struct WhatIfAnswer: Encodable, Sendable {
  let skipped: Int
  /// How many steps the input caused, left out with it.
  let alsoSkipped: Int
  /// The step whose state it stands for.
  let last: Int
  let tree: ValueNode
  /// `nil`: the same state as recorded.
  let diff: String?
}
