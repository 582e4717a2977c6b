import Reactors
import Testing

extension NavigationGlueTests {
  /// The decisions of the UIKit glue: what a navigation controller does when the state's ids
  /// change, which pop a back swipe sends, and what a presenter does; the state wins.
  @Suite struct NavigationControllerSyncTests {
    @Test func eachChangeOfTheIDsSaysWhatToDoOnce() {
      var sync = NavigationControllerSync()
      #expect(sync.update(to: [0]) == StackChanges(keptCount: 0, popped: [], pushed: [0]))
      #expect(
        sync.update(to: [0, 1, 2]) == StackChanges(keptCount: 1, popped: [], pushed: [1, 2]))
      #expect(sync.shownIDs == [0, 1, 2])
      #expect(sync.update(to: [0, 1, 2]).isNone)
      #expect(sync.update(to: [0]) == StackChanges(keptCount: 1, popped: [2, 1], pushed: []))
      #expect(sync.update(to: [3]).replacesAll)
    }

    @Test func aScreenShownAfterAPushOrAPopTheStateMadeSendsNothing() {
      var sync = NavigationControllerSync()
      _ = sync.update(to: [0, 1])
      #expect(sync.didShow(visibleCount: 2) == nil)
      _ = sync.update(to: [0])
      #expect(sync.didShow(visibleCount: 1) == nil)
      #expect(sync.shownIDs == [0])
    }

    @Test func aBackSwipeSendsThePopOfTheFirstScreenThatWentAndThePopChangesNothingMore() {
      var sync = NavigationControllerSync()
      _ = sync.update(to: [0, 1, 2])
      // A long press on back went to the first screen.
      #expect(sync.didShow(visibleCount: 1) == 1)
      #expect(sync.shownIDs == [0])
      // The state pops from #1: nothing left to do on screen.
      #expect(sync.update(to: [0]).isNone)
    }

    @Test func aPopTheStateRefusesIsPushedAgain() {
      var sync = NavigationControllerSync()
      _ = sync.update(to: [0, 1])
      #expect(sync.didShow(visibleCount: 1) == 1)
      #expect(sync.update(to: [0, 1]) == StackChanges(keptCount: 1, popped: [], pushed: [1]))
    }

    @Test func aCancelledSwipeOrACountThatIsNoCountOfTheScreensSendsNothing() {
      var sync = NavigationControllerSync(shownIDs: [0, 1])
      #expect(sync.didShow(visibleCount: 2) == nil)
      #expect(sync.didShow(visibleCount: 5) == nil)
      #expect(sync.didShow(visibleCount: -1) == nil)
      #expect(sync.shownIDs == [0, 1])
    }

    @Test func aPresenterPresentsDismissesAndReplacesAsTheStateSays() {
      var sync = PresentationSync<Int>()
      #expect(sync.update(to: nil) == PresentationChange.none)
      #expect(sync.update(to: 1) == .present(1))
      #expect(sync.update(to: 1) == PresentationChange.none)
      #expect(sync.update(to: 2) == .replace(dismiss: 1, present: 2))
      #expect(sync.update(to: nil) == .dismiss(2))
      #expect(sync.shownID == nil)
    }

    @Test func aSwipeDownSendsOneDismissAndTheStatesNilChangesNothingMore() {
      var sync = PresentationSync<Int>()
      _ = sync.update(to: 7)
      #expect(sync.userDismissed() == 7)
      #expect(sync.userDismissed() == nil)
      #expect(sync.update(to: nil) == PresentationChange.none)
    }

    @Test func aDismissalTheStateRefusesIsPresentedAgain() {
      var sync = PresentationSync<Int>(shownID: 7)
      #expect(sync.userDismissed() == 7)
      #expect(sync.update(to: 7) == .present(7))
    }
  }
}
