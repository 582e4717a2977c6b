/// A UI-independent state machine: a view sends it Actions, `mutate` turns each into an
/// ``Effect`` of Mutations, and `reduce` folds each Mutation into the State the view renders.
///
/// A reactor from ReactorKit reads almost the same in Reactors: the stream type is ``Effect``
/// instead of `Observable`, the class is `final` (it is shared across threads, so it must be
/// `Sendable`), and it declares its storage in one line:
///
/// ```swift
/// final class CounterViewReactor: Reactor {
///   let storage = Storage()
///   let initialState = State()
///
///   enum Action { case increase }
///   enum Mutation { case increaseValue }
///   struct State { var value = 0 }
///
///   func mutate(action: Action) -> Effect<Mutation> { .just(.increaseValue) }
///
///   func reduce(state: State, mutation: Mutation) -> State {
///     var newState = state
///     newState.value += 1
///     return newState
///   }
/// }
///
/// let reactor = CounterViewReactor()
/// reactor.send(.increase)
/// reactor.currentState.value  // 1, on the next line
/// ```
///
/// ## Contracts
///
/// - **Any thread, one at a time, in order, never hung.** ``send(_:fileID:line:)`` may be called from any
///   thread, task or actor. Actions are processed one at a time, in arrival order; none is lost
///   or duplicated. An action sent while another is being processed (from `mutate`, `reduce`,
///   an observer, an effect or another thread) is queued and runs after it, never recursed
///   into. No thread waits for another thread's `mutate`, observer or effect (a `send` that
///   joins a backlog of 256 queued items pauses about 0.1 ms, and behind 32 for up to 0.8 ms
///   while two or more other threads pause on the reactor, on the clock: see
///   ``send(_:fileID:line:)``).
/// - **Synchronous when it can be.** When the reactor is idle, mutations that need no waiting
///   are reduced, and observers told, before ``send(_:fileID:line:)`` returns: the next line reads the new
///   ``currentState``.
/// - **Errors never end a reactor.** A failing effect goes to its ``Effect/catch(_:)`` or to
///   ``report(_:)``; the reactor keeps working.
/// - **Lifetime is structured.** Every effect is a task the reactor owns: when the reactor goes
///   away, or a newer effect with the same id replaces it, it is cancelled. The reactor and its
///   streams are deallocated when the last outside reference goes.
/// - **Time is injected.** Anything that waits takes a `Clock`.
/// - **Reduce does not copy the world.** The engine reduces in place through
///   `reduce(state: inout State, mutation:)`; implement that form when the state holds large
///   collections (appending is then O(1)). The returning form is fine for small states: it
///   costs one copy of the state per mutation.
/// - **Observers pay only for what changed.** ``observe(_:_:)`` with a key path is called only
///   when that value changes.
///
/// Thread rules: one thread at a time processes the reactor's work, the one that found it idle
/// (see ``ReactorStorage``). It calls `mutate`, observers and effects with no lock held, one at
/// a time, in order; `reduce` and `transform(state:)`'s stage run with the reactor's short
/// lock held, so they must be pure: no `send`, no blocking. `initialState` and the `transform`
/// hooks are called once, on first use, with no lock held.
public protocol Reactor: AnyObject, Sendable {
  /// What the view asks for: user interactions and outside events.
  associatedtype Action: Sendable
  /// The smallest change to the state. Defaults to `Action`, with `mutate` passing it through.
  /// Mutations never leave the reactor: the outside sees Actions in and State out.
  associatedtype Mutation: Sendable = Action
  /// What the view renders.
  associatedtype State: Sendable

  /// The state before any action. Read once, when the reactor is first used.
  var initialState: State { get }

  /// The reactor's engine: declare it as `let storage = Storage()`.
  var storage: ReactorStorage<Self> { get }

  /// Turns an action into mutations; side effects (network, timers) belong here.
  func mutate(action: Action) -> Effect<Mutation>

  /// Returns the state after a mutation. A pure function: no side effects, no `send`.
  func reduce(state: State, mutation: Mutation) -> State

  /// Applies a mutation to the state in place: the form the engine calls. Its default calls
  /// the returning form; implement this one instead when the state holds large collections.
  func reduce(state: inout State, mutation: Mutation)

  /// Transforms the stream of actions once, before `mutate`: log or rewrite every action
  /// (`map`, `filter`), start with an action (`prepend`), or merge outside events
  /// (`merge(with:)`). See ``Upstream`` for what applies.
  func transform(action: Upstream<Action>) -> Upstream<Action>

  /// Transforms the stream of mutations once, before `reduce`: typically merges an outside
  /// stream (a shared service's ``PublishRelay``) into the mutations.
  func transform(mutation: Upstream<Mutation>) -> Upstream<Mutation>

  /// Transforms every state after `reduce` (`map`, `filter`). ``currentState`` is the
  /// transformed state.
  func transform(state: StateUpstream<State>) -> StateUpstream<State>

  /// Hears what went wrong without stopping the reactor: failed effects and misuses.
  /// The default prints a runtime warning naming the reactor and the action, once per reactor
  /// type and kind of issue (then with a count at the 10th, 100th... time), and nothing for a
  /// value an effect sent after its cancellation (``ReactorIssue/sentAfterCancellation(action:)``),
  /// which is the cancellation working. Implement it to hear every issue.
  func report(_ issue: ReactorIssue<Action>)
}

extension Reactor {
  /// The storage type to declare in a reactor: `let storage = Storage()`.
  public typealias Storage = ReactorStorage<Self>

  /// Returns the state unchanged (ReactorKit's default), with one runtime warning per reactor
  /// type at its first mutation: a reactor that implements neither `reduce` is legal, but its
  /// mutations change nothing, which is most often a `reduce` forgotten or misspelled. Implement
  /// `reduce(state:mutation:)` returning `state` to say that is what you meant.
  public func reduce(state: State, mutation: Mutation) -> State {
    runtimeWarningOnce(
      "\(Self.self) implements neither reduce(state:mutation:), so its mutations change nothing "
        + "(first: \(mutation)). Implement reduce(state: inout State, mutation: Mutation) in "
        + "\(Self.self), or reduce(state:mutation:) returning state if nothing is to change.",
      key: "\(Self.self).reduceNotImplemented")
    return state
  }

  /// Calls the returning ``reduce(state:mutation:)-(_,_)``.
  @inlinable
  public func reduce(state: inout State, mutation: Mutation) {
    state = reduce(state: state, mutation: mutation)
  }

  /// Leaves the actions unchanged.
  public func transform(action: Upstream<Action>) -> Upstream<Action> { action }

  /// Leaves the mutations unchanged.
  public func transform(mutation: Upstream<Mutation>) -> Upstream<Mutation> { mutation }

  /// Leaves the states unchanged.
  public func transform(state: StateUpstream<State>) -> StateUpstream<State> { state }

  /// Prints a runtime warning that names the reactor, unless the issue is one that is not a
  /// mistake (see ``ReactorIssue/warnsByDefault``); never twice in a row for the same reactor
  /// type and kind of issue (see ``report(_:)``).
  public func report(_ issue: ReactorIssue<Action>) {
    guard issue.warnsByDefault else { return }
    runtimeWarning("\(Self.self): \(issue)", key: "\(Self.self).\(issue.kind)")
  }
}

extension Reactor where Mutation == Action {
  /// Passes every action through as the mutation.
  public func mutate(action: Action) -> Effect<Mutation> { .just(action) }
}
