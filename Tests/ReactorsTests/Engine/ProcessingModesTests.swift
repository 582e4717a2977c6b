import Testing

@testable import Reactors

/// What the processing thread is in the middle of, alone, without threads: each event and what
/// it answers.
@Suite struct ProcessingModesTests {
  typealias Reactor = ProbeReactor

  @Test func aQueuedItemSaysWhetherItCameLaterUntilTheQueuedItemsAreDone() {
    var modes = ProcessingModes()
    #expect(!modes.isLaterItem)
    modes.queuedItemStarted(isLater: true)
    #expect(modes.isLaterItem)
    modes.queuedItemStarted(isLater: false)
    #expect(!modes.isLaterItem)
    modes.queuedItemStarted(isLater: true)
    modes.queuedItemsFinished()
    #expect(!modes.isLaterItem, "what the thread does next is its own")
  }

  @Test func effectsStartingInsideEffectsRestoreWhatWasBefore() {
    var modes = ProcessingModes()
    let outer = modes.effectStarting()
    #expect(!outer && modes.isStartingEffect)
    let inner = modes.effectStarting()
    #expect(inner)
    modes.effectStarted(restoring: inner)
    #expect(modes.isStartingEffect, "the outer effect is still starting")
    modes.effectStarted(restoring: outer)
    #expect(!modes.isStartingEffect)
  }

  @Test func anEffectThatStartedWithoutStartingStopsTheProgram() async {
    await #expect(processExitsWith: .failure) {
      var modes = ProcessingModes()
      modes.effectStarted(restoring: false)
    }
  }

  @Test func scopesNestAndAFollowUpIsOneOnlyInsideItsScope() {
    var modes = ProcessingModes()
    let outer = modes.scopeEntered(isFollowUp: true)
    #expect(!outer && modes.isFollowUp)
    let inner = modes.scopeEntered(isFollowUp: false)
    #expect(inner && !modes.isFollowUp)
    modes.scopeLeft(restoring: inner)
    #expect(modes.isFollowUp)
    modes.scopeLeft(restoring: outer)
    #expect(!modes.isFollowUp)
  }

  @Test func whileAPastStateIsShownWhatChangesTheStateIsHeldAndTravelGoesOn() {
    var modes = ProcessingModes()
    let action = Work<Reactor>.action(.increment, staged: false)
    #expect(!modes.holds(action) && !modes.holdsActions)
    let first = modes.pastShown()
    #expect(first, "the first travel puts the live state aside")
    let second = modes.pastShown()
    #expect(!second, "a second travel keeps the live state put aside")
    #expect(modes.holds(action) && modes.holdsActions)
    #expect(modes.holds(Work<Reactor>.mutation(.add(1), staged: true)))
    #expect(modes.holds(Work<Reactor>.marked([], action)))
    #expect(modes.holds(Work<Reactor>.control(.hook(nil))), "a hook keeps its place in order")
    #expect(!modes.holds(Work<Reactor>.control(.showPast(Reactor.State()))))
    #expect(!modes.holds(Work<Reactor>.control(.showLive)))
    let backLive = modes.liveShown()
    #expect(backLive, "back live: show the live state and process what was held")
    #expect(!modes.holds(action))
    let again = modes.liveShown()
    #expect(!again, "already live: nothing to do")
  }
}
