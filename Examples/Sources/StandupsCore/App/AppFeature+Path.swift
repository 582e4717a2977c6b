import Reactors

extension AppFeature.Path {
  /// The detail's state, when this screen is a detail; setting it changes the screen in place
  /// (`state.path[id: id]?.detail?.alert = nil`).
  public var detail: StandupDetail.State? {
    get { if case .detail(let state) = self { state } else { nil } }
    set { if let newValue, case .detail = self { self = .detail(newValue) } }
  }

  /// The meeting's state, when this screen is a meeting being held; settable as ``detail``.
  public var record: RecordMeeting.State? {
    get { if case .record(let state) = self { state } else { nil } }
    set { if let newValue, case .record = self { self = .record(newValue) } }
  }

  /// The past meeting's state, when this screen is one; settable as ``detail``.
  public var meeting: PastMeeting.State? {
    get { if case .meeting(let state) = self { state } else { nil } }
    set { if let newValue, case .meeting = self { self = .meeting(newValue) } }
  }
}

extension AppFeature {
  /// Each screen's middleware, for the screen's own actions; made per store, as the children's
  /// combinators remember which of their children have effects.
  static func pathMiddleware(dependencies: Dependencies) -> Middleware<Path, PathAction> {
    let detail = StandupDetail.middleware(dependencies: dependencies)
    let record = RecordMeeting.middleware(dependencies: dependencies)
    return { screen, action in
      switch (screen, action) {
      case (.detail(let state), .detail(let action)):
        detail(state, action).map(PathAction.detail)
      case (.record(let state), .record(let action)):
        record(state, action).map(PathAction.record)
      default:
        .none
      }
    }
  }

  /// The app's middleware, in order: the list's, the stack's screens' (whose effects end when
  /// their screen is popped), deep links, and persistence.
  ///
  /// - Parameters:
  ///   - dependencies: The clients.
  ///   - lastSaved: What the database holds now: no save happens until the standups differ.
  public static func middlewares(
    dependencies: Dependencies, lastSaved: IdentifiedArray<Standup>
  ) -> [Middleware<State, Action>] {
    [
      pullback(
        middleware: StandupsList.middleware(dependencies: dependencies), state: \State.list,
        action: { if case .list(let action) = $0 { action } else { nil } },
        embed: Action.list),
      forEach(
        middleware: pathMiddleware(dependencies: dependencies), stack: \State.path,
        action: { if case .path(let action) = $0 { action } else { nil } },
        embed: { Action.path(.element(id: $0, action: $1)) }),
      deepLinkMiddleware(deepLinks(uuid: dependencies.uuid)),
      persistence(dependencies.standupsDatabase, lastSaved: lastSaved),
    ]
  }

  /// The app's store, starting from `initial` (whose standups the database is taken to hold).
  public static func store(
    initial: State = State(), dependencies: Dependencies
  ) -> Store<State, Action> {
    Store(
      initial: initial, reducer: reducer,
      middlewares: middlewares(dependencies: dependencies, lastSaved: initial.list.standups))
  }

  /// The app's store as the app starts: the standups loaded from the database (see
  /// ``initialState(loadingFrom:)``).
  public static func launch(dependencies: Dependencies) -> Store<State, Action> {
    store(
      initial: initialState(loadingFrom: dependencies.standupsDatabase),
      dependencies: dependencies)
  }

  /// The app at its start: the list of the standups in `database`; when they cannot be read,
  /// an empty list with an alert that says why and offers the sample standups.
  public static func initialState(loadingFrom database: StandupsDatabase) -> State {
    do {
      return State(list: StandupsList.State(standups: IdentifiedArray(try database.load())))
    } catch {
      return State(list: StandupsList.State(alert: .dataFailedToLoad("\(error)")))
    }
  }
}
