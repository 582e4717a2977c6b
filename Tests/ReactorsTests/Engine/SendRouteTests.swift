import Testing

@testable import Reactors

/// Where an action goes and what follows a reduce, decided from the engine's flags and who
/// processes, alone, without threads (owners are numbers).
@Suite struct SendRouteTests {
  typealias Route = Lifecycle.SendRoute<String, Int>

  /// A started reactor with no stages.
  func started(_ changes: (inout Lifecycle) -> Void = { _ in }) -> Lifecycle {
    var lifecycle = Lifecycle()
    _ = lifecycle.installed(hasStages: false)
    changes(&lifecycle)
    return lifecycle
  }

  func route(
    _ lifecycle: Lifecycle, from thread: Int = 1, _ processing: inout Processing<String, Int>,
    built: inout Bool
  ) -> Route {
    lifecycle.actionArrived(
      as: {
        built = true
        return "work"
      }(), from: thread, fromEffect: false, &processing)
  }

  @Test func anIdlePlainReactorIsClaimedForThePlainPathWithoutBuildingWork() {
    var processing = Processing<String, Int>()
    var built = false
    let route = route(started(), &processing, built: &built)
    guard case .reducePlain = route else { Issue.record("\(route)"); return }
    #expect(processing.isOwned(by: 1))
    #expect(!built, "the work item is built only for the general path")
  }

  @Test func aReactorNotStartedIsStartedFirst() {
    var processing = Processing<String, Int>()
    var built = false
    let route = route(Lifecycle(), &processing, built: &built)
    guard case .start = route else { Issue.record("\(route)"); return }
    #expect(processing.isIdle)
  }

  @Test func theStubKeepsTheActionAndNothingIsClaimed() {
    var processing = Processing<String, Int>()
    var built = false
    let lifecycle = started {
      $0.gainedExtras()
      $0.stubTurned(on: true)
    }
    let route = route(lifecycle, &processing, built: &built)
    guard case .keepForStub = route else { Issue.record("\(route)"); return }
    #expect(processing.isIdle && !built)
  }

  @Test func aRecordingAloneKeepsAShortPathAndAnythingElseTakesTheGeneralOne() {
    let recorded = started {
      $0.gainedExtras()
      $0.recordingAttached()
    }
    #expect(recorded.allowsRecordedShortPath)
    var processing = Processing<String, Int>()
    var built = false
    let route = route(recorded, &processing, built: &built)
    guard case .reduceRecorded = route else { Issue.record("\(route)"); return }

    let modes: [(inout Lifecycle) -> Void] = [
      { $0.middlewareInstalled() }, { $0.tapInstalled() }, { $0.issueNoticed() },
      { $0.stubTurned(on: true) },
    ]
    for mode in modes {
      var lifecycle = recorded
      mode(&lifecycle)
      #expect(!lifecycle.allowsRecordedShortPath)
    }
    var untapped = recorded
    untapped.tapInstalled()
    untapped.tapRemoved()
    #expect(untapped.allowsRecordedShortPath)
    var staged = Lifecycle()
    _ = staged.installed(hasStages: true)
    staged.gainedExtras()
    staged.recordingAttached()
    #expect(!staged.allowsRecordedShortPath, "a transform stage takes the general path")
  }

  @Test func anActionForABusyReactorArrivesAsWorkAndIsQueued() {
    var processing = Processing<String, Int>()
    _ = processing.claim(on: 2)
    var built = false
    let route = route(started(), from: 1, &processing, built: &built)
    guard case .arrived(.queued, sentFromReduce: false) = route else {
      Issue.record("\(route)")
      return
    }
    #expect(built && processing.queue.count == 1)
  }

  @Test func aSendFromInsideReduceIsNoticed() {
    var processing = Processing<String, Int>()
    _ = processing.claim(on: 1)
    var lifecycle = started { $0.gainedExtras() }
    lifecycle.reduceStarted()
    var built = false
    let route = route(lifecycle, from: 1, &processing, built: &built)
    guard case .arrived(_, sentFromReduce: true) = route else { Issue.record("\(route)"); return }
    let fromAnother = self.route(lifecycle, from: 2, &processing, built: &built)
    guard case .arrived(_, sentFromReduce: false) = fromAnother else {
      Issue.record("\(fromAnother)")
      return
    }
  }

  @Test func afterAPlainReduceProcessingEndsOnlyWithNothingToTellOrDo() {
    var processing = Processing<String, Int>()
    _ = processing.claim(on: 1)
    let lifecycle = started()
    #expect(lifecycle.plainReduced(&processing) { true } == .deliver)
    #expect(processing.isOwned(by: 1))
    processing.followUp("next")
    #expect(lifecycle.plainReduced(&processing) { false } == .finish)
    _ = processing.queue.popFirst()
    #expect(lifecycle.plainReduced(&processing) { false } == .idle)
    #expect(processing.isIdle)
  }

  @Test func aReduceThatGaveTheReactorExtrasIsAMisuseReportedBeforeAnyCapture() {
    var processing = Processing<String, Int>()
    _ = processing.claim(on: 1)
    var captured = false
    let lifecycle = started { $0.gainedExtras() }
    let outcome = lifecycle.plainReduced(&processing) {
      captured = true
      return true
    }
    #expect(outcome == .reportMisuse && !captured && !lifecycle.mayReducePlain)
  }

  @Test func aRecordedReduceReportsAWaitingMisuseFirst() {
    var lifecycle = started {
      $0.gainedExtras()
      $0.recordingAttached()
    }
    #expect(lifecycle.recordedReduced { true } == .deliver)
    #expect(lifecycle.recordedReduced { false } == .finish)
    lifecycle.issueNoticed()
    #expect(lifecycle.recordedReduced { true } == .reportMisuse)
    lifecycle.issuesTaken()
    #expect(lifecycle.mayReduceRecorded)
  }

  @Test func detachingARecordingThatWasNotAttachedStopsTheProgram() async {
    await #expect(processExitsWith: .failure) {
      var lifecycle = Lifecycle()
      _ = lifecycle.installed(hasStages: false)
      lifecycle.gainedExtras()
      lifecycle.recordingDetached()
    }
  }
}
