// The code of the article "Observing state" (Sources/Reactors/Reactors.docc), compiled and run.

import Reactors
import ReactorsTestSupport
import Testing

final class PlayerReactor: Reactor {
  enum Action { case play(String), fail(String) }
  enum Mutation { case setTrack(String), setAlert(String) }
  struct State: Equatable {
    var track = ""
    var plays = 0
    @Pulse var alert: String?
  }

  let storage = Storage()
  let initialState = State()

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .play(let track): .just(.setTrack(track))
    case .fail(let message): .just(.setAlert(message))
    }
  }

  func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .setTrack(let track):
      state.track = track
      state.plays += 1
    case .setAlert(let message): state.alert = message
    }
  }
}

func render(_ reactor: PlayerReactor) async {
  for await state in reactor.states.newest {  // the current state first, then each change
    print("now playing:", state.track)
    if state.plays == 3 { break }
  }
}

@Suite(.timeLimit(.minutes(1))) struct ObservingStateSnippets {
  @Test func keyPathsWholeStatesAndPulses() {
    let printed = Shared<[String]>([])
    @Sendable func print(_ label: String, _ value: some CustomStringConvertible) {
      printed.withLock { $0.append("\(label) \(value)") }
    }

    let reactor = PlayerReactor()
    let bag = CancelBag()
    reactor.observe(\.track) { track in print("now playing:", track) }.store(in: bag)
    reactor.observe(\.plays) { plays in print("plays:", plays) }.store(in: bag)
    reactor.pulse(\.$alert) { message in print("alert:", message ?? "") }.store(in: bag)

    reactor.send(.play("Intro"))  // now playing: Intro, plays: 1
    reactor.send(.play("Intro"))  // plays: 2 (the track did not change)
    reactor.send(.fail("Offline"))  // alert: Offline
    reactor.send(.fail("Offline"))  // alert: Offline (a pulse fires on every assignment)
    bag.cancelAll()

    #expect(
      printed.current == [
        "now playing: ", "plays: 0", "now playing: Intro", "plays: 1", "plays: 2",
        "alert: Offline", "alert: Offline",
      ])
  }

  @Test func statesAsAnAsyncSequence() async {
    let reactor = PlayerReactor()
    var seen: [Int] = []
    var states = reactor.states.makeAsyncIterator()  // subscribes now
    reactor.send(.play("One"))
    reactor.send(.play("Two"))
    while let state = await states.next() {
      seen.append(state.plays)
      if state.plays == 2 { break }
    }
    #expect(seen == [0, 1, 2])

    // The article's loop ends at the third play, whether it starts before the sends or after.
    let rendering = Task { await render(reactor) }
    reactor.send(.play("Three"))
    await rendering.value
    #expect(reactor.currentState.plays == 3)
  }
}
