import Foundation
import Reactors
import Synchronization

/// Makes the ids of new standups, attendees and meetings: random in the app, counting up in a
/// test (``incrementing``), so that a test can write the ids it expects.
///
/// Only middleware calls it: a reducer gets the ids it needs in its actions, so that a replay,
/// which re-runs reducers, makes the same state.
public struct UUIDGenerator: Sendable {
  /// Makes one id.
  public var generate: @Sendable () -> UUID

  /// A generator that calls `generate` for each id.
  public init(_ generate: @escaping @Sendable () -> UUID) { self.generate = generate }

  /// A new id.
  public func callAsFunction() -> UUID { generate() }

  /// Ids counting up from `00000000-0000-0000-0000-000000000000`, a new count for each value
  /// made: the generator a test provides.
  public static var incrementing: UUIDGenerator {
    let counter = Counter()
    return UUIDGenerator { UUIDGenerator.counting(counter.next()) }
  }

  /// The id numbered `number` in ``incrementing``'s sequence: `…-000000000002` for 2.
  public static func counting(_ number: Int) -> UUID {
    UUID(uuidString: "00000000-0000-0000-0000-\(String(format: "%012x", number))")!
  }

  /// The next number of an ``incrementing`` generator.
  private final class Counter: Sendable {
    private let count = Mutex(0)

    func next() -> Int {
      count.withLock { count in
        defer { count += 1 }
        return count
      }
    }
  }
}

extension UUIDGenerator: DependencyKey {
  /// Random ids (`UUID()`).
  public static var liveValue: UUIDGenerator { UUIDGenerator { UUID() } }

  /// Fails the test that makes an id without providing a generator.
  public static func testValue(_ unimplemented: Unimplemented) -> UUIDGenerator {
    UUIDGenerator(unimplemented("generate", placeholder: counting(0)))
  }
}

extension Dependencies {
  /// The id generator (``UUIDGenerator``): `$0.uuid = .incrementing` in a test.
  public var uuid: UUIDGenerator {
    get { self[UUIDGenerator.self] }
    set { self[UUIDGenerator.self] = newValue }
  }
}
