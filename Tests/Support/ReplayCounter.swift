import Reactors

/// The counter of the replay tests (a bug report become a test): `reduce` adds one a send;
/// changed (`changedAt`), the send that takes the count to `changedAt` adds one more, so that a
/// replay of a recording made without the change names that send's mutation.
package final class Counter: Reactor {
  /// Its one action, which is also its mutation.
  package enum Action: Codable, Equatable, Sendable { case increment }
  /// The count.
  package struct State: Codable, Equatable, Sendable {
    package var count = 0
    package init() {}
  }

  package let storage = Storage()
  package let initialState = State()
  /// The count at which a send adds two; `nil`: never.
  package let changedAt: Int?

  package init(changedAt: Int? = nil) { self.changedAt = changedAt }

  package func reduce(state: inout State, mutation: Action) {
    state.count += state.count + 1 == changedAt ? 2 : 1
  }
}

/// A recording of a ``Counter``.
package typealias CounterRecording = Recording<Counter.Action, Counter.Action, Counter.State>
