import Foundation
import GRDB
import Reactors
import ReactorsTesting
import StandupsCore
import Testing

/// The SQLite file: what is saved reads back exactly, and the app saves each change and starts
/// again with it. Each test's file is in a folder of its own, removed when the test ends.
@Suite(.timeLimit(.minutes(1))) struct PersistenceTests {
  let folder: TemporaryFolder

  init() throws { folder = try TemporaryFolder() }

  @Test func standupsReadBackExactlyAsSaved() throws {
    var standup = Standup.mock
    standup.meetings = [
      Meeting(
        id: UUID(2), date: Date(timeIntervalSinceReferenceDate: 123_456_789.123_456),
        transcript: "Second ❌"),
      Meeting(id: UUID(1), date: meetingDate, transcript: ""),
    ]
    let standups = [standup, .sixSeconds] + Standup.samples
    try StandupsDatabase.sqlite(path: folder.path()).save(standups)
    #expect(try StandupsDatabase.sqlite(path: folder.path()).load() == standups)

    // A save replaces everything.
    try StandupsDatabase.sqlite(path: folder.path()).save([.sixSeconds])
    #expect(try StandupsDatabase.sqlite(path: folder.path()).load() == [.sixSeconds])
  }

  @Test func theAppSavesEachChangeAndStartsAgainWithIt() async throws {
    let path = folder.path()
    let dependencies = Dependencies.test {
      $0.standupsDatabase = .sqlite(path: path)
      $0.uuid = .incrementing
    }
    let store = AppFeature.launch(dependencies: dependencies)
    #expect(store.state.list.standups.isEmpty)
    store.dispatch(.list(.addButtonTapped))
    store.dispatch(.list(.addSheet(.presented(.setTitle("Standup")))))
    store.dispatch(
      .list(.addSheet(.presented(.renameAttendee(id: UUID(1), name: "Blob")))))
    store.dispatch(.list(.confirmAddButtonTapped))
    let added = Standup(
      id: UUID(0), title: "Standup", attendees: [Attendee(id: UUID(1), name: "Blob")])
    #expect(store.state.list.standups == [added])

    let relaunched = AppFeature.launch(dependencies: dependencies)
    #expect(relaunched.state.list.standups == [added])
    #expect(relaunched.state.list.alert == nil)
  }

  /// A file another program wrote (or a person edited): each value the app would not write
  /// is refused with what is wrong, the file left as it is, rather than stopping the app.
  @Test(arguments: [
    ("UPDATE standup SET seconds = 'ten'", "seconds"),
    ("UPDATE standup SET seconds = 9223372036854775807", "lasts 9223372036854775807 seconds"),
    ("UPDATE standup SET seconds = -9223372036854775808", "lasts -9223372036854775808 seconds"),
    ("UPDATE standup SET seconds = 0", "lasts 0 seconds, where a standup lasts 1 to 86400"),
    ("UPDATE standup SET title = X'FF'", "title"),
    ("UPDATE attendee SET name = X'FE'", "name"),
    ("UPDATE meeting SET date = 1e999", "has no date (inf)"),
    ("UPDATE meeting SET transcript = X'C0'", "transcript"),
  ])
  func valuesTheAppDoesNotWriteAreRefusedWithWhatIsWrong(
    statement: String, reason: String
  ) throws {
    var standup = Standup.mock
    standup.meetings = [Meeting(id: UUID(1), date: meetingDate, transcript: "Hello")]
    try StandupsDatabase.sqlite(path: folder.path()).save([standup])
    try DatabaseQueue(path: folder.path()).write { try $0.execute(sql: statement) }
    let written = try Data(contentsOf: URL(fileURLWithPath: folder.path()))

    let error = #expect(throws: StandupsDatabaseError.self) {
      try StandupsDatabase.sqlite(path: folder.path()).load()
    }
    #expect(error?.description.contains(reason) == true, "\(error?.description ?? "")")
    #expect(error?.description.contains("move it aside") == true)
    #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path())) == written)
  }

  @Test func aFileThatIsNotADatabaseIsLeftAsItIs() throws {
    let garbage = Data(repeating: 0x42, count: 4096)
    try garbage.write(to: URL(fileURLWithPath: folder.path()))
    let database = StandupsDatabase.sqlite(path: folder.path())
    let error = #expect(throws: StandupsDatabaseError.self) { try database.load() }
    #expect(error?.description.contains("move it aside") == true)
    #expect(throws: StandupsDatabaseError.self) { try database.save([.mock]) }
    #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path())) == garbage)
  }
}
