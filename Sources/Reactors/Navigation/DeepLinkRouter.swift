/// Opens deep links by building the whole new state at once: each route matches a path pattern
/// and sets the state the link names, three levels down if need be, on a copy that becomes the
/// state only when every step worked.
///
/// ```swift
/// var router = DeepLinkRouter<AppState>()
/// router.route("standups/:id/meetings/:meetingID") { parameters, state in
///   let id = try parameters.string("id")
///   guard let standup = state.standups[id: id] else {
///     throw DeepLinkError.notFound("no standup with id \(id)")
///   }
///   // New ids, after every id the stack gave before (assigning a new stack would start
///   // again at #0, and an effect of the old #0 would answer to the new one).
///   state.path.replace(with: [.detail(DetailState(standup: standup)), .meeting(...)])
/// }
/// // in reduce:
/// do { state = try router.open(url, in: state) } catch { state.alert = ... }
/// ```
///
/// **A pattern is a path.** Its `/`-separated segments are literals, matched exactly (case
/// included), and parameters, `:name`, which match any one path component; the link's scheme
/// is not matched, and its host is its first path component. When several patterns match, the
/// most specific wins: the one with a literal where the others have a parameter, leftmost
/// first (`"standups/new"` over `"standups/:id"`), whatever the order they were added in.
///
/// **Opening is all or nothing.** ``open(_:in:)-(String,_)`` returns the new state or throws a
/// ``DeepLinkError`` (typed throws, so a `catch` knows the type), and the state passed in is a
/// value the router never changes: an unknown route, a malformed link, a parameter that does
/// not parse, or an error thrown by a route leaves the caller's state as it was.
///
/// A value: routes are added before it is shared, and it is `Sendable` whatever `State` is, since
/// it holds only patterns and `@Sendable` closures; opening from any thread is safe.
public struct DeepLinkRouter<State>: Sendable {
  /// One segment of a pattern.
  enum Segment: Hashable, Sendable {
    /// Matches this exact component.
    case literal(String)
    /// Matches any one component, captured under this name.
    case parameter(String)
  }

  /// A pattern and what it does.
  struct Route: Sendable {
    /// The pattern as written.
    let pattern: String
    /// The pattern's segments.
    let segments: [Segment]
    /// Sets the state the link names.
    let apply: @Sendable (DeepLinkParameters, inout State) throws -> Void
  }

  /// The routes, in the order they were added.
  var routes: [Route] = []

  /// A router with no routes.
  public init() {}

  /// The patterns of the routes, in the order they were added.
  public var patterns: [String] { routes.map(\.pattern) }

  /// Adds a route: links whose path matches `pattern` (such as
  /// `"standups/:id/meetings/:meetingID"`) are opened by `apply`, which sets the state the link
  /// names on a copy and throws (``DeepLinkError/notFound(_:)``, say) when it cannot.
  ///
  /// A pattern with a parameter with no name (`:`), a parameter named twice, a `?` or a `#`, or
  /// the same shape as a route already added (`"a/:x"` and `"a/:y"`) is not added: a runtime
  /// warning says why, and the routes stay as they were.
  public mutating func route(
    _ pattern: String,
    _ apply: @escaping @Sendable (DeepLinkParameters, inout State) throws -> Void
  ) {
    let segments = pattern.split(separator: "/").map { part -> Segment in
      part.first == ":" ? .parameter(String(part.dropFirst())) : .literal(String(part))
    }
    if let problem = Self.problem(with: segments, pattern: pattern, routes: routes) {
      runtimeWarning(
        "DeepLinkRouter.route(\"\(pattern)\") was not added: \(problem). The routes are "
          + "unchanged.",
        key: "DeepLinkRouter.route")
      return
    }
    routes.append(Route(pattern: pattern, segments: segments, apply: apply))
  }

  /// Opens `url`: reads it as a ``DeepLink``, finds the route it matches, and returns `state`
  /// as that route changed it. Throws a ``DeepLinkError`` (and `state` is not changed, being a
  /// value) when the link is malformed, matches no route, or the route fails.
  public func open(_ url: String, in state: State) throws(DeepLinkError) -> State {
    try open(DeepLink(parsing: url), in: state)
  }

  /// Opens a link already read: finds the route it matches and returns `state` as that route
  /// changed it, or throws a ``DeepLinkError`` that says why not.
  public func open(_ link: DeepLink, in state: State) throws(DeepLinkError) -> State {
    guard let (route, captured) = match(link.path) else {
      throw .unknownRoute(path: link.path, known: patterns)
    }
    let parameters = DeepLinkParameters(link: link, pattern: route.pattern, captured: captured)
    var opened = state
    do {
      try route.apply(parameters, &opened)
    } catch let error as DeepLinkError {
      throw error
    } catch {
      throw .failed(pattern: route.pattern, reason: String(describing: error))
    }
    return opened
  }

  /// The most specific route matching `path`, with the components its parameters captured.
  func match(_ path: [String]) -> (Route, [String: String])? {
    var best: (route: Route, captured: [String: String])?
    for route in routes where route.segments.count == path.count {
      var captured: [String: String] = [:]
      let matches = zip(route.segments, path).allSatisfy { segment, component in
        switch segment {
        case .literal(let literal): return literal == component
        case .parameter(let name):
          captured[name] = component
          return true
        }
      }
      guard matches else { continue }
      if let current = best, !Self.isMoreSpecific(route.segments, than: current.route.segments) {
        continue
      }
      best = (route, captured)
    }
    return best
  }

  /// Whether `segments` has a literal at the first position where it and `other` differ in
  /// kind.
  static func isMoreSpecific(_ segments: [Segment], than other: [Segment]) -> Bool {
    for (mine, theirs) in zip(segments, other) {
      switch (mine, theirs) {
      case (.literal, .parameter): return true
      case (.parameter, .literal): return false
      default: continue
      }
    }
    return false
  }

  /// Why a pattern with `segments` cannot be added next to `routes`, or `nil` when it can.
  static func problem(with segments: [Segment], pattern: String, routes: [Route]) -> String? {
    if pattern.contains("?") || pattern.contains("#") {
      return "a pattern is a path and matches no query or fragment; remove the ? or # part"
    }
    var names: Set<String> = []
    for case .parameter(let name) in segments {
      if name.isEmpty { return "a parameter has no name; write it as \":name\"" }
      if !names.insert(name).inserted {
        return "the parameter \":\(name)\" appears twice; give each parameter its own name"
      }
    }
    let shape = segments.map(\.shape)
    if let existing = routes.first(where: { $0.segments.map(\.shape) == shape }) {
      return "it matches the same links as \"\(existing.pattern)\", which was added first; "
        + "remove one of them"
    }
    return nil
  }
}

extension DeepLinkRouter.Segment {
  /// The segment with its parameter's name left out: what decides which links it matches.
  var shape: String? {
    switch self {
    case .literal(let literal): return literal
    case .parameter: return nil
    }
  }
}
