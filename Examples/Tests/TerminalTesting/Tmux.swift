import Foundation

/// A private tmux server running one program in a detached session, driven as a person would:
/// keys in with `send-keys`, the screen out with `capture-pane`.
///
/// Released, it ends what it started, each by its PID with SIGKILL (which no signal mask or
/// handler stops): the pane's program and its process group, then the server and its group
/// (the `cat` of `pipe-pane`), whose socket it removes.
public final class Tmux {
  /// Whether `tmux` can be run here.
  public static let isAvailable: Bool = (try? Tmux.run(["-V"])) != nil

  let socket = "reactors-test-\(getpid())-\(UUID().uuidString.prefix(8))"
  let session = "main"
  /// What the program writes to its pane, piped here by tmux (`pipe-pane`): a read of the screen
  /// that finds it unchanged waits for the program's next output on this pipe, instead of
  /// asking tmux again at once.
  let output: OutputSignal
  /// The server's PID (also its process group's) and socket, as it told them once started.
  let server: (pid: pid_t, socket: String)?

  /// Starts `command` in a new 100×20 session that stays visible after the program exits.
  public init(running command: String) throws {
    output = try OutputSignal()
    // The server outlives this call and would hold a captured pipe open: no output here.
    try Tmux.run(
      capturingOutput: false,
      [
        "-L", socket, "-f", "/dev/null", "new-session", "-d", "-s", session, "-x", "100", "-y",
        "20", command, ";", "set-option", "-t", session, "remain-on-exit", "on",
      ])
    server = Tmux.serverAnswer(socket)
    try pipeOutput()
  }

  deinit { end() }

  /// The tmux server's PID, once it runs: it and its group are killed on release.
  public var serverProcess: pid_t? { server?.pid }

  /// The PID of the pane's program (its process group's too), or `nil` once it has exited.
  public func programProcess() throws -> pid_t? {
    let pane = try tmux(["display-message", "-p", "-t", session, "#{pane_dead} #{pane_pid}"])
    let fields = pane.split(whereSeparator: \.isWhitespace)
    guard fields.count == 2, let pid = pid_t(fields[1]) else {
      throw SubprocessError(arguments: ["tmux", "display-message", "#{pane_pid}"], status: -1)
    }
    return fields[0] == "1" ? nil : pid
  }

  /// Ends the pane's program and the server, each with its group, by PID with SIGKILL.
  private func end() {
    // The pipe first, so that the server reaps its `cat`; then the program, which the server
    // reaps.
    _ = try? tmux(["pipe-pane", "-t", session])
    _ = try? killProgram()
    // Only the server that still answers with its PID is killed: a PID is not reused while
    // its process runs.
    if let server, Tmux.serverAnswer(socket)?.pid == server.pid {
      kill(-server.pid, SIGKILL)
      kill(server.pid, SIGKILL)
      unlink(server.socket)
    } else {
      _ = try? tmux(["kill-server"])
    }
  }

  /// The PID and socket path of the server on `socket`, if it answers.
  private static func serverAnswer(_ socket: String) -> (pid: pid_t, socket: String)? {
    let answer = try? run([
      "-L", socket, "-f", "/dev/null", "display-message", "-p", "#{pid} #{socket_path}",
    ])
    guard let line = answer?.split(separator: "\n").first,
      let space = line.firstIndex(of: " "), let pid = pid_t(line[..<space])
    else { return nil }
    return (pid, String(line[line.index(after: space)...]))
  }

  /// Pipes what the pane's program writes into ``output`` (again after a restart).
  private func pipeOutput() throws {
    try tmux(capturingOutput: false, ["pipe-pane", "-o", "-t", session, "cat > \(output.path)"])
  }

  /// Presses Enter.
  public func pressEnter() throws {
    try tmux(["send-keys", "-t", session, "Enter"])
  }

  /// Kills the program at once (SIGKILL), as a crash or a pulled plug would: its process group,
  /// which holds what it started, and it. Returns once tmux saw it end (at once if it had).
  public func killProgram() throws {
    // A program that exited was reaped: its PID may be another process's now.
    guard let pid = try programProcess() else { return }
    kill(-pid, SIGKILL)
    kill(pid, SIGKILL)
    _ = try waitForScreen { _ in
      (try? self.tmux(["display-message", "-p", "-t", self.session, "#{pane_dead}"]))?
        .hasPrefix("1") ?? false
    }
  }

  /// Starts `command` again in the same pane, on a cleared screen.
  public func restart(_ command: String) throws {
    try tmux(["respawn-pane", "-k", "-t", session, command])
    try tmux(["clear-history", "-t", session])
    try pipeOutput()
  }

  /// Types `keys` literally into the program.
  public func type(_ keys: String) throws {
    try tmux(["send-keys", "-t", session, "-l", "--", keys])
  }

  /// The text the pane shows now.
  public func screen() throws -> String {
    try tmux(["capture-pane", "-p", "-t", session])
  }

