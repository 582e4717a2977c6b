import Foundation
import Reactors
import ReactorsTesting
import StandupsCore
import Testing

/// The list: adding a standup through the sheet (blank attendees dropped), dismissing it, and
/// what the app shows when the file cannot be read.
@Suite(.timeLimit(.minutes(1))) struct StandupsListTests {
  func tester(
    _ state: StandupsList.State = StandupsList.State(),
    dependencies: Dependencies = .test { $0.uuid = .incrementing }
  ) -> StoreTester<StandupsList.State, StandupsList.Action> {
    StoreTester(
      Store(
        initial: state, reducer: StandupsList.reducer,
        middlewares: [StandupsList.middleware(dependencies: dependencies)]))
  }

  // SyncUps: testAdd
  @Test func add() async {
    let tester = tester()
    var standup = Standup(id: UUID(0), attendees: [Attendee(id: UUID(1))])

    await tester.send(.addButtonTapped)
    await tester.receive(.addSheetOpened(standup)) {
      $0.addSheet = StandupForm.State(standup: standup)
    }
    standup.title = "Engineering"
    await tester.send(.addSheet(.presented(.setTitle("Engineering")))) {
      $0.addSheet?.standup.title = "Engineering"
    }
    await tester.send(.confirmAddButtonTapped) {
      $0.addSheet = nil
      $0.standups = [standup]
    }
    await tester.finish()
  }

  // SyncUps: testAdd_ValidatedAttendees
  @Test func addValidatedAttendees() async {
    let id = UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")!
    let blank = Attendee(id: UUID(0), name: "")
    let spaces = Attendee(id: UUID(1), name: "    ")
    let tester = tester(
      StandupsList.State(
        addSheet: StandupForm.State(
          standup: Standup(id: id, title: "Design", attendees: [blank, spaces]))))

    await tester.send(.confirmAddButtonTapped) {
      $0.addSheet = nil
      $0.standups = [Standup(id: id, title: "Design", attendees: [blank])]
    }
    await tester.finish()
  }

  // SyncUps: testLoadingDataDecodingFailed
  @Test func loadingDataDecodingFailed() async throws {
    let folder = try TemporaryFolder()
    try Data("!@#$ BAD DATA %^&*()".utf8).write(to: URL(fileURLWithPath: folder.path()))
    let state = AppFeature.initialState(loadingFrom: .sqlite(path: folder.path()))
    let alert = try #require(state.list.alert)
    #expect(alert.title == "Data failed to load")
    #expect(alert.message?.contains("Cannot open") == true)
    #expect(alert.buttons.map(\.action) == [.confirmLoadSampleData, nil])
    #expect(state.list.standups.isEmpty)

    let tester = tester(state.list, dependencies: .test())
    await tester.send(.alert(.presented(.confirmLoadSampleData))) {
      $0.alert = nil
      $0.standups = IdentifiedArray(Standup.samples)
    }
    await tester.finish()
  }

  // SyncUps: testLoadingDataFileNotFound
  @Test func loadingDataFileNotFound() throws {
    let folder = try TemporaryFolder()
    let state = AppFeature.initialState(loadingFrom: .sqlite(path: folder.path("new/s.sqlite")))
    #expect(state.list.alert == nil)
    #expect(state.list.standups.isEmpty)
  }

  @Test func dismissingTheSheetDropsTheNewStandup() async {
    let tester = tester(StandupsList.State(standups: [.mock]))
    await tester.send(.addButtonTapped)
    let standup = Standup(id: UUID(0), attendees: [Attendee(id: UUID(1))])
    await tester.receive(.addSheetOpened(standup)) {
      $0.addSheet = StandupForm.State(standup: standup)
    }
    await tester.send(.addSheet(.presented(.addAttendeeButtonTapped)))
    await tester.receive(.addSheet(.presented(.attendeeAdded(UUID(2))))) {
      $0.addSheet?.standup.attendees.append(Attendee(id: UUID(2)))
      $0.addSheet?.focus = .attendee(UUID(2))
    }
    await tester.send(.dismissAddButtonTapped) { $0.addSheet = nil }
    await tester.send(.deleteStandups(atOffsets: [0])) { $0.standups = [] }
    await tester.finish()
  }
}
