import Foundation
import Reactors
import Testing

struct Row: Identifiable, Equatable, Sendable, Codable {
  var id: Int
  var title = ""
}

/// `IdentifiedArray`: rows in order, found by id, ids kept unique whatever comes in.
@Suite struct IdentifiedArrayTests {
  @Test func rowsAreKeptInOrderAndFoundById() {
    var rows: IdentifiedArray<Row> = [Row(id: 1), Row(id: 2), Row(id: 3)]
    #expect(rows.ids == [1, 2, 3])
    #expect(rows[id: 2] == Row(id: 2))
    rows[id: 2]?.title = "two"
    #expect(rows[1].title == "two")
    #expect(rows.index(id: 3) == 2)
    rows[id: 2] = nil
    #expect(rows.ids == [1, 3])
    #expect(rows.index(id: 3) == 1)
    rows[id: 9] = Row(id: 9)
    #expect(rows.ids == [1, 3, 9])
    #expect(rows.contains(id: 9))
  }

  @Test func aDuplicateIdChangesNothing() {
    var rows: IdentifiedArray<Row> = [Row(id: 1, title: "first"), Row(id: 1, title: "second")]
    #expect(rows.count == 1)
    #expect(rows[id: 1]?.title == "first")
    let appended = rows.append(Row(id: 1, title: "again"))
    let inserted = rows.insert(Row(id: 1), at: 0)
    #expect(!appended && !inserted)
    #expect(rows.array == [Row(id: 1, title: "first")])
  }

  @Test func aRowGivenAnotherRowsIdIsRemovedAndEveryLookupStaysRight() {
    var rows: IdentifiedArray<Row> = [Row(id: 2, title: "B"), Row(id: 1, title: "A")]
    let before = rows.structure
    rows[id: 1]?.id = 2  // warned: another row has 2
    #expect(rows.array == [Row(id: 2, title: "B")])
    #expect(rows[id: 1] == nil)
    #expect(rows.structure.changes(since: before) == [.removed(1)])
    rows[id: 2] = nil
    #expect(rows.isEmpty)
    // A new id no other row has: removed under the old, appended under the new.
    rows = [Row(id: 1, title: "A"), Row(id: 3, title: "C")]
    rows[id: 1]?.id = 7
    #expect(rows.ids == [3, 7])
    #expect(rows[id: 7]?.title == "A")
  }

  @Test func insertRemoveMoveAndSortKeepTheIndex() {
    var rows: IdentifiedArray<Row> = [Row(id: 1), Row(id: 2), Row(id: 3), Row(id: 4)]
    rows.insert(Row(id: 0), at: -5)
    rows.insert(Row(id: 5), at: 99)
    #expect(rows.ids == [0, 1, 2, 3, 4, 5])
    let removed = rows.remove(id: 2)
    let again = rows.remove(id: 2)
    #expect(removed == Row(id: 2) && again == nil)
    rows.move(fromOffsets: [0, 1], toOffset: 4)
    #expect(rows.ids == [3, 4, 0, 1, 5])
    rows.move(fromOffsets: [-1, 42], toOffset: 0)
    #expect(rows.ids == [3, 4, 0, 1, 5])
    rows.sort { $0.id > $1.id }
    #expect(rows.ids == [5, 4, 3, 1, 0])
    rows.removeAll { $0.id.isMultiple(of: 2) }
    #expect(rows.ids == [5, 3, 1])
    rows.removeLast(7)
    #expect(rows.isEmpty)
    for id in [1, 2, 3] { rows.append(Row(id: id)) }
    for id in rows.ids { #expect(rows[rows.index(id: id)!].id == id) }
  }

  @Test func anIdChangedThroughTheSubscriptMovesTheElement() {
    var rows: IdentifiedArray<Row> = [Row(id: 1), Row(id: 2)]
    rows[id: 1]?.id = 7
    #expect(rows.ids == [2, 7])
    #expect(rows[id: 1] == nil)
    #expect(rows[id: 7] != nil)
  }

  @Test func decodingRefusesDuplicateIdsAndSaysWhich() throws {
    let good = try JSONDecoder().decode(
      IdentifiedArray<Row>.self, from: Data(#"[{"id":1,"title":"a"},{"id":2,"title":"b"}]"#.utf8))
    #expect(good.ids == [1, 2])
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    #expect(try encoder.encode(good) == encoder.encode(good.array))
    do {
      _ = try JSONDecoder().decode(
        IdentifiedArray<Row>.self, from: Data(#"[{"id":1,"title":"a"},{"id":1,"title":"b"}]"#.utf8))
      Issue.record("a duplicate id was decoded")
    } catch {
      #expect("\(error)".contains("two elements have the id 1"))
    }
  }
}

/// `IdentifiedArray.structure`: what a follower of the rows observes, and the changes since.
@Suite struct IdentifiedArrayStructureTests {
  @Test func changingARowInPlaceLeavesTheStructureAsItWas() {
    var rows: IdentifiedArray<Row> = [Row(id: 1), Row(id: 2)]
    let before = rows.structure
    rows[id: 1]?.title = "changed"
    #expect(rows.structure == before)
    rows.append(Row(id: 3))
    #expect(rows.structure != before)
  }

  @Test func appendsAndRemovalsAreToldInOrder() {
    var rows: IdentifiedArray<Row> = [Row(id: 1)]
    let before = rows.structure
    rows.append(Row(id: 2))
    rows.remove(id: 1)
    rows[id: 3] = Row(id: 3)
    #expect(rows.structure.changes(since: before) == [.appended(2), .removed(1), .appended(3)])
    #expect(rows.structure.changes(since: rows.structure) == [])
  }

  @Test func movesAndOldHistoriesAskForAComparison() {
    var rows: IdentifiedArray<Row> = [Row(id: 1), Row(id: 2)]
    let before = rows.structure
    rows.insert(Row(id: 0), at: 0)
    #expect(rows.structure.changes(since: before) == nil)
    let other: IdentifiedArray<Row> = [Row(id: 1)]
    #expect(rows.structure.changes(since: other.structure) == nil)
    var long = IdentifiedArray<Row>()
    let empty = long.structure
    for id in 0..<1_000 { long.append(Row(id: id)) }
    // The chain was cut: what came before is unknown, so the ids are compared.
    #expect(long.structure.changes(since: empty) == nil)
    let recent = long.structure
    long.append(Row(id: 1_000))
    #expect(long.structure.changes(since: recent) == [.appended(1_000)])
  }
}

extension IdentifiedArrayStructureTests {
  @Test func aFollowerOneStepBehindACutIsToldTheChange() {
    var rows = IdentifiedArray<Row>()
    var last = rows.structure
    for id in 0..<1_000 {
      rows.append(Row(id: id))
      #expect(rows.structure.changes(since: last) == [.appended(id)])
      last = rows.structure
    }
  }
}
