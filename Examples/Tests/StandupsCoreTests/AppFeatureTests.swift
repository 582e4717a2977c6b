import Foundation
import Reactors
import ReactorsTesting
import StandupsCore
import Testing

/// The app: the stack reacts to what its screens tell it (edit, delete, start, save), the
/// standups are saved when they change, and a popped meeting stops.
@Suite(.timeLimit(.minutes(1))) struct AppFeatureTests {
  let clock = TestClock()

  func tester(
    _ state: AppFeature.State, database: StandupsDatabase, exhaustivity: Exhaustivity = .on,
    _ provide: (inout Dependencies) -> Void = { _ in }
  ) -> StoreTester<AppFeature.State, AppFeature.Action> {
    let dependencies = Dependencies.test {
      $0.clock = clock
      $0.standupsDatabase = database
      provide(&$0)
    }
    return StoreTester(
      AppFeature.store(initial: state, dependencies: dependencies), clock: clock,
      exhaustivity: exhaustivity)
  }

  func listed(_ standups: Standup...) -> AppFeature.State {
    AppFeature.State(list: StandupsList.State(standups: IdentifiedArray(standups)))
  }

  // SyncUps: testDetailEdit
  @Test func detailEdit() async throws {
    let database = StandupsDatabase.inMemory([.mock])
    let tester = tester(listed(.mock), database: database) { $0.uuid = .incrementing }
    var edited = Standup.mock
    edited.title = "Blob"

    await tester.send(.path(.push(id: 0, state: .detail(StandupDetail.State(standup: .mock))))) {
      $0.path = [.detail(StandupDetail.State(standup: .mock))]
    }
    await tester.send(.path(.element(id: 0, action: .detail(.editButtonTapped)))) {
      $0.path[id: 0]?.detail?.editSheet = StandupForm.State(standup: .mock)
    }
    await tester.send(
      .path(.element(id: 0, action: .detail(.editSheet(.presented(.setTitle("Blob"))))))
    ) {
      $0.path[id: 0]?.detail?.editSheet?.standup.title = "Blob"
    }
    await tester.send(.path(.element(id: 0, action: .detail(.doneEditingButtonTapped)))) {
      $0.path[id: 0]?.detail?.editSheet = nil
      $0.path[id: 0]?.detail?.standup.title = "Blob"
    }
    await tester.receive(
      .path(.element(id: 0, action: .detail(.delegate(.standupUpdated(edited)))))
    ) {
      $0.list.standups = [edited]
    }
    await tester.finish()
    #expect(try database.load() == [edited])
  }

  // SyncUps: testDelete
  @Test func delete() async throws {
    let database = StandupsDatabase.inMemory([.mock])
    let tester = tester(listed(.mock), database: database)

    await tester.send(.list(.standupTapped(Standup.mock.id))) {
      $0.path = [.detail(StandupDetail.State(standup: .mock))]
    }
    await tester.send(.path(.element(id: 0, action: .detail(.deleteButtonTapped)))) {
      $0.path[id: 0]?.detail?.alert = .deleteStandup
    }
    await tester.send(
      .path(.element(id: 0, action: .detail(.alert(.presented(.confirmDeletion)))))
    ) {
      $0.path[id: 0]?.detail?.alert = nil
    }
    await tester.receive(
      .path(.element(id: 0, action: .detail(.delegate(.deleteStandup(Standup.mock.id)))))
    ) {
      $0.list.standups = []
      $0.path = []
    }
    await tester.finish()
    #expect(try database.load() == [])
  }

  // SyncUps: testRecording
  @Test func recording() async throws {
    let standup = Standup.sixSeconds
    let database = StandupsDatabase.inMemory([standup])
    var state = listed(standup)
    state.path = [
      .detail(StandupDetail.State(standup: standup)),
      .record(RecordMeeting.State(standup: standup)),
    ]
    let tester = tester(state, database: database, exhaustivity: .off) {
      $0.date = .constant(meetingDate)
      $0.speechClient = speech(.authorized, hearing: ["I completed the project"])
      $0.uuid = .incrementing
    }
    let meeting = Meeting(id: UUID(0), date: meetingDate, transcript: "I completed the project")

    await tester.send(.path(.element(id: 1, action: .record(.onTask))))
    await tester.receive(
      .path(.element(id: 1, action: .record(.speechResult("I completed the project")))))
    await tester.advance(by: .seconds(6))
    await tester.receive(.path(.element(id: 1, action: .record(.delegate(.save(meeting)))))) {
      $0.path[id: 0]?.detail?.standup.meetings = [meeting]
      $0.list.standups[id: standup.id]?.meetings = [meeting]
    }
    await tester.finish()
    // The meeting screen was popped: the detail shows the new meeting.
    #expect(tester.state.path.ids == [0])
    #expect(try database.load().first?.meetings == [meeting])
  }

  @Test func startingAMeetingPushesItAndAPastMeetingOpens() async {
    var standup = Standup.mock
    let past = Meeting(id: UUID(9), date: meetingDate, transcript: "Last week")
    standup.meetings = [past]
    let tester = tester(listed(standup), database: .inMemory([standup])) {
      $0.speechClient = speech(.authorized)
    }
    await tester.send(.list(.standupTapped(standup.id))) {
      $0.path = [.detail(StandupDetail.State(standup: standup))]
    }
    await tester.send(.path(.element(id: 0, action: .detail(.startMeetingButtonTapped))))
    await tester.receive(
      .path(.element(id: 0, action: .detail(.speechAuthorizationChecked(.authorized)))))
    await tester.receive(.path(.element(id: 0, action: .detail(.delegate(.startMeeting(standup))))))
    {
      $0.path.push(.record(RecordMeeting.State(standup: standup)))
    }
    // The back button.
    await tester.send(.path(.popFrom(id: 1))) { $0.path.pop(from: 1) }
    await tester.send(.path(.element(id: 0, action: .detail(.meetingTapped(past.id))))) {
      $0.path.push(.meeting(PastMeeting.State(meeting: past, standup: standup)), id: 2)
    }
    #expect(tester.state.path[id: 2]?.meeting?.transcriptText == "Last week")
    await tester.finish()
  }

  @Test func aPoppedMeetingStopsTicking() async {
    let standup = Standup.mock
    var state = listed(standup)
    state.path = [
      .detail(StandupDetail.State(standup: standup)),
      .record(RecordMeeting.State(standup: standup)),
    ]
    let tester = tester(state, database: .inMemory([standup])) {
      $0.speechClient = speech(.denied)
    }
    await tester.send(.path(.element(id: 1, action: .record(.onTask))))
    await tester.advance(by: .seconds(1))
    await tester.receive(.path(.element(id: 1, action: .record(.timerTick)))) {
      $0.path[id: 1]?.record?.secondsElapsed = 1
    }
    await tester.send(.path(.popFrom(id: 1))) { $0.path.pop(from: 1) }
    // Exhaustive: fails if the timer were still running.
    await tester.finish()
    #expect(clock.sleeperCount == 0)
  }

  @Test func aFailedSaveIsShownAndTheNextChangeSavesEverything() async throws {
    let saved = Box<[Standup]?>(nil)
    let failing = Box(true)
    let database = StandupsDatabase(
      load: { saved.current ?? [] },
      save: { standups in
        if failing.current { throw StandupsDatabaseError("The disk is full.") }
        saved.set(standups)
      })
    let tester = tester(listed(.mock, .sixSeconds), database: database)
    await tester.send(.list(.deleteStandups(atOffsets: [0]))) { $0.list.standups = [.sixSeconds] }
    await tester.receive(.saveFailed("The disk is full.")) {
      $0.alert = AlertState(title: "Not saved", message: "The disk is full.")
    }
    await tester.send(.alert(.dismiss)) { $0.alert = nil }
    failing.set(false)
    await tester.send(.list(.deleteStandups(atOffsets: [0]))) { $0.list.standups = [] }
    await tester.finish()
    #expect(saved.current == [])
  }
}
