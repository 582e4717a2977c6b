import Foundation
import Reactors
import StandupsCore
import Testing

/// The app's State and Action read back as they were written, as a recording needs: the
/// screens on the stack with their ids, the sheets and alerts, and the cases no session in
/// tmux reaches (a link that failed, a save that failed).
struct StandupsCodableTests {
  func roundTrip<Value: Codable & Equatable>(_ value: Value) throws -> Value {
    try JSONDecoder().decode(Value.self, from: JSONEncoder().encode(value))
  }

  @Test func aStateWithEveryKindOfScreenReadsBackTheSame() throws {
    var path = StackState<AppFeature.Path>()
    _ = path.push(.detail(StandupDetail.State(standup: Seed.engineering, alert: .deleteStandup)))
    _ = path.push(
      .record(
        RecordMeeting.State(
          standup: Seed.engineering, secondsElapsed: 41, speakerIndex: 1, transcript: "Hi",
          alert: .endMeeting(isDiscardable: true))))
    _ = path.pop()
    _ = path.push(
      .meeting(PastMeeting.State(meeting: Seed.engineering.meetings[0], standup: Seed.engineering))
    )
    let state = AppFeature.State(
      list: StandupsList.State(
        standups: [Seed.engineering, Seed.design],
        addSheet: StandupForm.State(standup: Seed.design, focus: .attendee(Seed.designID)),
        alert: .dataFailedToLoad("the disk is full")),
      path: path, alert: AlertState(title: "Not saved", message: "the disk is full"))
    let read = try roundTrip(state)
    #expect(read == state)
    #expect(read.path.ids == state.path.ids)
    #expect(read.path.nextID == state.path.nextID)
  }

  @Test func actionsOfEveryScreenReadBackTheSame() throws {
    let actions: [AppFeature.Action] = [
      .list(.addSheet(.presented(.setDuration(.seconds(180))))),
      .list(.addSheet(.presented(.setFocus(.attendee(Seed.designID))))),
      .list(.alert(.presented(.confirmLoadSampleData))),
      .path(.element(id: 3, action: .detail(.alert(.presented(.confirmDeletion))))),
      .path(.element(id: 4, action: .record(.delegate(.save(Seed.engineering.meetings[0]))))),
      .path(.popFrom(id: 3)),
      .path(.push(id: 5, state: .detail(StandupDetail.State(standup: Seed.design)))),
      .alert(.dismiss),
      .openDeepLink("standups://standups/x"),
      .deepLinkFailed(.invalidParameter(name: "id", value: "x", expected: "a UUID")),
      .deepLinkFailed(.notFound("there is no standup with id 1")),
      .deepLinkFailed(.unknownRoute(path: ["a", "b"], known: ["add"])),
      .deepLinkFailed(.empty),
      .saveFailed("the disk is full"),
    ]
    for action in actions {
      #expect(try roundTrip(action) == action)
    }
  }
}
