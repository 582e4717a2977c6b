import Testing

@testable import Reactors

/// What starting one effect decides, alone, without threads: in line or in a task of its own,
/// started or dropped, and its start recorded once, when it first needs a task.
@Suite struct EffectStartTests {
  @Test func anUnrecordedEffectStartsItsPartsInLineWhereTasksStartOnThisThread() {
    var start = EffectStart(tasksStartInLine: true, isRecorded: false, isReplay: false, id: nil)
    #expect(start.partDeferred(id: EffectID("a")) == .runInLine)
    #expect(start.restRemains(id: nil) == .start(.none))
  }

  @Test func elsewhereEachPartGetsATaskOfItsOwn() {
    var start = EffectStart(tasksStartInLine: false, isRecorded: false, isReplay: false, id: nil)
    #expect(start.partDeferred(id: EffectID("a")) == .startTask(.none))
    #expect(start.partDeferred(id: EffectID("b")) == .startTask(.none))
    #expect(start.restRemains(id: EffectID("c")) == .start(.none))
  }

  @Test func aRecordedEffectIsRecordedOnceByTheFirstPartThatNeedsATask() {
    var start = EffectStart(tasksStartInLine: false, isRecorded: true, isReplay: false, id: nil)
    #expect(
      start.partDeferred(id: EffectID("inner")) == .startTask(.recordNow(id: EffectID("inner"))))
    #expect(start.partDeferred(id: EffectID("second")) == .startTask(.recorded))
    #expect(start.restRemains(id: nil) == .start(.recorded))
  }

  @Test func theTopLevelIdNamesTheRecordedStartFirst() {
    let top = EffectID("search")
    var inLine = EffectStart(tasksStartInLine: true, isRecorded: true, isReplay: false, id: top)
    #expect(inLine.partDeferred(id: EffectID("inner")) == .runInLine)
    #expect(inLine.restRemains(id: EffectID("inner")) == .start(.recordNow(id: top)))
    var detached = EffectStart(tasksStartInLine: false, isRecorded: true, isReplay: false, id: top)
    #expect(detached.partDeferred(id: EffectID("inner")) == .startTask(.recordNow(id: top)))
  }

  @Test func whatIsLeftNamesTheRecordedStartWhenNoPartDid() {
    var start = EffectStart(tasksStartInLine: true, isRecorded: true, isReplay: false, id: nil)
    #expect(start.restRemains(id: EffectID("rest")) == .start(.recordNow(id: EffectID("rest"))))
    #expect(start.hasRecordedStart)
  }

  @Test func aReplayRecordsTheStartAndStartsNoTask() {
    var start = EffectStart(tasksStartInLine: false, isRecorded: true, isReplay: true, id: nil)
    #expect(start.partDeferred(id: EffectID("a")) == .runInLine)
    #expect(start.restRemains(id: nil) == .dropAfterRecording(.recordNow(id: nil)))
  }
}
