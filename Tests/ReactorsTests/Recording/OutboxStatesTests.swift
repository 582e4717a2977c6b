import Testing

@testable import Reactors

/// A counter whose state is its count: what the outbox's states are checked against.
final class ApartCounter: Reactor {
  enum Action: Sendable { case increment }
  typealias Mutation = Action
  struct State: Sendable { var count = 0 }

  let storage = Storage()
  let initialState = State()

  func reduce(state: inout State, mutation: Action) { state.count += 1 }
}

/// A file's recording hands its writer every mutation's state: the checkpoints' with their
/// steps, the others apart, within a budget; past it, the last state is noted for the end.
@Suite struct OutboxStatesTests {
  typealias Step = RecordedStep<ApartCounter.Action, ApartCounter.Action, ApartCounter.State>

  @Test func statesWaitApartInTheirStepsOrderWithinTheirBudget() {
    let counter = ApartCounter()
    // Room for 64 states apart (the least a budget gives); no consumer takes any meanwhile.
    let recording = Recording(
      counter, name: "c", redactions: [], clock: ContinuousClock(), isReplay: false,
      keepsSteps: false, checkpointEvery: 32,
      outbox: StepOutbox(capacity: 1_000, wakeEvery: .max),
      statesBudget: MemoryLayout<ApartCounter.State>.stride)
    for _ in 0..<100 { counter.send(.increment) }
    recording.stop()
    let batch = recording.outboxBatchTaker(true, OutboxChunks())

    var counts: [Int?] = []
    var apart = 0
    batch.steps.forEachStep(named: "c", states: batch.states) { (step: Step, state) in
      guard case .mutation = step.kind else { return }
      #expect(step.state == nil || state == nil)
      counts.append((step.state ?? state)?.count)
      if state != nil { apart += 1 }
    }
    #expect(counts.count == 100)
    #expect(apart == 64)
    // The checkpoints keep theirs with the step, whatever the budget.
    for checkpoint in [32, 64, 96] { #expect(counts[checkpoint - 1] == checkpoint) }
    // Each state apart is its own mutation's: the first 64 that are no checkpoint's.
    let kept = (1...100).filter { counts[$0 - 1] != nil }
    #expect(kept.allSatisfy { counts[$0 - 1] == $0 })
    #expect(kept.count == 64 + 3)
    #expect(kept.filter { $0 % 32 != 0 }.last == 66)
    // The last mutation's state did not fit: the last batch notes it.
    #expect(counts.last == .some(nil))
    #expect(batch.latest?.count == 100)
  }

  @Test func aMutationWhoseStateIsKeptLeavesNoNote() {
    let counter = ApartCounter()
    let recording = Recording(
      counter, name: "c", redactions: [], clock: ContinuousClock(), isReplay: false,
      keepsSteps: false, outbox: StepOutbox(capacity: 1_000, wakeEvery: .max),
      statesBudget: 1 << 20)
    for _ in 0..<10 { counter.send(.increment) }
    recording.stop()
    let batch = recording.outboxBatchTaker(true, OutboxChunks())
    #expect(batch.latest == nil)
    #expect(batch.states.chunks.joined().map(\.count) == Array(1...10))
  }
}
