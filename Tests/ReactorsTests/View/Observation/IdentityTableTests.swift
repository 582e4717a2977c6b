import Testing

@testable import Reactors

/// The table a model finds its observers in by key path identity.
@Suite struct IdentityTableTests {
  final class Object {}

  @Test func findsWhatWasKeptForEachOfManyObjectsAndNothingForOthers() {
    let objects = (0..<1_000).map { _ in Object() }
    var table = IdentityTable()
    #expect(table.value(for: ObjectIdentifier(objects[0])) == nil)
    for (number, object) in objects.enumerated() {
      table.set(number, for: ObjectIdentifier(object))
    }
    #expect(table.count == 1_000)
    #expect(table.slots.count >= 2_000, "at most half full")
    for (number, object) in objects.enumerated() {
      #expect(table.value(for: ObjectIdentifier(object)) == number)
    }
    let stranger = Object()
    #expect(table.value(for: ObjectIdentifier(stranger)) == nil)
    withExtendedLifetime(objects) {}
  }

  @Test func aSecondValueReplacesTheFirstAndRemoveAllForgetsEverything() {
    let object = Object()
    var table = IdentityTable()
    table.set(1, for: ObjectIdentifier(object))
    table.set(2, for: ObjectIdentifier(object))
    #expect(table.count == 1)
    #expect(table.value(for: ObjectIdentifier(object)) == 2)
    table.removeAll()
    #expect(table.count == 0)
    #expect(table.value(for: ObjectIdentifier(object)) == nil)
    table.set(3, for: ObjectIdentifier(object))
    #expect(table.value(for: ObjectIdentifier(object)) == 3)
  }

  @Test func addressesThatShareTheirFirstSlotAreEachFound() {
    var table = IdentityTable()
    table.set(0, for: ObjectIdentifier(Object.self))  // makes the slots
    // Keys chosen to land on one slot: each is found past the others by probing.
    let first = IdentityTable.slot(of: 16, shift: table.shift)
    let colliding = (1...5_000).map { UInt($0) * 16 }.filter {
      IdentityTable.slot(of: $0, shift: table.shift) == first
    }.prefix(4)
    #expect(colliding.count == 4)
    for (number, key) in colliding.enumerated() { table.insert(number + 1, for: key) }
    for (number, key) in colliding.enumerated() {
      #expect(table.value(forKey: key) == number + 1)
    }
    #expect(table.value(forKey: 16 * 5_001) == nil)
  }
}
