import Foundation
import Reactors
import Synchronization

/// Where the standups are kept between runs: loaded once when the app starts, saved whole after
/// each change (see ``AppFeature/persistence(_:lastSaved:)``).
///
/// ``sqlite(path:)`` keeps them in an SQLite file through GRDB; ``inMemory(_:)`` keeps them in
/// memory, for tests and previews.
public struct StandupsDatabase: Sendable {
  /// Every standup, in the list's order; an empty list for a new file.
  public var load: @Sendable () throws -> [Standup]
  /// Replaces what is kept with `standups`, all or nothing.
  public var save: @Sendable (_ standups: [Standup]) throws -> Void

  /// A database made of its two endpoints.
  public init(
    load: @escaping @Sendable () throws -> [Standup],
    save: @escaping @Sendable (_ standups: [Standup]) throws -> Void
  ) {
    self.load = load
    self.save = save
  }

  /// Standups kept in memory, starting with `standups`: ``load`` returns what was saved last.
  /// Each call makes a new, separate store.
  public static func inMemory(_ standups: [Standup] = []) -> StandupsDatabase {
    let kept = Kept(standups)
    return StandupsDatabase(
      load: { kept.value.withLock { $0 } },
      save: { standups in kept.value.withLock { $0 = standups } })
  }

  /// The file the app uses unless told otherwise: `standups.sqlite` in the user's application
  /// support folder (`~/.local/share/Standups` on Linux).
  public static var defaultPath: String {
    let folder =
      FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
      ?? URL(fileURLWithPath: NSHomeDirectory())
    return folder.appendingPathComponent("Standups").appendingPathComponent("standups.sqlite")
      .path
  }

  /// The standups of ``inMemory(_:)``.
  private final class Kept: Sendable {
    let value: Mutex<[Standup]>
    init(_ standups: [Standup]) { value = Mutex(standups) }
  }
}

extension StandupsDatabase: DependencyKey {
  /// The SQLite file at ``defaultPath``, opened on first use.
  public static var liveValue: StandupsDatabase { .sqlite(path: defaultPath) }

  /// Fails the test that loads or saves without providing a database.
  public static func testValue(_ unimplemented: Unimplemented) -> StandupsDatabase {
    StandupsDatabase(
      load: {
        unimplemented.report("load")
        throw UnimplementedError(client: "StandupsDatabase", endpoint: "load")
      },
      save: { _ in
        unimplemented.report("save")
        throw UnimplementedError(client: "StandupsDatabase", endpoint: "save")
      })
  }
}

extension Dependencies {
  /// Where the standups are kept (``StandupsDatabase``): `$0.standupsDatabase = .inMemory()`.
  public var standupsDatabase: StandupsDatabase {
    get { self[StandupsDatabase.self] }
    set { self[StandupsDatabase.self] = newValue }
  }
}
