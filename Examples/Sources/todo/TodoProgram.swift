import ExampleTerminal
import Foundation
import Reactors
import ReactorsInspector
import ReactorsRecording
import TodoCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The todo list in the terminal: `todo [file] [--record FILE] [--inspect]` (default
/// `todo.sqlite` in the current folder; `--record` records the session's store into FILE, to
/// replay in a test; `--inspect` records it in memory too and serves the inspector, whose
/// address shows under the help line).
/// Type a command and press Enter; every change is saved to the file before it is shown as
/// saved. `TODO_SLOW_DISK_MS=300` makes every write wait that long first (a slow disk: the
/// tests kill the program while it is still saving); `TODO_SLOW_DISK_MS=0,0,0,5000` makes the
/// first three writes quick and every later one slow (the last number applies from then on).
@main
enum TodoProgram {
  static func main() async {
    var arguments = Array(CommandLine.arguments.dropFirst())
    let inspect = arguments.contains("--inspect")
    arguments.removeAll { $0 == "--inspect" }
    var record: String?
    if let index = arguments.firstIndex(of: "--record") {
      guard index + 1 < arguments.count else {
        show("todo: --record needs a file: todo [file] --record session.jsonl\n")
        exit(2)
      }
      record = arguments[index + 1]
      arguments.removeSubrange(index...(index + 1))
    }
    let path = arguments.first ?? "todo.sqlite"
    var database: TodoDatabase?
    var initial = TodoState()
    do {
      let opened = try TodoDatabase(
        path: path, writeDelays: slowDisk())
      initial = TodoState(items: try opened.load())
      database = opened
    } catch {
      initial = TodoState(problem: error.description)
    }
    let store = Store(
      initial: initial, reducer: todoReducer,
      middlewares: [todoPersistence(database, unavailable: initial.problem ?? "no file")])
    var recording: Recording<TodoAction, TodoAction, TodoState>?
    var inspector: Inspector?
    do {
      // The inspector shows the steps kept in memory: a file's recording keeps them too.
      if let record {
        guard !isSameFile(record, as: path) else {
          show(
            "todo: --record would write over the list '\(Sanitized.text(record))': pass another file.\n"
          )
          exit(2)
        }
        recording = try Recording(
          of: store, named: "todo", writingTo: record, keepingSteps: inspect)
      } else if inspect {
        recording = Recording(of: store, named: "todo")
      }
      if inspect, let recording {
        inspector = try await Inspector.start(printsAddress: false)
        inspector?.inspect(recording)
      }
    } catch {
      show("todo: \(Sanitized.lines("\(error)"))\n")
      exit(2)
    }
    let note = inspector.map { "Inspector: \($0.address)" }
    let screen = store.observe { state in
      show(TodoScreen.clear + TodoScreen.render(state, note: note))
    }
    while let line = readLine() {
      guard let action = TodoScreen.command(for: line) else { break }
      store.dispatch(action)
    }
    screen.cancel()
    recording?.stop()
    await inspector?.stop()
    show(
      "\nBye. \(store.currentState.items.count) items, all saved: "
        + "\(store.currentState.items.allSatisfy(\.isSaved) ? "yes" : "no").\n")
  }

  /// `TODO_SLOW_DISK_MS`; a value that is not milliseconds is explained on stderr and ignored
  /// (the disk is then as fast as it is).
  private static func slowDisk() -> [Duration] {
    do {
      return try millisecondsSetting("TODO_SLOW_DISK_MS", like: "300 or 0,0,0,5000")
    } catch {
      FileHandle.standardError.write(Data("todo: \(Sanitized.lines("\(error)")) Ignored.\n".utf8))
      return []
    }
  }

  private static func show(_ text: String) {
    let bytes = Array(text.utf8)
    bytes.withUnsafeBytes { _ = write(STDOUT_FILENO, $0.baseAddress, $0.count) }
  }
}
