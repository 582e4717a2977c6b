import Foundation
import Reactors
import StandupsCore
import TerminalTesting
import Testing

/// The real `standups` in tmux, in a folder of its own (its database, a recording, a
/// transcript), driven as a person would. Released, it ends the program and its tmux first,
/// then removes the folder.
final class StandupsSession {
  /// The folder of the session's files.
  let folder: URL
  /// The session's SQLite file.
  let database: String
  /// The tmux running the program, once started.
  private(set) var tmux: Tmux?

  /// A session whose database holds `standups` (none: the file is made by the program).
  init(_ standups: [Standup] = []) throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "standups-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    database = folder.appendingPathComponent("standups.sqlite").path
    if !standups.isEmpty { try StandupsDatabase.sqlite(path: database).save(standups) }
  }

  deinit {
    tmux = nil
    try? FileManager.default.removeItem(at: folder)
  }

  /// The path of a file named `name` in the session's folder.
  func file(_ name: String) -> String { folder.appendingPathComponent(name).path }

  /// The shell command that runs the program on the session's database with `arguments`.
  func command(_ arguments: [String] = []) throws -> String {
    let program = try #require(
      builtProduct(named: "standups"), "build the standups product first")
    return ([program, "--database", database] + arguments).map(shellQuoted).joined(separator: " ")
  }

  /// Starts the program with `arguments`, in a new tmux or again in the same pane.
  func start(_ arguments: [String] = []) throws {
    if let tmux {
      try tmux.restart(command(arguments))
    } else {
      tmux = try Tmux(running: command(arguments))
    }
  }

  /// Runs `shell` (a shell command line) in a new tmux, or again in the same pane.
  func run(shell: String) throws {
    if let tmux {
      try tmux.restart(shell)
    } else {
      tmux = try Tmux(running: shell)
    }
  }

  /// Types `keys` (control keys as their bytes: ``escape``, ``tab``, ``enter``).
  func type(_ keys: String) throws {
    try #require(tmux, "start the program first").type(keys)
  }

  /// Waits until the screen shows every one of `texts`, and returns it.
  @discardableResult
  func waitFor(
    _ texts: String..., fileID: String = #fileID, line: Int = #line
  ) throws -> String {
    try waitUntil(fileID: fileID, line: line) { screen in texts.allSatisfy(screen.contains) }
  }

  /// Waits until `isDone` holds for the screen, and returns it.
  @discardableResult
  func waitUntil(
    fileID: String = #fileID, line: Int = #line, _ isDone: (String) -> Bool
  ) throws -> String {
    try #require(tmux, "start the program first").waitForScreen(
      fileID: fileID, line: line, until: isDone)
  }

  /// Quits with `q` and waits for the goodbye line.
  func quit() throws {
    try type("q")
    try waitFor("Bye.")
  }

  /// What the database holds now.
  func saved() throws -> [Standup] { try StandupsDatabase.sqlite(path: database).load() }
}

/// The bytes of the keys the screens use.
let escape = "\u{1B}"
let tab = "\t"
let enter = "\r"
let backspace = "\u{7F}"

/// `text` as one word of a shell command.
func shellQuoted(_ text: String) -> String {
  "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}

/// Standups the tests start from, with fixed ids for their links.
enum Seed {
  static let engineeringID = UUID(uuidString: "E0000000-0000-4000-8000-000000000001")!
  static let designID = UUID(uuidString: "D0000000-0000-4000-8000-000000000002")!
  static let meetingID = UUID(uuidString: "A0000000-0000-4000-8000-000000000003")!

  /// Two minutes, three attendees, one past meeting.
  static let engineering = Standup(
    id: engineeringID, title: "Engineering", duration: .seconds(120),
    attendees: attendees("Ada", "Bob", "Chen"),
    meetings: [
      Meeting(
        id: meetingID, date: Date(timeIntervalSince1970: 1_700_000_000),
        transcript: "Seeded transcript: the release is on Friday.")
    ],
    theme: .orange)

  /// One minute, two attendees, no meetings.
  static let design = Standup(
    id: designID, title: "Design", duration: .seconds(60), attendees: attendees("Dana", "Eli"),
    theme: .teal)

  static func attendees(_ names: String...) -> IdentifiedArray<Attendee> {
    IdentifiedArray(names.map { Attendee(id: UUID(), name: $0) })
  }
}
