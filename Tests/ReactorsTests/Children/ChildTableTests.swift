import Testing

@testable import Reactors

/// `ChildTable`, the pure part of `ReactorChildren`: which children to make and release, and
/// which observation's word counts.
@Suite struct ChildTableTests {
  @Test func aDeliveryOfAReplacedOrEndedFollowChangesNothing() {
    var table = ChildTable<Int, String>()
    let first = table.followed()
    let made = table.idsChanged(to: [1, 2], in: first)
    #expect(made.toMake == [1, 2])
    for id in made.toMake { #expect(table.made("child \(id)", id, in: first) == nil) }
    // Followed again: the first observation's late delivery neither releases nor makes.
    let second = table.followed()
    #expect(table.changed(by: [.removed(1), .appended(3)], in: first).released.isEmpty)
    #expect(table.made("late", 3, in: first) == "late")
    #expect(table.children.keys.sorted() == [1, 2])
    #expect(table.idsChanged(to: [2, 3], in: second).released == ["child 1"])
    // Ended: nothing is made, whichever observation asks, until it is followed again.
    #expect(table.end().sorted() == ["child 2"])
    #expect(table.idsChanged(to: [4], in: second).toMake.isEmpty)
    let third = table.followed()
    #expect(table.idsChanged(to: [4], in: third).toMake == [4])
  }
}
