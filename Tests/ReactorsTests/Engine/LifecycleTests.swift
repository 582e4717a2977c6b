import Testing

@testable import Reactors

/// The engine's flags alone: started, plain, reducing, without threads.
@Suite struct LifecycleTests {
  @Test func aNewReactorHasNotStartedAndIsNotPlain() {
    let lifecycle = Lifecycle()
    #expect(!lifecycle.hasStarted)
    #expect(!lifecycle.isPlain)
    #expect(!lifecycle.isReducing)
    #expect(!lifecycle.hasExtras)
  }

  @Test func theFirstInstallWinsAndLaterOnesAreTold() {
    var lifecycle = Lifecycle()
    let isFirst = lifecycle.installed(hasStages: false)
    #expect(isFirst)
    #expect(lifecycle.hasStarted)
    #expect(lifecycle.isPlain)
    let isFirstAgain = lifecycle.installed(hasStages: false)
    #expect(!isFirstAgain)
    let isFirstWithStages = lifecycle.installed(hasStages: true)
    #expect(!isFirstWithStages)
    #expect(lifecycle.isPlain, "a losing install changes nothing")
  }

  @Test func aReactorWithStagesIsNeverPlain() {
    var lifecycle = Lifecycle()
    let isFirst = lifecycle.installed(hasStages: true)
    #expect(isFirst)
    #expect(lifecycle.hasStarted)
    #expect(!lifecycle.isPlain)
  }

  @Test func extrasEndThePlainPathBeforeAndAfterTheStart() {
    var before = Lifecycle()
    before.gainedExtras()
    let isFirst = before.installed(hasStages: false)
    #expect(isFirst)
    #expect(!before.isPlain)
    #expect(before.hasExtras)

    var after = Lifecycle()
    let afterIsFirst = after.installed(hasStages: false)
    #expect(afterIsFirst)
    after.gainedExtras()
    #expect(!after.isPlain)
    after.gainedExtras()
    #expect(after.hasExtras && !after.isPlain)
  }

  @Test func aSendIsFromReduceOnlyOnTheProcessingThreadWhileItReduces() {
    var lifecycle = Lifecycle()
    let isFirst = lifecycle.installed(hasStages: false)
    #expect(isFirst)
    #expect(!lifecycle.isSentFromReduce(byProcessingThread: true))
    lifecycle.reduceStarted()
    #expect(lifecycle.isReducing)
    #expect(lifecycle.isSentFromReduce(byProcessingThread: true))
    #expect(!lifecycle.isSentFromReduce(byProcessingThread: false))
    lifecycle.reduceEnded()
    #expect(!lifecycle.isReducing)
    #expect(!lifecycle.isSentFromReduce(byProcessingThread: true))
  }

  @Test func aReduceInsideAReduceStopsTheProgram() async {
    await #expect(processExitsWith: .failure) {
      var lifecycle = Lifecycle()
      _ = lifecycle.installed(hasStages: false)
      lifecycle.reduceStarted()
      lifecycle.reduceStarted()
    }
  }

  @Test func aReduceEndingThatNeverStartedStopsTheProgram() async {
    await #expect(processExitsWith: .failure) {
      var lifecycle = Lifecycle()
      lifecycle.reduceEnded()
    }
  }
}
