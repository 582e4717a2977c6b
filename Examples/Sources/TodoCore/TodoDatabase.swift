import Foundation
import GRDB
import Synchronization

/// The SQLite file that keeps the list between runs.
///
/// Every write is one transaction, committed before the item is marked saved: a program killed
/// at any moment leaves the file with every acknowledged item (SQLite's atomic commit).
public final class TodoDatabase: Sendable {
  private let queue: DatabaseQueue
  /// How long each write waits first; the last applies to every later write.
  private let writeDelays: [Duration]
  /// How many writes have started.
  private let writes = Mutex(0)

  /// Opens (or creates) the file at `path` and reads nothing yet.
  ///
  /// `maxPageCount` caps the file's size (SQLite's `max_page_count`), so tests can fill the
  /// "disk" without filling the real one; `writeDelays` make each save wait after writing its
  /// rows and before committing them, a slow disk, so that a test can kill the program in the
  /// middle of a write (the rows in the file's journal, not committed): the first
  /// write waits `writeDelays[0]`, the second `writeDelays[1]`, and the last delay applies to
  /// every write after (`[.zero, .zero, .zero, .seconds(5)]`: three quick writes, then slow
  /// ones).
  public init(
    path: String, maxPageCount: Int? = nil, writeDelays: [Duration] = []
  ) throws(TodoDatabaseError) {
    self.writeDelays = writeDelays
    var configuration = Configuration()
    if let maxPageCount {
      configuration.prepareDatabase { db in
        try db.execute(sql: "PRAGMA max_page_count = \(maxPageCount)")
      }
    }
    do {
      queue = try DatabaseQueue(path: path, configuration: configuration)
      try queue.write { db in
        try db.execute(
          sql: """
            CREATE TABLE IF NOT EXISTS todo (
              id INTEGER PRIMARY KEY, title TEXT NOT NULL, done INTEGER NOT NULL)
            """)
      }
    } catch {
      throw TodoDatabaseError(opening: path, error)
    }
  }

  /// Every item in the file, oldest first, all marked saved. A file whose values are not what
  /// the list writes (a title that is not text, a number outside ``TodoItem/numbers``) is
  /// refused with what is wrong, and left as it is.
  public func load() throws(TodoDatabaseError) -> [TodoItem] {
    do {
      return try queue.read { db in
        try Row.fetchAll(db, sql: "SELECT id, title, done FROM todo ORDER BY id").map { row in
          // Decoded with errors, not GRDB's subscript, which stops the program on a value of
          // another type (text in `done`, bytes that are not UTF-8 in `title`).
          let id: Int = try row.decode(forColumn: "id")
          guard TodoItem.numbers.contains(id) else {
            throw TodoFileProblem(
              "item \(id) is numbered outside \(TodoItem.numbers.lowerBound) to "
                + "\(TodoItem.numbers.upperBound)")
          }
          return TodoItem(
            id: id, title: try row.decode(forColumn: "title"),
            isDone: try row.decode(forColumn: "done"), isSaved: true)
        }
      }
    } catch {
      throw TodoDatabaseError(reading: error)
    }
  }

  /// Deletes `deletedIDs`, then writes `items` (inserted or updated), each step one
  /// transaction: a delete goes through even when the disk is too full for the writes.
  public func save(_ items: [TodoItem], deleting deletedIDs: [Int]) throws(TodoDatabaseError) {
    let started = writes.withLock { count in
      defer { count += 1 }
      return count
    }
    let delay =
      writeDelays.isEmpty ? Duration.zero : writeDelays[min(started, writeDelays.count - 1)]
    do {
      if !deletedIDs.isEmpty {
        try queue.write { db in
          for id in deletedIDs {
            try db.execute(sql: "DELETE FROM todo WHERE id = ?", arguments: [id])
          }
        }
      }
      if !items.isEmpty {
        try queue.write { db in
          for item in items {
            try db.execute(
              sql: """
                INSERT INTO todo (id, title, done) VALUES (?, ?, ?)
                ON CONFLICT(id) DO UPDATE SET title = excluded.title, done = excluded.done
                """,
              arguments: [item.id, item.title, item.isDone])
          }
          // The slow disk: the rows are written, the transaction not yet committed, so a kill
          // now lands mid-write.
          Self.wait(delay)
        }
      } else {
        Self.wait(delay)
      }
    } catch {
      throw TodoDatabaseError(writing: error)
    }
  }
}

extension TodoDatabase {
  /// Blocks the calling thread for `delay` (the slow disk of the tests).
  fileprivate static func wait(_ delay: Duration) {
    guard delay > .zero else { return }
    let (seconds, attoseconds) = delay.components
    Thread.sleep(forTimeInterval: Double(seconds) + Double(attoseconds) / 1e18)
  }
}

/// What is wrong with a value in the list's file (see ``TodoDatabase/load()``).
struct TodoFileProblem: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) { self.description = description }
}

/// Why the list's file could not be used, said so a person knows what to do.
public struct TodoDatabaseError: Error, CustomStringConvertible {
  /// A sentence or two: what happened and how to fix it.
  public let description: String

  init(opening path: String, _ error: any Error) {
    let reason = Self.reason(error)
    description =
      "Cannot open \(path): \(reason). The file is left as it is; this session's changes "
      + "are not saved. Move the file aside (or pass another path) to start a new list."
  }

  init(reading error: any Error) {
    description =
      "Cannot read the list: \(Self.reason(error)). The file is left as it is; move it "
      + "aside to start a new list."
  }

  init(writing error: any Error) {
    let reason = Self.reason(error)
    let fix =
      (error as? DatabaseError)?.resultCode == .SQLITE_FULL
      ? "Free some disk space; unsaved items are kept on screen and saved with the next change."
      : "Unsaved items are kept on screen and saved with the next change."
    description = "Not saved: \(reason). \(fix)"
  }

  private static func reason(_ error: any Error) -> String {
    guard let error = error as? DatabaseError else { return "\(error)" }
    return error.message ?? "\(error.resultCode)"
  }
}
