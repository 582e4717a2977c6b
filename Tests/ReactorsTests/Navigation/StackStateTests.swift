import Reactors
import Testing

extension NavigationTests {
  @Suite struct StackStateTests {
    @Test func pushGivesEachElementAnIDThatIsNeverReused() {
      var stack = StackState<String>()
      #expect(stack.isEmpty && stack.nextID == 0)
      let first = stack.push("list")
      let second = stack.push("detail")
      #expect(first == 0 && second == 1)
      #expect(stack.pop() == "detail")
      let third = stack.push("edit")
      #expect(third == 2)
      #expect(stack.ids == [0, 2])
      #expect(Array(stack) == ["list", "edit"])
      #expect(stack.nextID == 3)
    }

    @Test func replacingTheScreensGivesThemNewIDs() {
      var stack: StackState<String> = ["list", "detail"]
      let old = stack.ids
      stack.replace(with: ["detail", "meeting", "transcript"])
      #expect(Array(stack) == ["detail", "meeting", "transcript"])
      #expect(Set(stack.ids).isDisjoint(with: old))
    }

    @Test func aStackIsARandomAccessCollectionBottomFirst() {
      let stack: StackState = ["a", "b", "c"]
      #expect(stack.count == 3)
      #expect(stack[0] == "a" && stack[2] == "c")
      #expect(stack.last == "c")
      #expect(stack.ids == [0, 1, 2])
      #expect(StackState(["a", "b", "c"]) == stack)
      #expect(stack.description == "StackState([#0: a, #1: b, #2: c])")
    }

    @Test func theIDSubscriptReadsAndChangesAnElementInPlace() {
      var stack: StackState = ["a", "b", "c"]
      #expect(stack[id: 1] == "b")
      #expect(stack[id: 7] == nil)
      stack[id: 1] = "B"
      stack[id: 2]?.append("!")
      #expect(Array(stack) == ["a", "B", "c!"])
      #expect(stack.ids == [0, 1, 2])
    }

    @Test func settingNilThroughTheSubscriptChangesNothing() {
      var stack: StackState = ["a", "b"]
      let before = stack
      stack[id: 1] = nil
      #expect(stack == before)
      func clear(_ value: inout String?) { value = nil }
      clear(&stack[id: 0])
      #expect(stack == before)
    }

    @Test func settingAnUnknownIDThroughTheSubscriptChangesNothing() {
      var stack: StackState = ["a"]
      let before = stack
      stack[id: 5] = "x"
      func fill(_ value: inout String?) { value = "y" }
      fill(&stack[id: 6])
      #expect(stack == before)
      #expect(stack.nextID == 1)
    }

    @Test func modifyChangesAnElementInPlaceOrReportsNil() {
      var stack: StackState = [[1], [2]]
      let count = stack.modify(id: 1) { numbers -> Int in
        numbers.append(3)
        return numbers.count
      }
      #expect(count == 2)
      #expect(stack[id: 1] == [2, 3])
      #expect(stack.modify(id: 9) { $0.append(4) } == nil)
      #expect(Array(stack) == [[1], [2, 3]])
    }

    @Test func popOnAnEmptyStackReturnsNilAndChangesNothing() {
      var stack = StackState<String>()
      #expect(stack.pop() == nil)
      #expect(stack.isEmpty && stack.nextID == 0)
    }

    @Test func popToRootRemovesEverythingAndIsQuietWhenEmpty() {
      var stack: StackState = ["a", "b", "c"]
      stack.popToRoot()
      #expect(stack.isEmpty)
      #expect(stack.nextID == 3)
      stack.popToRoot()
      #expect(stack.isEmpty)
      #expect(stack.push("d") == 3)
    }

    @Test func popFromRemovesThatElementAndEverythingAbove() {
      var stack: StackState = ["a", "b", "c", "d"]
      let popped = stack.pop(from: 1)
      #expect(popped)
      #expect(Array(stack) == ["a"])
      #expect(stack.ids == [0])
    }

    @Test func popFromAnUnknownIDReturnsFalseAndChangesNothing() {
      var stack: StackState = ["a", "b"]
      let before = stack
      let popped = stack.pop(from: 9)
      #expect(!popped)
      #expect(stack == before)
    }

    @Test func popToKeepsThatElementOnTop() {
      var stack: StackState = ["a", "b", "c", "d"]
      let popped = stack.pop(to: 1)
      #expect(popped)
      #expect(Array(stack) == ["a", "b"])
      let poppedAgain = stack.pop(to: 1)
      #expect(poppedAgain)
      #expect(Array(stack) == ["a", "b"])
      let poppedUnknown = stack.pop(to: 3)
      #expect(!poppedUnknown)
      #expect(Array(stack) == ["a", "b"])
    }

    @Test func pushWithAnIDTakesNextIDAndRefusesIDsThatMayHaveBeenGiven() {
      var stack: StackState = ["a"]
      let pushedNext = stack.push("b", id: stack.nextID)
      #expect(pushedNext)
      #expect(stack.ids == [0, 1])
      let pushedLater = stack.push("c", id: 10)
      #expect(pushedLater)
      #expect(stack.nextID == 11)
      let before = stack
      let pushedGiven = stack.push("x", id: 1)
      #expect(!pushedGiven)
      let pushedSkipped = stack.push("x", id: 5)
      #expect(!pushedSkipped)
      let pushedLast = stack.push("x", id: StackElementID(rawValue: .max))
      #expect(!pushedLast)
      #expect(stack == before && stack.nextID == 11)
    }

    @Test func aStackWhoseCounterIsExhaustedRefusesToPushWithoutTrapping() {
      var stack = StackState<String>()
      let pushed = stack.push("a", id: StackElementID(rawValue: .max - 1))
      #expect(pushed)
      #expect(stack.nextID.rawValue == .max)
      let id = stack.push("b")
      #expect(Array(stack) == ["a"])
      #expect(stack[id: id] == nil)
      #expect(stack.nextID.rawValue == .max)
    }

    @Test func equalityComparesElementsAndIDsButNotTheCounter() {
      var pushedAndPopped: StackState = ["a", "b"]
      pushedAndPopped.pop()
      pushedAndPopped.pop()
      pushedAndPopped.push("a")
      #expect(pushedAndPopped != ["a"])
      var trimmed: StackState = ["a", "b"]
      trimmed.pop()
      #expect(trimmed == ["a"])
      #expect(trimmed.nextID != StackState(["a"]).nextID)
      #expect(Set([trimmed, ["a"]]).count == 1)
    }

    @Test func stackElementIDsOrderPrintAndCompare() {
      let ids: [StackElementID] = [3, 1, 2]
      #expect(ids.sorted() == [1, 2, 3])
      #expect(StackElementID(rawValue: 4).description == "#4")
      #expect(StackElementID(rawValue: 4) == 4)
    }
  }
}
