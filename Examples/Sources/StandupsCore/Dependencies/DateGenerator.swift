import Foundation
import Reactors

/// Tells the time a meeting ended: the system's time in the app, a fixed one in a test.
public struct DateGenerator: Sendable {
  /// Reads the time now.
  public var generate: @Sendable () -> Date

  /// A generator that calls `generate` for each reading.
  public init(_ generate: @escaping @Sendable () -> Date) { self.generate = generate }

  /// The time now.
  public var now: Date { generate() }

  /// A generator that always answers `date`: the one a test provides.
  public static func constant(_ date: Date) -> DateGenerator { DateGenerator { date } }
}

extension DateGenerator: DependencyKey {
  /// The system's time (`Date()`).
  public static var liveValue: DateGenerator { DateGenerator { Date() } }

  /// Fails the test that reads the time without providing a generator.
  public static func testValue(_ unimplemented: Unimplemented) -> DateGenerator {
    DateGenerator(unimplemented("now", placeholder: Date(timeIntervalSince1970: 0)))
  }
}

extension Dependencies {
  /// The time of day (``DateGenerator``): `$0.date = .constant(someDate)` in a test.
  public var date: DateGenerator {
    get { self[DateGenerator.self] }
    set { self[DateGenerator.self] = newValue }
  }
}
