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

  @Test func aHookedReactorTakesTheGeneralPathWithItsScopeReadOnlyWhenQueued() {
    let hooked = started {
      $0.gainedExtras()
      $0.hookAttached()
    }
    #expect(hooked.isHooked && !hooked.mayReducePlain)
    var processing = Processing<String, Int>()
    var scopesRead = 0
    let scope = StepScope(cause: RecordedCause(recording: "r", index: 3), isFollowUp: false)
    func arrive(from thread: Int) -> Route {
      hooked.actionArrived(
        as: "work",
        scope: {
          scopesRead += 1
          return scope
        }(), from: thread, fromEffect: false, &processing)
    }
    let claimed = arrive(from: 1)
    guard case .arrived(.process, sentFromReduce: false) = claimed else {
      Issue.record("\(claimed)")
      return
    }
    #expect(scopesRead == 0, "work processed where it was sent is in that step's scope already")
    let queued = arrive(from: 2)
    guard case .arrived(.queued, sentFromReduce: false) = queued else {
      Issue.record("\(queued)")
      return
    }
    #expect(scopesRead == 1)
    #expect(processing.queue.items.last??.scope === scope)
    var detached = hooked
    detached.hookDetached()
    #expect(!detached.isHooked)
  }

  @Test func aTapAMiddlewareOrAWaitingMisuseLeavesWorkForAfterTheReduce() {
    let extras = started { $0.gainedExtras() }
    #expect(!extras.hasWorkAfterReduce, "extras alone (a hook, the stub's) leave nothing")
    var tapped = extras
    tapped.tapInstalled()
    #expect(tapped.hasWorkAfterReduce)
    tapped.tapRemoved()
    #expect(!tapped.hasWorkAfterReduce)
    var store = extras
    store.middlewareInstalled()
    #expect(store.hasWorkAfterReduce)
    var misused = extras
    misused.issueNoticed()
    #expect(misused.hasWorkAfterReduce)
    misused.issuesTaken()
    #expect(!misused.hasWorkAfterReduce)
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

  @Test func detachingAHookThatWasNotAttachedStopsTheProgram() async {
    await #expect(processExitsWith: .failure) {
      var lifecycle = Lifecycle()
      _ = lifecycle.installed(hasStages: false)
      lifecycle.gainedExtras()
      lifecycle.hookDetached()
    }
  }
}
