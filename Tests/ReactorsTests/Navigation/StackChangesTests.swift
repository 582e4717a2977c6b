import Reactors
import Testing

extension NavigationTests {
  @Suite struct StackChangesTests {
    @Test func noChange() {
      let changes = StackChanges.between(["a", "b"], ["a", "b"])
      #expect(changes == StackChanges(keptCount: 2, popped: [], pushed: []))
      #expect(changes.isNone && !changes.replacesAll)
      #expect(StackChanges<String>.between([], []).isNone)
    }

    @Test func pushOne() {
      let changes = StackChanges.between(["a"], ["a", "b"])
      #expect(changes == StackChanges(keptCount: 1, popped: [], pushed: ["b"]))
      #expect(!changes.isNone && !changes.replacesAll)
    }

    @Test func popTwoTopFirst() {
      let changes = StackChanges.between(["a", "b", "c"], ["a"])
      #expect(changes == StackChanges(keptCount: 1, popped: ["c", "b"], pushed: []))
      #expect(!changes.replacesAll)
    }

    @Test func replacingTheMiddleRebuildsEverythingAboveIt() {
      let changes = StackChanges.between(["a", "b", "c"], ["a", "x", "c"])
      #expect(changes == StackChanges(keptCount: 1, popped: ["c", "b"], pushed: ["x", "c"]))
      #expect(!changes.replacesAll)
    }

    @Test func replacingAll() {
      let changes = StackChanges.between(["a", "b"], ["x"])
      #expect(changes == StackChanges(keptCount: 0, popped: ["b", "a"], pushed: ["x"]))
      #expect(changes.replacesAll)
    }

    @Test func fromOrToNothingIsNotAReplacement() {
      #expect(!StackChanges.between([], ["a"]).replacesAll)
      #expect(!StackChanges.between(["a"], []).replacesAll)
      #expect(StackChanges.between(["a"], []).popped == ["a"])
    }

    @Test func userPoppedNamesTheFirstScreenThatWent() {
      let old = ["a", "b", "c"]
      #expect(StackChanges.userPopped(from: old, toVisibleCount: 1) == "b")
      #expect(StackChanges.userPopped(from: old, toVisibleCount: 2) == "c")
      #expect(StackChanges.userPopped(from: old, toVisibleCount: 0) == "a")
    }

    @Test func userPoppedIsNilWhenNothingWentOrTheCountIsOutOfRange() {
      let old = ["a", "b", "c"]
      #expect(StackChanges.userPopped(from: old, toVisibleCount: 3) == nil)
      #expect(StackChanges.userPopped(from: old, toVisibleCount: 4) == nil)
      #expect(StackChanges.userPopped(from: old, toVisibleCount: .max) == nil)
      #expect(StackChanges.userPopped(from: old, toVisibleCount: -1) == nil)
      #expect(StackChanges.userPopped(from: old, toVisibleCount: .min) == nil)
      #expect(StackChanges<String>.userPopped(from: [], toVisibleCount: 0) == nil)
    }

    @Test func presentationChanges() {
      #expect(PresentationChange<Int>.between(nil, nil) == .none)
      #expect(PresentationChange.between(nil, 1) == .present(1))
      #expect(PresentationChange.between(1, nil) == .dismiss(1))
      #expect(PresentationChange.between(1, 1) == .none)
      #expect(PresentationChange.between(1, 2) == .replace(dismiss: 1, present: 2))
    }

    @Test func aPathWrittenUnchangedIsUnchanged() {
      let stack: StackState = ["a", "b"]
      #expect(stack.changeWritten(byPath: [0, 1]) == .unchanged)
      #expect(StackState<String>().changeWritten(byPath: []) == .unchanged)
    }

    @Test func aPathWithScreensRemovedFromTheTopIsAPop() {
      let stack: StackState = ["a", "b", "c"]
      #expect(stack.changeWritten(byPath: [0, 1]) == .popFrom(2))
      #expect(stack.changeWritten(byPath: [0]) == .popFrom(1))
      #expect(stack.changeWritten(byPath: []) == .popFrom(0))
    }

    @Test func aPathWithAnIDNotInTheStackIsUnsupported() {
      let stack: StackState = ["a", "b"]
      guard case .unsupported(let reason) = stack.changeWritten(byPath: [0, 1, 9]) else {
        Issue.record("expected unsupported")
        return
      }
      #expect(reason.contains("#9"))
      #expect(reason.contains("the state is unchanged"))
    }

    @Test func aPathThatMovesRepeatsOrCutsTheMiddleIsUnsupported() {
      let stack: StackState = ["a", "b", "c"]
      let rewrites: [[StackElementID]] = [[1, 0, 2], [0, 2], [0, 1, 2, 2], [1]]
      for path in rewrites {
        guard case .unsupported(let reason) = stack.changeWritten(byPath: path) else {
          Issue.record("expected \(path) to be unsupported")
          continue
        }
        #expect(reason.contains("only removes screens from the top"))
      }
    }
  }
}
