/// The clock a feature waits on (contract 5: time is injected): `ContinuousClock` in the app; in
/// a test, a clock that fails the test when slept on, until the test provides a `TestClock`.
///
/// ```swift
/// final class SearchReactor: Reactor {
///   private let clock: any Clock<Duration>
///   init(dependencies: Dependencies) { clock = dependencies.clock }
///   func mutate(action: Action) -> Effect<Mutation> {
///     .just(.search).debounce(id: "search", for: .milliseconds(300), clock: clock)
///   }
/// }
///
/// let clock = TestClock()
/// let reactor = SearchReactor(dependencies: .test { $0.clock = clock })
/// ```
public enum ClockKey: DependencyKey {
  /// `ContinuousClock()`.
  public static var liveValue: any Clock<Duration> { ContinuousClock() }

  /// A clock whose `sleep` fails the test, saying to provide a `TestClock`, and then throws
  /// `CancellationError`, so that the waiting effect ends; its `now` never moves.
  public static func testValue(_ unimplemented: Unimplemented) -> any Clock<Duration> {
    UnimplementedClock(failure: unimplemented.failure)
  }
}

extension Dependencies {
  /// The clock the feature waits on (``ClockKey``): `dependencies.clock = TestClock()`.
  public var clock: any Clock<Duration> {
    get { self[ClockKey.self] }
    set { self[ClockKey.self] = newValue }
  }
}

/// The clock a test gets when it did not provide one: sleeping on it fails the test.
struct UnimplementedClock: Clock {
  /// The unimplemented clock's only instant.
  struct Instant: InstantProtocol {
    var offset: Duration = .zero

    func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    func duration(to other: Instant) -> Duration { other.offset - offset }
    static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  let failure: @Sendable (String) -> Void

  /// A fixed instant: time does not move on this clock.
  var now: Instant { Instant() }

  var minimumResolution: Duration { .zero }

  /// Reports that the test did not provide a clock, then throws `CancellationError`.
  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    failure(
      "clock.sleep was called, but this test did not provide a clock. Provide one: "
        + "`dependencies[ClockKey.self] = TestClock()`.")
    throw CancellationError()
  }
}
