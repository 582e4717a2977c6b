import Testing

@testable import Reactors

/// A step as it waits for a file's writer or a replay: smaller than the step, and made again
/// the same, with its index from its place and its cause's recording from the batch's.
@Suite struct PendingStepTests {
  typealias Step = RecordedStep<Int, Int, Int>
  typealias Pending = PendingStep<Int, Int, Int>

  @Test func takesLessMemoryThanTheStep() {
    #expect(MemoryLayout<Pending>.stride <= 56)
    #expect(MemoryLayout<Step>.stride >= 88)
  }

  @Test func isMadeAgainAsTheStepItWas() {
    let steps = [
      Step(index: 0, time: .zero, kind: .began, cause: nil, state: 5),
      Step(
        index: 1, time: .nanoseconds(12), kind: .input(1), cause: nil, state: nil,
        isStaged: true),
      Step(
        index: 2, time: .milliseconds(3), kind: .mutation(1),
        cause: RecordedCause(recording: "here", index: 1), state: 6, isCheckpoint: true),
      Step(
        index: 3, time: .seconds(2), kind: .input(7),
        cause: RecordedCause(recording: "there", index: 40), state: nil, isFollowUp: true),
      Step(
        index: 4, time: .seconds(3), kind: .effectStarted(id: "load"),
        cause: RecordedCause(recording: "here", index: 3), state: nil),
    ]
    var outbox = StepOutbox<Pending>(capacity: 100, wakeEvery: .max)
    for step in steps { _ = outbox.took(Pending(step, in: "here"), index: step.index) }
    let batch = outbox.taken(closing: false, giving: [])
    let again: [Step] = batch.steps(named: "here")
    #expect(again.map(\.index) == [0, 1, 2, 3, 4])
    #expect(again.map(\.time) == steps.map(\.time))
    #expect(again.map(\.cause) == steps.map(\.cause))
    #expect(again.map(\.state) == [5, nil, 6, nil, nil])
    #expect(again.map(\.isStaged) == [false, true, false, false, false])
    #expect(again.map(\.isFollowUp) == [false, false, false, true, false])
    #expect(again.map(\.isCheckpoint) == [false, false, true, false, false])
    #expect(again.map { String(describing: $0.kind) } == steps.map { "\($0.kind)" })
  }

  @Test func aBatchAfterDroppedStepsNumbersItsStepsFromTheFirstKept() {
    var outbox = StepOutbox<Pending>(capacity: 2, wakeEvery: .max)
    let input = Step(index: 0, time: .zero, kind: .input(1), cause: nil, state: nil)
    for index in 0..<5 { _ = outbox.took(Pending(input, in: "r"), index: index) }
    let first: [Step] = outbox.taken(closing: false, giving: []).steps(named: "r")
    #expect(first.map(\.index) == [0, 1])
    for index in 5..<7 { _ = outbox.took(Pending(input, in: "r"), index: index) }
    let second: [Step] = outbox.taken(closing: false, giving: []).steps(named: "r")
    #expect(second.map(\.index) == [5, 6])
  }
}
