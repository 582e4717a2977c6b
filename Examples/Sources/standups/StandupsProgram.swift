import ExampleTerminal
import Foundation
import Reactors
import ReactorsInspector
import ReactorsRecording
import StandupsCore

/// `standups`: TCA's SyncUps in the terminal, on one Reactors store (``StandupsOptions`` has the
/// command line; each screen shows its keys).
///
/// The list of standups, an add sheet, a detail with an edit sheet and a delete confirmation,
/// a meeting being held (its clock `--clock-speed` times faster than real time; `t` then a
/// line is a sentence heard), past meetings. Every change to the standups is saved to the
/// SQLite file (`--database`) before the next action is processed.
///
/// **A deep link that cannot be opened ends the program** with the link's error on standard
/// error and status 2, before the screen starts: the link is a command the person typed, and a
/// script that passes one learns from the status whether it opened. (Inside the app, a link
/// that fails shows an alert instead, as ``AppFeature`` does.) A bad command line also exits
/// with status 2; `--help` exits with 0.
@main
enum StandupsProgram {
  static func main() async {
    let options: StandupsOptions
    do throws(UsageError) {
      options = try StandupsOptions(Array(CommandLine.arguments.dropFirst()))
    } catch {
      fail("\(error)")
    }
    if options.help {
      Terminal.write(StandupsOptions.usage + "\n")
      return
    }
    let (lines, heard) = AsyncStream.makeStream(of: String.self)
    if let path = options.transcript {
      guard let text = transcript(at: path) else {
        fail(
          "Cannot read the transcript file '\(Sanitized.text(path))'; pass a text file of at "
            + "most 1 MB.")
      }
      for line in text.split(whereSeparator: \.isNewline) { heard.yield(String(line)) }
    }
    let dependencies = Dependencies.live.with {
      $0.standupsDatabase = .sqlite(path: options.database)
      $0.speechClient = .lines(lines)
      if options.clockSpeed != 1 { $0.clock = SpeedClock(speed: options.clockSpeed) }
    }
    let initial = AppFeature.initialState(loadingFrom: dependencies.standupsDatabase)
    if let link = options.link {
      // Tried on the state the store starts from, so that the store's own opening, below,
      // cannot fail: both are the same function of the same state.
      do throws(DeepLinkError) {
        _ = try AppFeature.deepLinks(uuid: dependencies.uuid).open(link, in: initial)
      } catch {
        fail("Cannot open the link '\(Sanitized.text(link))'. \(Sanitized.text(error.description))")
      }
    }
    let activity = StoreActivity()
    let store = Store(
      initial: initial, reducer: AppFeature.reducer, actionMiddlewares: [activity.start],
      middlewares: AppFeature.middlewares(
        dependencies: dependencies, lastSaved: initial.list.standups) + [activity.finish])
    await run(store, activity: activity, options: options, heard: heard)
  }

  /// The screen, until `q` or Ctrl-C: keys in, the store's states out, the session recorded
  /// and inspected when asked. Quitting waits for the store to finish what the keys asked
  /// and to save what the screen showed (see ``StoreActivity``).
  static func run(
    _ store: Store<AppFeature.State, AppFeature.Action>, activity: StoreActivity,
    options: StandupsOptions, heard: AsyncStream<String>.Continuation
  ) async {
    var recording: Recording<AppFeature.Action, AppFeature.Action, AppFeature.State>?
    var inspector: Inspector?
    do {
      // The inspector shows the steps kept in memory: a file's recording keeps them too.
      if let path = options.record {
        guard !isSameFile(path, as: options.database) else {
          fail("--record would write over the database '\(path)': pass another file.")
        }
        recording = try Recording(
          of: store, named: "standups", writingTo: path, keepingSteps: options.inspect)
      } else if options.inspect {
        recording = Recording(of: store, named: "standups")
      }
      if options.inspect, let recording {
        inspector = try await Inspector.start(printsAddress: false)
        inspector?.inspect(recording)
      }
    } catch {
      fail("\(error)")
    }
    let terminal = Terminal()
    let size = Terminal.size()
    let writer = ScreenWriter()
    let display = Display(
      writer: writer, rows: size.rows, columns: size.columns,
      note: inspector.map { "Inspector: \($0.address)" })
    let screen = store.observe { display.show($0) }
    let meetings = MeetingStarter.observe(store)
    if let link = options.link { activity.dispatch(.openDeepLink(link), to: store) }
    reading: for await key in terminal.keys() {
      for command in display.commands(for: key, in: store.currentState) {
        switch command {
        case .send(let action): activity.dispatch(action, to: store)
        case .say(let line): heard.yield(line)
        case .quit: break reading
        }
      }
    }
    await activity.settle(within: .seconds(5))
    writer.close()
    screen.cancel()
    meetings.cancel()
    heard.finish()
    recording?.stop()
    await inspector?.stop()
    terminal.restore()
    let count = store.currentState.list.standups.count
    Terminal.write(
      "\u{1B}[\(size.rows);1H\r\nBye. \(count) standup\(count == 1 ? "" : "s") in "
        + "\(Sanitized.text(options.database)).\n")
  }

  /// Says `message` on standard error and exits with status 2.
  /// The text of the transcript file at `path` (through any link), or `nil` when it is not a
  /// regular file of at most a megabyte of UTF-8: not a device that never ends (/dev/zero),
  /// nor a pipe that would block the start. Checked and read through one descriptor.
  static func transcript(at path: String) -> String? {
    let limit = 1 << 20
    let file = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard file >= 0 else { return nil }
    let handle = FileHandle(fileDescriptor: file, closeOnDealloc: true)
    var status = stat()
    guard fstat(file, &status) == 0, mode_t(status.st_mode) & mode_t(S_IFMT) == mode_t(S_IFREG)
    else { return nil }
    // No bytes at all (an empty file) read as none.
    guard let bytes = try? handle.read(upToCount: limit + 1) ?? Data(), bytes.count <= limit
    else { return nil }
    return String(data: bytes, encoding: .utf8)
  }

  static func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("standups: \(Sanitized.lines(message))\n".utf8))
    exit(2)
  }
}
