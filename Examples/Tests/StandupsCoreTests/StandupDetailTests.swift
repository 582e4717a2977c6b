import Foundation
import Reactors
import ReactorsTesting
import StandupsCore
import Testing

/// The detail: starting a meeting depends on the speech authorization, editing goes through the
/// sheet, and deleting asks first; what the app must act on arrives as delegate actions.
@Suite(.timeLimit(.minutes(1))) struct StandupDetailTests {
  func tester(
    _ state: StandupDetail.State = StandupDetail.State(standup: .mock),
    dependencies: Dependencies
  ) -> StoreTester<StandupDetail.State, StandupDetail.Action> {
    StoreTester(
      Store(
        initial: state, reducer: StandupDetail.reducer,
        middlewares: [StandupDetail.middleware(dependencies: dependencies)]))
  }

  // SyncUps: testSpeechRestricted
  @Test func speechRestricted() async {
    let tester = tester(dependencies: .test { $0.speechClient = speech(.restricted) })
    await tester.send(.startMeetingButtonTapped)
    await tester.receive(.speechAuthorizationChecked(.restricted)) {
      $0.alert = .speechRecognitionRestricted
    }
    await tester.finish()
  }

  // SyncUps: testSpeechDenied
  @Test func speechDenied() async {
    let tester = tester(dependencies: .test { $0.speechClient = speech(.denied) })
    await tester.send(.startMeetingButtonTapped)
    await tester.receive(.speechAuthorizationChecked(.denied)) {
      $0.alert = .speechRecognitionDenied
    }
    await tester.finish()
  }

  // SyncUps: testOpenSettings
  @Test func openSettings() async {
    let opened = Box(false)
    let tester = tester(
      StandupDetail.State(standup: .mock, alert: .speechRecognitionDenied),
      dependencies: .test { $0.settings = SettingsClient(open: { opened.set(true) }) })
    await tester.send(.alert(.presented(.openSettings))) { $0.alert = nil }
    await tester.finish()
    #expect(opened.current)
  }

  // SyncUps: testContinueWithoutRecording
  @Test func continueWithoutRecording() async {
    let tester = tester(
      StandupDetail.State(standup: .mock, alert: .speechRecognitionDenied),
      dependencies: .test { $0.speechClient = speech(.denied) })
    await tester.send(.alert(.presented(.continueWithoutRecording))) { $0.alert = nil }
    await tester.receive(.delegate(.startMeeting(.mock)))
    await tester.finish()
  }

  // SyncUps: testSpeechAuthorized
  @Test func speechAuthorized() async {
    let tester = tester(dependencies: .test { $0.speechClient = speech(.authorized) })
    await tester.send(.startMeetingButtonTapped)
    await tester.receive(.speechAuthorizationChecked(.authorized))
    await tester.receive(.delegate(.startMeeting(.mock)))
    await tester.finish()
  }

  // SyncUps: testEdit
  @Test func edit() async {
    let tester = tester(dependencies: .test { $0.uuid = .incrementing })
    var edited = Standup.mock
    edited.title = "Blob's Meeting"

    await tester.send(.editButtonTapped) {
      $0.editSheet = StandupForm.State(standup: .mock)
    }
    await tester.send(.editSheet(.presented(.setTitle("Blob's Meeting")))) {
      $0.editSheet?.standup.title = "Blob's Meeting"
    }
    await tester.send(.doneEditingButtonTapped) {
      $0.editSheet = nil
      $0.standup.title = "Blob's Meeting"
    }
    await tester.receive(.delegate(.standupUpdated(edited)))
    await tester.finish()
  }

  // SyncUps: testDelete
  @Test func delete() async {
    let tester = tester(dependencies: .test())
    await tester.send(.deleteButtonTapped) { $0.alert = .deleteStandup }
    await tester.send(.alert(.presented(.confirmDeletion))) { $0.alert = nil }
    await tester.receive(.delegate(.deleteStandup(Standup.mock.id)))
    await tester.finish()
  }

  @Test func cancellingTheEditKeepsTheStandupAsItWas() async {
    let tester = tester(dependencies: .test())
    await tester.send(.editButtonTapped) { $0.editSheet = StandupForm.State(standup: .mock) }
    await tester.send(.editSheet(.presented(.setTitle("Nope")))) {
      $0.editSheet?.standup.title = "Nope"
    }
    await tester.send(.cancelEditButtonTapped) { $0.editSheet = nil }
    await tester.finish()
  }

  @Test func deletingAPastMeetingTellsTheApp() async {
    var standup = Standup.mock
    standup.meetings = [
      Meeting(id: UUID(1), date: meetingDate, transcript: "one"),
      Meeting(id: UUID(2), date: meetingDate, transcript: "two"),
    ]
    let tester = tester(StandupDetail.State(standup: standup), dependencies: .test())
    await tester.send(.deleteMeetings(atOffsets: [0])) { $0.standup.meetings.remove(at: 0) }
    standup.meetings.remove(at: 0)
    await tester.receive(.delegate(.standupUpdated(standup)))
    await tester.finish()
  }
}
