import Foundation
import GRDB
import Reactors
import Synchronization

extension StandupsDatabase {
  /// The standups in the SQLite file at `path` (made, with its folder, when missing), opened
  /// on the first ``load`` or ``save``: three tables, `standup`, `attendee` and `meeting`, in
  /// the list's order.
  ///
  /// Each save is one transaction that replaces every row, so a program killed at any moment
  /// leaves the file with the standups of one save or the next, never a mix. Dates are kept as
  /// seconds since 2001 (`REAL`), so that they read back exactly as they were.
  public static func sqlite(path: String) -> StandupsDatabase {
    let file = StandupsFile(path: path)
    return StandupsDatabase(
      load: { try file.load() },
      save: { standups in try file.save(standups) })
  }
}

/// Why the standups' file could not be used, said so a person knows what to do.
public struct StandupsDatabaseError: Error, Equatable, CustomStringConvertible {
  /// A sentence or two: what happened and how to fix it.
  public let description: String

  /// An error saying `description`.
  public init(_ description: String) { self.description = description }
}

/// The SQLite file, opened once.
private final class StandupsFile: Sendable {
  let path: String
  private let queue = Mutex<DatabaseQueue?>(nil)

  init(path: String) { self.path = path }

  /// The open file, with its tables made.
  private func open() throws -> DatabaseQueue {
    try queue.withLock { queue in
      if let queue { return queue }
      do {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let opened = try DatabaseQueue(path: path)
        try Self.migrator.migrate(opened)
        queue = opened
        return opened
      } catch {
        throw StandupsDatabaseError(
          "Cannot open \(path): \(Self.reason(error)). The file is left as it is; move it "
            + "aside (or pass another path) to start a new list.")
      }
    }
  }

  /// The tables.
  private static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("Create standups") { db in
      try db.execute(
        sql: """
          CREATE TABLE standup (
            id TEXT PRIMARY KEY NOT NULL, position INTEGER NOT NULL, title TEXT NOT NULL,
            seconds INTEGER NOT NULL, theme TEXT NOT NULL);
          CREATE TABLE attendee (
            standupID TEXT NOT NULL REFERENCES standup(id) ON DELETE CASCADE,
            id TEXT NOT NULL, position INTEGER NOT NULL, name TEXT NOT NULL,
            PRIMARY KEY (standupID, id));
          CREATE TABLE meeting (
            standupID TEXT NOT NULL REFERENCES standup(id) ON DELETE CASCADE,
            id TEXT NOT NULL, position INTEGER NOT NULL, date REAL NOT NULL,
            transcript TEXT NOT NULL, PRIMARY KEY (standupID, id));
          """)
    }
    return migrator
  }

  func load() throws -> [Standup] {
    let queue = try open()
    do {
      return try queue.read { db in
        var standups = try Row.fetchAll(
          db, sql: "SELECT id, title, seconds, theme FROM standup ORDER BY position"
        ).map { row in
          try Self.standup(row)
        }
        var positions: [UUID: Int] = [:]
        for (position, standup) in standups.enumerated() { positions[standup.id] = position }
        for row in try Row.fetchAll(
          db, sql: "SELECT standupID, id, name FROM attendee ORDER BY standupID, position")
        {
          guard let position = positions[try Self.uuid(row.decode(forColumn: "standupID"))]
          else { continue }
          let id = try Self.uuid(row.decode(forColumn: "id"))
          standups[position].attendees.append(
            Attendee(id: id, name: try row.decode(forColumn: "name")))
        }
        for row in try Row.fetchAll(
          db,
          sql: "SELECT standupID, id, date, transcript FROM meeting ORDER BY standupID, position")
        {
          guard let position = positions[try Self.uuid(row.decode(forColumn: "standupID"))]
          else { continue }
          standups[position].meetings.append(try Self.meeting(row))
        }
        return standups
      }
    } catch {
      throw StandupsDatabaseError(
        "Cannot read the standups in \(path): \(Self.reason(error)). The file is left as it "
          + "is; move it aside to start a new list.")
    }
  }

  func save(_ standups: [Standup]) throws {
    let queue = try open()
    do {
      try queue.write { db in
        try db.execute(sql: "DELETE FROM standup")
        for (position, standup) in standups.enumerated() {
          let id = standup.id.uuidString
          try db.execute(
            sql: "INSERT INTO standup (id, position, title, seconds, theme) VALUES (?, ?, ?, ?, ?)",
            arguments: [id, position, standup.title, standup.seconds, standup.theme.rawValue])
          for (index, attendee) in standup.attendees.enumerated() {
            try db.execute(
              sql: "INSERT INTO attendee (standupID, id, position, name) VALUES (?, ?, ?, ?)",
              arguments: [id, attendee.id.uuidString, index, attendee.name])
          }
          for (index, meeting) in standup.meetings.enumerated() {
            try db.execute(
              sql: """
                INSERT INTO meeting (standupID, id, position, date, transcript)
                VALUES (?, ?, ?, ?, ?)
                """,
              arguments: [
                id, meeting.id.uuidString, index, meeting.date.timeIntervalSinceReferenceDate,
                meeting.transcript,
              ])
          }
        }
      }
    } catch {
      throw StandupsDatabaseError(
        "Not saved to \(path): \(Self.reason(error)). The standups on screen are kept and "
          + "saved with the next change.")
    }
  }

  /// The standup of a row of `standup`: each value decoded with an error, not GRDB's
  /// subscript, which stops the program on a value of another type (text in `seconds`, bytes
  /// that are not UTF-8 in `title`), and its length one of ``Standup/lengths``.
  private static func standup(_ row: Row) throws -> Standup {
    let title: String = try row.decode(forColumn: "title")
    let seconds: Int = try row.decode(forColumn: "seconds")
    guard Standup.lengths.contains(seconds) else {
      throw StandupsDatabaseError(
        "the standup \"\(title)\" lasts \(seconds) seconds, where a standup lasts "
          + "\(Standup.lengths.lowerBound) to \(Standup.lengths.upperBound)")
    }
    return Standup(
      id: try uuid(row.decode(forColumn: "id")), title: title, duration: .seconds(seconds),
      theme: Theme(rawValue: try row.decode(forColumn: "theme")) ?? .bubblegum)
  }

  /// The meeting of a row of `meeting`, decoded as ``standup(_:)`` does; its date a finite
  /// time.
  private static func meeting(_ row: Row) throws -> Meeting {
    let id = try uuid(row.decode(forColumn: "id"))
    let seconds: Double = try row.decode(forColumn: "date")
    guard seconds.isFinite else {
      throw StandupsDatabaseError("the meeting \(id.uuidString) has no date (\(seconds))")
    }
    return Meeting(
      id: id, date: Date(timeIntervalSinceReferenceDate: seconds),
      transcript: try row.decode(forColumn: "transcript"))
  }

  /// The id in a column, or an error naming the bad value.
  private static func uuid(_ text: String) throws -> UUID {
    guard let id = UUID(uuidString: text) else {
      throw StandupsDatabaseError("\"\(text)\" is not an id")
    }
    return id
  }

  /// What SQLite said, without GRDB's decoration.
  private static func reason(_ error: any Error) -> String {
    if let error = error as? StandupsDatabaseError { return error.description }
    guard let error = error as? DatabaseError else { return "\(error)" }
    return error.message ?? "\(error.resultCode)"
  }
}
