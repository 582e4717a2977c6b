import Testing

@testable import Reactors

/// What starting one effect decides, alone, without threads: in line or in a task of its own,
/// started or dropped, and its start recorded once, when it first needs a task.
@Suite struct EffectStartTests {
  @Test func anUnrecordedEffectStartsItsPartsInLineWhereTasksStartOnThisThread() {
    var start = EffectStart(
      tasksStartInLine: true, isRecorded: false, isReplay: false, hasTopID: false)
    #expect(start.partDeferred() == .runInLine)
    #expect(start.restRemains() == .start(.none))
  }

  @Test func elsewhereEachPartGetsATaskOfItsOwn() {
    var start = EffectStart(
      tasksStartInLine: false, isRecorded: false, isReplay: false, hasTopID: false)
    #expect(start.partDeferred() == .startTask(.none))
    #expect(start.partDeferred() == .startTask(.none))
    #expect(start.restRemains() == .start(.none))
  }

  @Test func aRecordedEffectIsRecordedOnceByTheFirstPartThatNeedsATask() {
    var start = EffectStart(
      tasksStartInLine: false, isRecorded: true, isReplay: false, hasTopID: false)
    #expect(start.partDeferred() == .startTask(.recordNow(namedBy: .part)))
    #expect(start.partDeferred() == .startTask(.recorded))
    #expect(start.restRemains() == .start(.recorded))
  }

  @Test func theTopLevelIdNamesTheRecordedStartFirst() {
    var inLine = EffectStart(
      tasksStartInLine: true, isRecorded: true, isReplay: false, hasTopID: true)
    #expect(inLine.partDeferred() == .runInLine)
    #expect(inLine.restRemains() == .start(.recordNow(namedBy: .top)))
    var detached = EffectStart(
      tasksStartInLine: false, isRecorded: true, isReplay: false, hasTopID: true)
    #expect(detached.partDeferred() == .startTask(.recordNow(namedBy: .top)))
  }

  @Test func whatIsLeftNamesTheRecordedStartWhenNoPartDid() {
    var start = EffectStart(
      tasksStartInLine: true, isRecorded: true, isReplay: false, hasTopID: false)
    #expect(start.restRemains() == .start(.recordNow(namedBy: .rest)))
    #expect(start.hasRecordedStart)
  }

  @Test func aReplayRecordsTheStartAndStartsNoTask() {
    var start = EffectStart(
      tasksStartInLine: false, isRecorded: true, isReplay: true, hasTopID: false)
    #expect(start.partDeferred() == .runInLine)
    #expect(start.restRemains() == .dropAfterRecording(.recordNow(namedBy: .rest)))
  }

  @Test func aReplayThatIsNotRecordedStopsTheProgram() async {
    await #expect(processExitsWith: .failure) {
      _ = EffectStart(tasksStartInLine: true, isRecorded: false, isReplay: true, hasTopID: false)
    }
  }
}