  /// Reads the screen until `isDone` holds, up to `limit` of real time (the program under test
  /// runs on a real clock), and returns it; throws ``ScreenTimeout``, with the last screen, when
  /// it does not come, so that the test fails with a message instead of waiting on. While the
  /// screen stays as it was, the next read waits for the program's output.
  @discardableResult
  public func waitForScreen(
    within limit: Duration = .seconds(20), fileID: String = #fileID, line: Int = #line,
    until isDone: (String) -> Bool
  ) throws -> String {
    let deadline = ContinuousClock.now + limit
    var text = try screen()
    var polls = 1
    // The last few different screens, oldest first, for the failure message.
    var earlier: [String] = []
    // After a read that found the screen as it was, the next waits for the program's output
    // (or 100 ms, for what changes the screen without output, such as the program's exit), so
    // that reading the screen (a tmux process each time) leaves the cores to the program.
    var isUnchanged = false
    while !isDone(text) {
      polls += 1
      if isUnchanged { output.wait(upTo: .milliseconds(100)) }
      guard ContinuousClock.now < deadline else {
        let pane = try? tmux([
          "display-message", "-p", "-t", session,
          "#{pane_dead} #{pane_dead_status} #{pane_dead_signal}",
        ])
        throw ScreenTimeout(
          limit: limit, screen: text, waitedAt: "\(fileID):\(line) (\(polls) screens read)",
          pane: pane ?? "unknown", earlier: earlier)
      }
      let next = try screen()
      if next != text {
        earlier.append(text)
        if earlier.count > 3 { earlier.removeFirst() }
      }
      isUnchanged = next == text
      text = next
    }
    return text
  }

  @discardableResult
  private func tmux(capturingOutput: Bool = true, _ arguments: [String]) throws -> String {
    try Tmux.run(capturingOutput: capturingOutput, ["-L", socket, "-f", "/dev/null"] + arguments)
  }

  @discardableResult
  private static func run(capturingOutput: Bool = true, _ arguments: [String]) throws -> String {
    try Subprocess.run(["tmux"] + arguments, capturingOutput: capturingOutput)
  }
}

/// A named pipe that a tmux pane's output is written to, read only to learn that output came.
///
/// Opened for reading and writing, without blocking: the open does not wait for a writer, and
/// the pipe never reports its end while tmux restarts the writer.
final class OutputSignal {
  let path: String
  private let descriptor: Int32

  init() throws {
    path = NSTemporaryDirectory() + "reactors-tmux-\(getpid())-\(UUID().uuidString.prefix(8))"
    guard mkfifo(path, 0o600) == 0 else {
      throw SubprocessError(arguments: ["mkfifo", path], status: errno)
    }
    descriptor = open(path, O_RDWR | O_NONBLOCK)
    guard descriptor >= 0 else {
      unlink(path)
      throw SubprocessError(arguments: ["open", path], status: errno)
    }
  }

  deinit {
    close(descriptor)
    unlink(path)
  }

  /// Returns once output has come since the last call (at once if it already has), or after
  /// `limit`; drains what came.
  func wait(upTo limit: Duration) {
    var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    let milliseconds =
      Int32(limit.components.seconds * 1_000)
      + Int32(limit.components.attoseconds / 1_000_000_000_000_000)
    guard poll(&ready, 1, milliseconds) > 0 else { return }
    var buffer = [UInt8](repeating: 0, count: 4096)
    while read(descriptor, &buffer, buffer.count) > 0 {}
  }
}

/// A built product of this package (`counter`, `todo`): next to this test binary.
public func builtProduct(named name: String) -> String? {
  var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
  #if os(Linux)
    if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
      folder = URL(fileURLWithPath: exe)
    }
  #endif
  for _ in 0..<5 {
    folder.deleteLastPathComponent()
    let candidate = folder.appendingPathComponent(name).path
    if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
  }
  return nil
}

/// The screen a test waited for did not come in time.
public struct ScreenTimeout: Error, CustomStringConvertible {
  /// How long the test waited.
  public let limit: Duration
  /// The last screen read.
  public let screen: String
  /// The wait that timed out, as `file:line`.
  public let waitedAt: String
  /// Whether the program still ran (`0`) or had exited (`1`, with its status and signal).
  public let pane: String
  /// Up to three different screens read before the last one, oldest first: what the program
  /// showed on its way, which a transient screen the test missed would be among.
  public var earlier: [String] = []

  /// What the test failure shows: the limit, the screens on the way and the last screen.
  public var description: String {
    let state = pane.trimmingCharacters(in: .whitespacesAndNewlines)
    let program = state.hasPrefix("1") ? "had exited (status, signal: \(state))" : "was running"
    let way = earlier.enumerated().map { index, screen in
      "Screen \(index + 1) of the \(earlier.count) before the last:\n\(screen)\n"
    }
    return "The screen did not show what the test waited for at \(waitedAt) within \(limit); "
      + "the program \(program).\n" + way.joined() + "The last screen:\n" + screen
  }
}
