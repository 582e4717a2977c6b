import Foundation
import Observation
import Reactors
import Testing

/// A reactor with a hundred fields (the elements of `values`) and a title.
final class FieldsReactor: Reactor {
  enum Action: Sendable {
    case set(index: Int, value: Int)
    case bump(index: Int)
    case setTitle(String)
  }

  struct State: Equatable, Sendable {
    var values = [Int](repeating: 0, count: 100)
    var title = ""
  }

  let storage = Storage()
  let initialState = State()

  func reduce(state: inout State, mutation: Action) {
    switch mutation {
    case .set(let index, let value): state.values[index] = value
    case .bump(let index): state.values[index] += 1
    case .setTitle(let title): state.title = title
    }
  }
}

/// Counts the invalidations of tracked reads, by name.
final class Invalidations: Sendable {
  private let counts = Locked<[String: Int]>([:])

  subscript(name: String) -> Int { counts.withLock { $0[name, default: 0] } }
  var total: Int { counts.withLock { $0.values.reduce(0, +) } }

  /// Tracks what `read` reads; counts one invalidation under `name` when it changes.
  @MainActor
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
  func track(_ name: String, _ read: () -> Void) {
    withObservationTracking(read) { self.counts.withLock { $0[name, default: 0] += 1 } }
  }
}

/// The Observation view model: a view is invalidated when a property it read changes, and only
/// then; changes from other threads arrive on the main actor; nothing outlives the model.
// Observation needs iOS 17 / macOS 14: each test says so (a suite cannot).
@MainActor
@Suite(.timeLimit(.minutes(5))) struct ObservedReactorTests {
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
  @Test func oneChangedFieldInvalidatesOnlyTheViewThatReadIt() {
    let model = ObservedReactor(FieldsReactor())
    let invalidations = Invalidations()
    for index in 0..<100 {
      invalidations.track("field \(index)") { _ = model[dynamicMember: \.values[index]] }
    }
    model.send(.set(index: 7, value: 1))
    // On the main actor: visible on the next line, and invalidated at once.
    #expect(model[dynamicMember: \.values[7]] == 1)
    #expect(invalidations["field 7"] == 1)
    #expect(invalidations.total == 1)
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)

  @Test func aFieldReadThroughManyKeyPathObjectsIsObservedOnce() {
    let reactor = FieldsReactor()
    let model = ObservedReactor(reactor)
    // A key path with an argument is a new object at each read: 2,000 objects, 100 paths.
    for step in 0..<2_000 { _ = model[dynamicMember: \.values[step % 100]] }
    #expect(reactor.storage.observedKeyPathCount == 100)
    #expect(model.keyPathObjectCount <= 2 * 100 + 64)
    let invalidations = Invalidations()
    invalidations.track("7") { _ = model[dynamicMember: \.values[7]] }
    invalidations.track("title") { _ = model.title }
    model.send(.bump(index: 7))
    #expect(invalidations["7"] == 1)
    #expect(invalidations.total == 1)
    #expect(model[dynamicMember: \.values[7]] == 1)
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)

  @Test func aReadOfAFieldThatDidNotChangeIsNotInvalidated() {
    let model = ObservedReactor(FieldsReactor())
    let invalidations = Invalidations()
    invalidations.track("title") { _ = model.title }
    model.send(.set(index: 3, value: 9))
    model.send(.setTitle(""))  // the same title: a repeat, skipped
    #expect(invalidations.total == 0)
    model.send(.setTitle("new"))
    #expect(invalidations["title"] == 1)
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)

  @Test func aReadOfTheWholeStateIsInvalidatedByEveryChange() {
    let model = ObservedReactor(FieldsReactor())
    let invalidations = Invalidations()
    for step in 1...3 {
      // Tracking lasts until the first change, as a view's does until it re-renders.
      invalidations.track("state") { _ = model.state }
      model.send(.set(index: 0, value: step))
      #expect(invalidations["state"] == step)
    }
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)

  @Test func changesFromManyThreadsReachTheMainActorInOrderNewestLast() async {
    let model = ObservedReactor(FieldsReactor())
    let reactor = model.reactor
    // Each invalidation, with whether it came on the main queue.
    let (changes, changed) = AsyncStream.makeStream(of: Bool.self)
    // Re-tracks after each invalidation, as a view re-renders, and records what it reads.
    var seen: [Int] = []
    func render() {
      withObservationTracking {
        seen.append(model[dynamicMember: \.values[0]])
      } onChange: {
        changed.yield(isOnMainQueue())
      }
    }
    render()
    // Eight threads send while this test, on the main actor, renders after each invalidation.
    let senders = Task.detached {
      await withTaskGroup(of: Void.self) { group in
        for _ in 0..<8 {
          group.addTask { for _ in 1...500 { reactor.send(.bump(index: 0)) } }
        }
      }
    }
    var offTheMainQueue = 0
    // Ends at the final value; or, should it never come, when the time limit cancels the test.
    for await onMainQueue in changes {
      if !onMainQueue { offTheMainQueue += 1 }
      render()
      if seen.last == 4_000 { break }
    }
    await senders.value
    #expect(reactor.currentState.values[0] == 4_000)
    #expect(offTheMainQueue == 0, "invalidations must reach views on the main actor")
    // No render saw an older state than the one before it. (Two may see the same one: a read
    // returns the reactor's current state, which can be ahead of an invalidation still on its
    // way to the main actor; that invalidation then makes a render of the same value.)
    #expect(zip(seen, seen.dropFirst()).allSatisfy { $0 <= $1 })
    #expect(seen.first == 0 && seen.last == 4_000)
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)

  @Test func aStoreIsObservedTheSameWay() {
    let store = Store(
      initial: FieldsReactor.State(),
      reducer: { (state: inout FieldsReactor.State, action: FieldsReactor.Action) in
        if case .setTitle(let title) = action { state.title = title }
      })
    let model = ObservedStore(store)
    let invalidations = Invalidations()
    invalidations.track("title") { _ = model.title }
    invalidations.track("values") { _ = model.values }
    model.send(.setTitle("hello"))
    #expect(model.title == "hello")
    #expect(invalidations["title"] == 1)
    #expect(invalidations["values"] == 0)
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)

  @Test func nothingOutlivesTheModel() {
    let reactor = FieldsReactor()
    weak var weakModel: ObservedReactor<FieldsReactor>?
    do {
      let model = ObservedReactor(reactor)
      weakModel = model
      _ = model.title
      _ = model.state
      #expect(reactor.storage.hasObservers)
    }
    #expect(weakModel == nil)
    #expect(!reactor.storage.hasObservers)
    reactor.send(.setTitle("after"))  // nobody left to tell
    #expect(reactor.currentState.title == "after")
  }
}

