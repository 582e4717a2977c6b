/// The stream of actions or mutations a `transform` hook receives: ReactorKit's
/// `Observable<Action>` in `transform(action:)`, with the operators the engine can run in line.
///
/// Only these apply, so a hook that compiles is a hook the engine runs: ``map(_:)``,
/// ``filter(_:)`` and ``compactMap(_:)`` change or drop each element; ``prepend(_:)`` starts
/// with elements (RxSwift's `startWith`); ``merge(with:)`` and ``merge(_:_:)`` merge outside
/// streams, as ``Effect``s: a ``PublishRelay``'s events reach `reduce` before `accept` returns,
/// an `AsyncSequence`'s arrive from its task.
///
/// ```swift
/// func transform(mutation: Upstream<Mutation>) -> Upstream<Mutation> {
///   .merge(mutation, userService.event.map(Mutation.setUser))
/// }
///
/// func transform(action: Upstream<Action>) -> Upstream<Action> {
///   action.map { log($0); return $0 }.prepend(.refresh)
/// }
/// ```
///
/// As in RxSwift, an operator applies to what comes before it: a `map` after a `merge` maps the
/// merged stream's elements too, a `map` before a `prepend` does not map the prepended ones.
public struct Upstream<Element: Sendable>: Sendable {
  /// Elements processed first, as if sent before anything else.
  @usableFromInline var prefix: [Element] = []
  /// Applied to every element of the upstream; `nil` is the identity, `nil` out drops.
  @usableFromInline var stage: (@Sendable (Element) -> Element?)?
  /// Outside streams whose elements join the stream.
  @usableFromInline var sources: [Effect<Element>] = []

  /// The untouched upstream, which the engine hands to the hook.
  @usableFromInline init() {}

  /// Whether the hook returned its upstream untouched: then it costs nothing per element.
  @inlinable var isIdentity: Bool { stage == nil && prefix.isEmpty && sources.isEmpty }

  /// Transforms every element.
  public func map(_ transform: @escaping @Sendable (Element) -> Element) -> Upstream {
    compactMap(transform)
  }

  /// Keeps only the elements for which `isIncluded` is true.
  public func filter(_ isIncluded: @escaping @Sendable (Element) -> Bool) -> Upstream {
    compactMap { isIncluded($0) ? $0 : nil }
  }

  /// Transforms every element and drops those that become `nil`.
  public func compactMap(_ transform: @escaping @Sendable (Element) -> Element?) -> Upstream {
    var upstream = self
    upstream.stage = composed(stage, transform)
    upstream.prefix = prefix.compactMap(transform)
    upstream.sources = sources.map { $0.compactMap(transform) }
    return upstream
  }

  /// Starts with `elements`, before anything else (RxSwift's `startWith`): in
  /// `transform(action:)`, starts the reactor with an action.
  public func prepend(_ elements: Element...) -> Upstream {
    var upstream = self
    upstream.prefix = elements + prefix
    return upstream
  }

  /// Merges an outside stream into this one.
  public func merge(with other: Effect<Element>) -> Upstream {
    var upstream = self
    upstream.sources.append(other)
    return upstream
  }

  /// Merges outside streams into `upstream`: RxSwift's `Observable.merge(mutation, events)`.
  public static func merge(_ upstream: Upstream, _ others: Effect<Element>...) -> Upstream {
    var merged = upstream
    merged.sources += others
    return merged
  }
}

/// The stream of states a `transform(state:)` hook receives: only ``map(_:)``, ``filter(_:)``
/// and ``compactMap(_:)`` apply; ``Reactor/currentState`` is the transformed state.
///
/// ```swift
/// func transform(state: StateUpstream<State>) -> StateUpstream<State> {
///   state.map { state in var state = state; state.title = state.title.uppercased(); return state }
/// }
/// ```
public struct StateUpstream<State: Sendable>: Sendable {
  /// Applied to every state; `nil` is the identity, `nil` out keeps the previous state.
  @usableFromInline var stage: (@Sendable (State) -> State?)?

  /// The untouched upstream, which the engine hands to the hook.
  @usableFromInline init() {}

  /// Transforms every state.
  public func map(_ transform: @escaping @Sendable (State) -> State) -> StateUpstream {
    compactMap(transform)
  }

  /// Keeps only the states for which `isIncluded` is true: the others leave `currentState` as
  /// it was.
  public func filter(_ isIncluded: @escaping @Sendable (State) -> Bool) -> StateUpstream {
    compactMap { isIncluded($0) ? $0 : nil }
  }

  /// Transforms every state; one that becomes `nil` leaves `currentState` as it was.
  public func compactMap(_ transform: @escaping @Sendable (State) -> State?) -> StateUpstream {
    var upstream = self
    upstream.stage = composed(stage, transform)
    return upstream
  }
}

/// `transform` applied after `stage` (`nil`, the identity); either may drop the element.
private func composed<Element: Sendable>(
  _ stage: (@Sendable (Element) -> Element?)?,
  _ transform: @escaping @Sendable (Element) -> Element?
) -> @Sendable (Element) -> Element? {
  guard let stage else { return transform }
  return { element in stage(element).flatMap(transform) }
}
