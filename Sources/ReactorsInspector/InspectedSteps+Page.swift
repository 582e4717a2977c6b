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

  func whatIf(skipping index: Int) -> Result<WhatIfAnswer, RouteRefusal> {
    guard let input = step(at: index), case .input = input.kind else {
      return .failure(RouteRefusal(422, "Step \(index) is not an input: choose an input."))
    }
    guard !recording.redactsMutations else {
      return .failure(
        RouteRefusal(
          422,
          "\(recording.name) keeps its mutations redacted: reduced again, they would not "
            + "make the states it recorded."))
    }
    // The input, and every step it caused here, directly or through the steps of its effects
    // and of the observers its mutations told (a round trip through another recording is not
    // followed); the steps copied out of the lock a window at a time.
    var dropped: Set<Int> = [index]
    var mutations: [Mutation] = []
    var last = index
    var refusal: RouteRefusal?
    walkSteps(fromPosition: position(of: index + 1)) { step in
      last = step.index
      if let cause = step.cause, cause.recording == recording.name,
        dropped.contains(cause.index)
      {
        dropped.insert(step.index)
      } else if case .mutation(let mutation) = step.kind {
        mutations.append(mutation)
      } else if case .gap = step.kind {
        refusal = RouteRefusal(
          422, "Steps after \(index) were not kept (a gap at step \(step.index)): no what-if.")
      }
      if mutations.count > Self.whatIfLimit {
        refusal = RouteRefusal(
          422, "More than \(Self.whatIfLimit) mutations follow step \(index): choose a later input."
        )
      }
      return refusal == nil
    }
    if let refusal { return .failure(refusal) }
    guard !RenderLane.isCancelled, let (before, _, _, missing) = stateAndStep(at: index - 1),
      missing == 0, let (recorded, _, _, missingLast) = stateAndStep(at: last), missingLast == 0,
      let made = recording.reduced(before, with: mutations)
    else {
      return .failure(
        RouteRefusal(
          422,
          "No what-if without step \(index): the recording cannot reduce (an imported "
            + "file, or a reactor that is gone), or keeps no state there."))
    }
    return .success(
      WhatIfAnswer(
        skipped: index, alsoSkipped: dropped.count - 1, last: last,
        tree: ValueNode.tree(of: made), diff: ValueDiff.lines(recorded, made)))
  }

  /// The most mutations a what-if reduces again.
  static var whatIfLimit: Int { 100_000 }

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
  /// The input left out.
  let skipped: Int
  /// How many steps the input caused, left out with it.
  let alsoSkipped: Int
  /// The step whose state it stands for.
  let last: Int
  /// That state, made again.
  let tree: ValueNode
  /// `nil`: the same state as recorded.
  let diff: String?
}
