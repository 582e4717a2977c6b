import Foundation
import Reactors
import ReactorsTestSupport
import ReactorsTesting
import Testing

/// Outside events reach `reduce` synchronously: RxTodo's `TaskListViewReactor` merges its
/// service's event relay in `transform(mutation:)`, mapping each event with a `flatMap` that
/// reads `currentState`.
@Suite struct PublishRelayTests {
  @Test func aServiceEventIsReducedBeforeAcceptReturns() {
    let service = TaskService()
    let reactor = TaskListReactor(service: service)
    #expect(reactor.currentState.titles == [])
    service.create("milk")
    #expect(reactor.currentState.titles == ["milk"])
    service.event.accept(.markDone("milk"))
    #expect(reactor.currentState.done == ["milk"])
  }

  @Test func theFlatMapReadsTheStateOfItsTurn() {
    let service = TaskService()
    let reactor = TaskListReactor(service: service)
    _ = reactor.currentState  // started: subscribed (events before that are not replayed)
    service.create("milk")
    // Already in the list: `mutate(taskEvent:)` reads the state and returns `.none`.
    service.create("milk")
    #expect(reactor.currentState.titles == ["milk"])
  }

  @Test func everyReactorThatMergedTheRelayHearsEachEvent() {
    let service = TaskService()
    let first = TaskListReactor(service: service)
    let second = TaskListReactor(service: service)
    _ = (first.currentState, second.currentState)  // started: subscribed
    service.create("bread")
    #expect(first.currentState.titles == ["bread"])
    #expect(second.currentState.titles == ["bread"])
  }

  @Test func theSubscriptionEndsWithTheReactor() {
    let service = TaskService()
    do {
      let reactor = TaskListReactor(service: service)
      _ = reactor.currentState
      #expect(service.event.subscriberCount == 1)
    }
    #expect(service.event.subscriberCount == 0)
    service.create("nobody hears this")
  }

  @Test(.timeLimit(.minutes(3)))
  func eventsAcceptedFromManyThreadsAreEachReducedOnce() async throws {
    let service = TaskService()
    let reactor = TaskListReactor(service: service)
    _ = reactor.currentState
    let finished = await onThreads(4, within: 120) { thread in
      for index in 0..<1_000 { service.create("\(thread)-\(index)") }
    }
    try #require(finished)  // else idle() could wait for ever
    await reactor.storage.idle()
    #expect(reactor.currentState.titles.count == 4_000)
    #expect(Set(reactor.currentState.titles).count == 4_000)
  }

  @Test func awaitingACountOfSubscriptionsEndsWhenReachedOrCancelled() async {
    let service = TaskService()
    let relay = service.event
    #expect(await withDeadline { await relay.subscriptions(reaching: 0) } != nil)  // at once
    var reactor: TaskListReactor? = TaskListReactor(service: service)
    _ = reactor?.currentState  // started: subscribed
    #expect(await withDeadline { await relay.subscriptions(reaching: 1) } != nil)
    let waiting = Task { await relay.subscriptions(reaching: 5) }
    waiting.cancel()
    #expect(await withDeadline { await waiting.value } != nil)  // though 5 never come
    reactor = nil
    #expect(await withDeadline { await relay.subscriptions(reaching: 0) } != nil)
  }

  @Test func anEffectOfARelayEndsWhenCancelled() async {
    let relay = PublishRelay<Int>()
    let reactor = ProbeReactor(mutate: { _, action in
      switch action {
      case .custom(1): return relay.map { .add($0) }.cancellable(id: "relay")
      case .custom(2): return .cancel(id: "relay")
      default: return ProbeReactor.defaultMutation(action)
      }
    })
    let tester = ReactorTester(reactor)
    await tester.send(.custom(1))
    #expect(await withDeadline { await relay.subscriptions(reaching: 1) } != nil)
    relay.accept(5)
    await tester.receive(.add(5)) { $0.count = 5 }
    await tester.send(.custom(2))
    #expect(await withDeadline { await relay.subscriptions(reaching: 0) } != nil)
    relay.accept(100)
    await tester.finish()  // the relay's effect ended; nothing more was reduced
    #expect(reactor.currentState.count == 5)
  }
}

enum TaskEvent: Sendable {
  case create(String)
  case markDone(String)
}

/// RxTodo's `TaskService`: its changes go out as events on a relay.
final class TaskService: Sendable {
  let event = PublishRelay<TaskEvent>()

  func create(_ title: String) { event.accept(.create(title)) }
}

/// RxTodo's `TaskListViewReactor`, reduced to what the relay serves.
final class TaskListReactor: Reactor {
  enum Action: Sendable { case refresh }
  enum Mutation: Sendable {
    case insert(String)
    case markDone(String)
  }
  struct State: Sendable {
    var titles: [String] = []
    var done: [String] = []
  }

  let storage = Storage()
  let initialState = State()
  let service: TaskService

  init(service: TaskService) { self.service = service }

  func mutate(action: Action) -> Effect<Mutation> { .none }

  func transform(mutation: Upstream<Mutation>) -> Upstream<Mutation> {
    let taskEventMutation = service.event.flatMap { [weak self] taskEvent -> Effect<Mutation> in
      self?.mutate(taskEvent: taskEvent) ?? .none
    }
    return .merge(mutation, taskEventMutation)
  }

  private func mutate(taskEvent: TaskEvent) -> Effect<Mutation> {
    let state = currentState
    switch taskEvent {
    case .create(let title):
      guard !state.titles.contains(title) else { return .none }
      return .just(.insert(title))
    case .markDone(let title):
      return .just(.markDone(title))
    }
  }

  func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .insert(let title): state.titles.append(title)
    case .markDone(let title): state.done.append(title)
    }
  }
}
