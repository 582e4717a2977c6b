import Testing

@testable import ReactorsInspector

/// The server's table of connections, without sockets: who is let go for a new connection.
@Suite struct ConnectionTableTests {
  @Test func belowTheLimitEveryConnectionIsAdmitted() {
    var table = ConnectionTable(capacity: 3)
    #expect(table.connectionArrived(descriptor: 10) == .admitted(1))
    #expect(table.connectionArrived(descriptor: 11) == .admitted(2))
    #expect(table.connectionArrived(descriptor: 12) == .admitted(3))
    #expect(table.count == 3)
  }

  @Test func atTheLimitTheConnectionThatWaitedLongestIsLetGo() {
    var table = ConnectionTable(capacity: 3)
    _ = table.connectionArrived(descriptor: 10)  // 1
    _ = table.connectionArrived(descriptor: 11)  // 2
    _ = table.connectionArrived(descriptor: 12)  // 3
    // 1 was answered and waits again, after 2 and 3 began to wait.
    let admitted1 = table.requestAdmitted(1)
    #expect(admitted1)
    let waits1 = table.waitingBegan(1)
    #expect(waits1)
    #expect(table.connectionArrived(descriptor: 13) == .admittedInPlaceOf(4, descriptor: 11))
    #expect(table.connectionArrived(descriptor: 14) == .admittedInPlaceOf(5, descriptor: 12))
    #expect(table.connectionArrived(descriptor: 15) == .admittedInPlaceOf(6, descriptor: 10))
    #expect(table.count == 3)
  }

  @Test func aBusyConnectionIsNeverLetGoAndWhenAllAreBusyTheNewOneIsRefused() {
    var table = ConnectionTable(capacity: 2)
    _ = table.connectionArrived(descriptor: 10)  // 1
    _ = table.connectionArrived(descriptor: 11)  // 2
    let admitted1 = table.requestAdmitted(1)
    #expect(admitted1)
    #expect(table.connectionArrived(descriptor: 12) == .admittedInPlaceOf(3, descriptor: 11))
    let admitted3 = table.requestAdmitted(3)
    #expect(admitted3)
    #expect(table.connectionArrived(descriptor: 13) == .full)
    #expect(table.count == 2)
    // One is answered and ends: room again, without letting anyone go.
    table.connectionEnded(3)
    #expect(table.connectionArrived(descriptor: 13) == .admitted(4))
  }

  @Test func aConnectionLetGoThatEndsLaterChangesNothing() {
    var table = ConnectionTable(capacity: 1)
    _ = table.connectionArrived(descriptor: 10)  // 1
    #expect(table.connectionArrived(descriptor: 11) == .admittedInPlaceOf(2, descriptor: 10))
    // 1's head had arrived: its request is not admitted, nor does it wait again; it ends.
    let admitted1 = table.requestAdmitted(1)
    #expect(!admitted1)
    let waits1 = table.waitingBegan(1)
    #expect(!waits1)
    table.connectionEnded(1)
    #expect(table.count == 1)
    #expect(table.connectionArrived(descriptor: 12) == .admittedInPlaceOf(3, descriptor: 11))
  }
}
