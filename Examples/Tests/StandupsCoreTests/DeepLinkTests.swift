import Foundation
import Reactors
import ReactorsTesting
import StandupsCore
import Testing

/// Deep links: each opens the screens it names, three levels down, on a copy of the state that
/// replaces it whole; a link naming nothing that exists is refused and changes nothing.
@Suite(.timeLimit(.minutes(1))) struct DeepLinkTests {
  let past = Meeting(id: UUID(7), date: meetingDate, transcript: "Shipped it")

  var standup: Standup {
    var standup = Standup.mock
    standup.meetings = [past]
    return standup
  }

  var state: AppFeature.State {
    AppFeature.State(list: StandupsList.State(standups: [standup, .sixSeconds]))
  }

  let router = AppFeature.deepLinks(uuid: .incrementing)

  @Test func aPastMeetingOpensThreeLevelsDown() throws {
    let opened = try router.open(
      "standups://standups/\(standup.id.uuidString)/meetings/\(past.id.uuidString)", in: state)
    #expect(
      Array(opened.path) == [
        .detail(StandupDetail.State(standup: standup)),
        .meeting(PastMeeting.State(meeting: past, standup: standup)),
      ])
    #expect(opened.list == state.list)
  }

  @Test func eachRouteOpensItsScreens() throws {
    let id = standup.id.uuidString
    let detail = try router.open("standups/\(id)", in: state)
    #expect(Array(detail.path) == [.detail(StandupDetail.State(standup: standup))])

    let edit = try router.open("standups/\(id)/edit", in: state)
    #expect(edit.path.first?.detail?.editSheet == StandupForm.State(standup: standup))

    let record = try router.open("/standups/\(id)/record", in: state)
    #expect(record.path.last == .record(RecordMeeting.State(standup: standup)))
    #expect(record.path.count == 2)

    let add = try router.open("standups://add", in: record)
    #expect(add.path.isEmpty)
    #expect(
      add.list.addSheet
        == StandupForm.State(standup: Standup(id: UUID(0), attendees: [Attendee(id: UUID(1))])))
  }

  @Test func aLinkReplacesTheStackWithNewScreenIDs() throws {
    var deep = state
    deep.path = [.detail(StandupDetail.State(standup: .sixSeconds))]
    deep.list.addSheet = StandupForm.State(standup: .sixSeconds)
    let opened = try router.open("standups/\(standup.id.uuidString)/record", in: deep)
    #expect(opened.path.ids == [1, 2])
    #expect(opened.list.addSheet == nil)
  }

  @Test func linksToWhatDoesNotExistAreRefused() {
    let unknown = UUID(99).uuidString
    let refusals: [(String, String)] = [
      ("standups/\(unknown)", "there is no standup with id \(unknown)"),
      ("standups/\(unknown)/meetings/\(past.id.uuidString)", "there is no standup"),
      (
        "standups/\(standup.id.uuidString)/meetings/\(unknown)",
        "has no meeting with id \(unknown)"
      ),
    ]
    for (link, sentence) in refusals {
      let error = #expect(throws: DeepLinkError.self) { try router.open(link, in: state) }
      guard case .notFound(let what) = error else {
        Issue.record("\(link) should be refused as not found, not \(String(describing: error))")
        continue
      }
      #expect(what.contains(sentence))
      #expect(error?.description.contains("nothing was opened") == true)
    }
    #expect(
      throws: DeepLinkError.invalidParameter(
        name: "id", value: "seven", expected: "a standup id (a UUID)")
    ) { try router.open("standups/seven", in: state) }
    let unknownRoute = #expect(throws: DeepLinkError.self) {
      try router.open("settings", in: state)
    }
    guard case .unknownRoute = unknownRoute else {
      Issue.record("settings should be an unknown route")
      return
    }
  }

  @Test func theStoreOpensLinksWhole() async {
    let tester = StoreTester(
      AppFeature.store(
        initial: state,
        dependencies: .test {
          $0.uuid = .incrementing
          $0.standupsDatabase = .inMemory([standup, .sixSeconds])
        }))
    var opened = state
    opened.path = [
      .detail(StandupDetail.State(standup: standup)),
      .meeting(PastMeeting.State(meeting: past, standup: standup)),
    ]
    let link = "standups/\(standup.id.uuidString)/meetings/\(past.id.uuidString)"
    await tester.send(.openDeepLink(link))
    await tester.receive(.deepLinkOpened(opened)) { $0 = opened }

    let unknown = UUID(99).uuidString
    let refusal = DeepLinkError.notFound("there is no standup with id \(unknown)")
    await tester.send(.openDeepLink("standups/\(unknown)"))
    await tester.receive(.deepLinkFailed(refusal)) {
      $0.alert = AlertState(title: "Cannot open the link", message: refusal.description)
    }
    await tester.finish()
  }
}