/// A reactor whose start reads another value of its model for the first time: the model's
/// first read of one value runs the reactor's start, which reads the other.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
final class ReenteringReactor: Reactor {
  struct State: Equatable, Sendable {
    var number = 7
    var name = "seven"
  }
  typealias Action = Int

  let storage = Storage()
  let initialState = State()
  /// What the start reads through, once; set by the test.
  let model = Locked<ObservedReactor<ReenteringReactor>?>(nil)
  /// What that read returned.
  let nameSeenAtStart = Locked<String?>(nil)

  func reduce(state: inout State, mutation: Int) { state.number = mutation }

  func transform(action: Upstream<Int>) -> Upstream<Int> {
    // Once: the read below starts the reactor too (it has not started yet), which calls this
    // hook again.
    if let model = model.withLock({ model in
      defer { model = nil }
      return model
    }) {
      let name = MainActor.assumeIsolated { model.name }
      nameSeenAtStart.withLock { $0 = name }
    }
    return action
  }
}

@MainActor
@Suite struct ObservedReactorReentryTests {
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
  @Test func aFirstReadThatStartsAnotherKeepsEachValueItsOwnPlace() {
    let reactor = ReenteringReactor()
    let model = ObservedReactor(reactor)
    reactor.model.withLock { $0 = model }
    // The first read of `number` starts the reactor, whose start reads `name` first.
    #expect(model.number == 7)
    #expect(reactor.nameSeenAtStart.withLock { $0 } == "seven")
    #expect(model.name == "seven")
    #expect(model.number == 7)
    let invalidations = Invalidations()
    invalidations.track("number") { _ = model.number }
    invalidations.track("name") { _ = model.name }
    model.send(8)
    #expect(model.number == 8)
    #expect(invalidations["number"] == 1)
    #expect(invalidations["name"] == 0)
  }
}
