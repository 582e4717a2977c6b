import Foundation
import Reactors

extension AppFeature {
  /// The app's deep links, each opening the screens it names over the list, on a copy of the
  /// state that replaces it whole only when the link could be opened:
  ///
  /// - `standups/:id`: the standup's detail;
  /// - `standups/:id/edit`: its detail, with the edit sheet open;
  /// - `standups/:id/record`: its detail, and a meeting being held above it;
  /// - `standups/:id/meetings/:meetingID`: its detail, and a past meeting above it;
  /// - `add`: the list, with the "New standup" sheet open (its ids made by `uuid`).
  ///
  /// An id that is not a UUID throws ``DeepLinkError/invalidParameter(name:value:expected:)``;
  /// a standup or a meeting that does not exist, ``DeepLinkError/notFound(_:)``. Opening a link
  /// closes what was open (the stack above the list, the sheet, the alerts); the screens it
  /// pushes get new stack ids, so that nothing addressed to a closed screen reaches them.
  ///
  /// A function of the id generator, rather than a constant, because `add` makes ids: a reducer
  /// cannot, so links are opened by the middleware (``Action/openDeepLink(_:)``), whose answer
  /// carries the opened state.
  public static func deepLinks(uuid: UUIDGenerator) -> DeepLinkRouter<State> {
    var router = DeepLinkRouter<State>()
    router.route("standups/:id") { parameters, state in
      let standup = try state.standup(parameters)
      state.open([.detail(StandupDetail.State(standup: standup))])
    }
    router.route("standups/:id/edit") { parameters, state in
      let standup = try state.standup(parameters)
      state.open([
        .detail(
          StandupDetail.State(standup: standup, editSheet: StandupForm.State(standup: standup)))
      ])
    }
    router.route("standups/:id/record") { parameters, state in
      let standup = try state.standup(parameters)
      state.open([
        .detail(StandupDetail.State(standup: standup)),
        .record(RecordMeeting.State(standup: standup)),
      ])
    }
    router.route("standups/:id/meetings/:meetingID") { parameters, state in
      let standup = try state.standup(parameters)
      let id = try uuidParameter("meetingID", parameters, naming: "a meeting id")
      guard let meeting = standup.meetings[id: id] else {
        throw DeepLinkError.notFound(
          "the standup \"\(standup.title)\" has no meeting with id \(id.uuidString)")
      }
      state.open([
        .detail(StandupDetail.State(standup: standup)),
        .meeting(PastMeeting.State(meeting: meeting, standup: standup)),
      ])
    }
    router.route("add") { _, state in
      state.open([])
      let id = uuid()
      state.list.addSheet = StandupForm.State(
        standup: Standup(id: id, attendees: [Attendee(id: uuid())]))
    }
    return router
  }

  /// Opens `Action.openDeepLink` links with `router`.
  static func deepLinkMiddleware(_ router: DeepLinkRouter<State>) -> Middleware<State, Action> {
    { state, action in
      guard case .openDeepLink(let link) = action else { return .none }
      do throws(DeepLinkError) {
        return .just(.deepLinkOpened(try router.open(link, in: state)))
      } catch {
        return .just(.deepLinkFailed(error))
      }
    }
  }

  /// The parameter `name` read as a UUID.
  fileprivate static func uuidParameter(
    _ name: String, _ parameters: DeepLinkParameters, naming what: String
  ) throws(DeepLinkError) -> UUID {
    let value = try parameters.string(name)
    guard let id = UUID(uuidString: value) else {
      throw .invalidParameter(name: name, value: value, expected: "\(what) (a UUID)")
    }
    return id
  }
}

extension AppFeature.State {
  /// The standup the link's `id` names.
  fileprivate func standup(_ parameters: DeepLinkParameters) throws(DeepLinkError) -> Standup {
    let id = try AppFeature.uuidParameter("id", parameters, naming: "a standup id")
    guard let standup = list.standups[id: id] else {
      throw .notFound("there is no standup with id \(id.uuidString)")
    }
    return standup
  }

  /// Closes what is open, then pushes `screens` above the list.
  fileprivate mutating func open(_ screens: [AppFeature.Path]) {
    path.popToRoot()
    for screen in screens { path.push(screen) }
    list.addSheet = nil
    list.alert = nil
    alert = nil
  }
}
