import Foundation
import Reactors
import ReactorsTesting
import StandupsCore
import Testing

/// The form: attendees are added with new ids and focused, deleting moves the focus to a
/// neighbour, and the form never has no attendee.
@Suite(.timeLimit(.minutes(1))) struct StandupFormTests {
  func tester(_ standup: Standup) -> StoreTester<StandupForm.State, StandupForm.Action> {
    let dependencies = Dependencies.test { $0.uuid = .incrementing }
    return StoreTester(
      Store(
        initial: StandupForm.State(standup: standup), reducer: StandupForm.reducer,
        middlewares: [StandupForm.middleware(dependencies: dependencies)]))
  }

  // SyncUps: testAddAttendee
  @Test func addAttendee() async {
    let standup = Standup(id: UUID(100), title: "Engineering")
    let tester = tester(standup)
    // A standup with no attendees opens with a blank one.
    #expect(tester.state.standup.attendees == [Attendee(id: standup.id)])

    await tester.send(.addAttendeeButtonTapped)
    await tester.receive(.attendeeAdded(UUID(0))) {
      $0.focus = .attendee(UUID(0))
      $0.standup.attendees = [Attendee(id: standup.id), Attendee(id: UUID(0))]
    }
    await tester.finish()
  }

  // SyncUps: testFocus_RemoveAttendee
  @Test func focusAfterRemovingAttendee() async {
    let attendees = (10...13).map { Attendee(id: UUID($0)) }
    let tester = tester(
      Standup(id: UUID(100), title: "Engineering", attendees: IdentifiedArray(attendees)))

    await tester.send(.deleteAttendees(atOffsets: [0])) {
      $0.focus = .attendee(attendees[1].id)
      $0.standup.attendees = [attendees[1], attendees[2], attendees[3]]
    }
    await tester.send(.deleteAttendees(atOffsets: [1])) {
      $0.focus = .attendee(attendees[3].id)
      $0.standup.attendees = [attendees[1], attendees[3]]
    }
    await tester.send(.deleteAttendees(atOffsets: [1])) {
      $0.focus = .attendee(attendees[1].id)
      $0.standup.attendees = [attendees[1]]
    }
    // Deleting the last attendee leaves a blank one in its place, focused.
    await tester.send(.deleteAttendees(atOffsets: [0])) {
      $0.focus = .attendee(attendees[1].id)
      $0.standup.attendees = [Attendee(id: attendees[1].id)]
    }
    await tester.finish()
  }

  @Test func fieldsAreEditedInPlace() async {
    let tester = tester(Standup.mock)
    let first = Standup.mock.attendees[0].id
    await tester.send(.setTitle("Design review")) { $0.standup.title = "Design review" }
    await tester.send(.setDuration(.seconds(15 * 60))) { $0.standup.seconds = 900 }
    await tester.send(.setTheme(.navy)) { $0.standup.theme = .navy }
    await tester.send(.renameAttendee(id: first, name: "Blobby")) {
      $0.standup.attendees[id: first]?.name = "Blobby"
    }
    await tester.send(.setFocus(nil)) { $0.focus = nil }
    await tester.finish()
  }
}
