import Testing

@testable import Reactors

/// What starting one effect decides, alone, without threads: in line or in a task of its own,
/// started or dropped, and its start told to the reactor's hook once, when it first needs a task.
@Suite struct EffectStartTests {
  @Test func anUnhookedEffectStartsItsPartsInLineWhereTasksStartOnThisThread() {
    var start = EffectStart(
      tasksStartInLine: true, isHooked: false, dropsEffects: false, hasTopID: false)
    #expect(start.partDeferred() == .runInLine)
    #expect(start.restRemains() == .start(.none))
  }

  @Test func elsewhereEachPartGetsATaskOfItsOwn() {
    var start = EffectStart(
      tasksStartInLine: false, isHooked: false, dropsEffects: false, hasTopID: false)
    #expect(start.partDeferred() == .startTask(.none))
    #expect(start.partDeferred() == .startTask(.none))
    #expect(start.restRemains() == .start(.none))
  }

  @Test func aHookIsToldOfAnEffectOnceByTheFirstPartThatNeedsATask() {
    var start = EffectStart(
      tasksStartInLine: false, isHooked: true, dropsEffects: false, hasTopID: false)
    #expect(start.partDeferred() == .startTask(.tellNow(namedBy: .part)))
    #expect(start.partDeferred() == .startTask(.toldBefore))
    #expect(start.restRemains() == .start(.toldBefore))
  }

  @Test func theTopLevelIdNamesTheStartFirst() {
    var inLine = EffectStart(
      tasksStartInLine: true, isHooked: true, dropsEffects: false, hasTopID: true)
    #expect(inLine.partDeferred() == .runInLine)
    #expect(inLine.restRemains() == .start(.tellNow(namedBy: .top)))
    var detached = EffectStart(
      tasksStartInLine: false, isHooked: true, dropsEffects: false, hasTopID: true)
    #expect(detached.partDeferred() == .startTask(.tellNow(namedBy: .top)))
  }

  @Test func whatIsLeftNamesTheStartWhenNoPartDid() {
    var start = EffectStart(
      tasksStartInLine: true, isHooked: true, dropsEffects: false, hasTopID: false)
    #expect(start.restRemains() == .start(.tellNow(namedBy: .rest)))
    #expect(start.hasToldStart)
  }

  @Test func aHookThatDropsEffectsIsToldOfTheStartAndNoTaskStarts() {
    var start = EffectStart(
      tasksStartInLine: false, isHooked: true, dropsEffects: true, hasTopID: false)
    #expect(start.partDeferred() == .runInLine)
    #expect(start.restRemains() == .dropAfterTelling(.tellNow(namedBy: .rest)))
  }

  @Test func droppingEffectsWithoutAHookStopsTheProgram() async {
    await #expect(processExitsWith: .failure) {
      _ = EffectStart(tasksStartInLine: true, isHooked: false, dropsEffects: true, hasTopID: false)
    }
  }
}
