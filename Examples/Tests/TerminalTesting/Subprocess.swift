import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a program and waits for it with `posix_spawn` and `waitpid`.
///
/// Foundation's `Process` is not used: on Linux it waits for the child's inherited descriptors
/// as well as its exit, and `tmux new-session` leaves a server daemon holding them, so the call
/// never returned; and its child inherits the test thread's blocked signals, so that it never
/// sees a SIGTERM. Here the child gets only standard input, output and error, and no blocked
/// signals.
public enum Subprocess {
  /// Runs `arguments` (looked up on `PATH`), waits for it to exit and returns what it printed
  /// when `capturingOutput` (else its output goes to `/dev/null`, for commands that leave a
  /// daemon behind). Throws ``SubprocessError`` on a non-zero exit status, and when it has not
  /// exited within `limit`: then it is killed, by its PID, with SIGKILL.
  public static func run(
    _ arguments: [String], capturingOutput: Bool, within limit: Duration = .seconds(30)
  ) throws -> String {
    var pipeEnds: [Int32] = [-1, -1]
    if capturingOutput {
      guard pipe(&pipeEnds) == 0 else { throw SubprocessError(arguments: arguments, status: -1) }
    }
    let spawned = Result {
      try spawn(arguments, output: capturingOutput ? pipeEnds[1] : nil, inOwnGroup: false)
    }
    if capturingOutput { close(pipeEnds[1]) }
    guard case .success(let pid) = spawned else {
      if capturingOutput { close(pipeEnds[0]) }
      throw SubprocessError(arguments: arguments, status: -1)
    }
    let timer = KillTimer(pid: pid, after: limit)

    var output: [UInt8] = []
    if capturingOutput {
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(pipeEnds[0], $0.baseAddress, $0.count) }
        if count > 0 {
          output += buffer[0..<count]
        } else if count == 0 || errno != EINTR {
          break
        }
      }
      close(pipeEnds[0])
    }

    let (status, killed) = timer.reap()
    let exitStatus = (status >> 8) & 0xFF
    guard !killed, status & 0x7F == 0, exitStatus == 0 else {
      throw SubprocessError(
        arguments: arguments, status: status & 0x7F == 0 ? exitStatus : -1, timedOut: killed,
        output: String(decoding: output.suffix(4_000), as: UTF8.self))
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// Starts `arguments` (looked up on `PATH`) with standard input and error on `/dev/null`,
  /// standard output on `output` (else `/dev/null`), no other descriptor of this process, no
  /// blocked signals and default handlers; in a process group of its own (its PID) when
  /// `inOwnGroup`. Returns its PID: the caller waits for it.
  static func spawn(_ arguments: [String], output: Int32?, inOwnGroup: Bool) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    if let output {
      posix_spawn_file_actions_adddup2(&actions, output, 1)
      posix_spawn_file_actions_addclose(&actions, output)
    } else {
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    }
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    // Nothing else of the test process (such as the pipe `swift test` reads) leaks into a
    // daemon the child may leave behind.
    for descriptor in 3..<Int32(min(sysconf(Int32(_SC_OPEN_MAX)), 4096))
    where descriptor != output && fcntl(descriptor, F_GETFD) & FD_CLOEXEC == 0 {
      posix_spawn_file_actions_addclose(&actions, descriptor)
    }

    // Test threads block most signals; a child (the tmux server) must start with none blocked
    // and default handlers, or it cannot see its children exit nor be told to stop.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    var defaultSignals = sigset_t()
    sigemptyset(&defaultSignals)
    for signal in [SIGPIPE, SIGCHLD, SIGINT, SIGTERM, SIGHUP] { sigaddset(&defaultSignals, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
    var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
    if inOwnGroup {
      // Group 0: a new group, whose ID is the child's PID.
      posix_spawnattr_setpgroup(&attributes, 0)
      flags |= POSIX_SPAWN_SETPGROUP
    }
    posix_spawnattr_setflags(&attributes, Int16(flags))

    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    guard posix_spawnp(&pid, arguments[0], &actions, &attributes, &argv, environ) == 0 else {
      throw SubprocessError(arguments: arguments, status: -1)
    }
    return pid
  }
}

/// Kills a child, by its PID, with SIGKILL, when it has not exited by a deadline; and reaps it.
///
/// The child is reaped only once the timer knows that it exited, so the timer never sends its
/// signal to a PID that the system has given to another process since.
final class KillTimer: Sendable {
  private let pid: pid_t
  private let state = Mutex((exited: false, fired: false))

  /// A timer for the child `pid`, firing after `limit`.
  init(pid: pid_t, after limit: Duration) {
    self.pid = pid
    let (seconds, attoseconds) = limit.components
    let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
    DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) {
      [self] in
      state.withLock { state in
        guard !state.exited else { return }
        kill(pid, SIGKILL)
        state.fired = true
      }
    }
  }

  /// Waits for the child to exit and reaps it; its `waitpid` status, and whether the timer
  /// killed it.
  func reap() -> (status: Int32, killed: Bool) {
    var info = siginfo_t()
    // Waits without reaping: until the flag is set, the PID stays the child's.
    while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) == -1 && errno == EINTR {}
    let killed = state.withLock { state in
      state.exited = true
      return state.fired
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    return (status, killed)
  }
}

/// A command that failed.
public struct SubprocessError: Error, CustomStringConvertible {
  /// The command and its arguments.
  public let arguments: [String]
  /// Its exit status, or -1 when it could not run or was killed by a signal.
  public let status: Int32
  /// Whether it was killed for running past its time limit.
  public var timedOut = false
  /// The end of what it printed, when it was captured.
  public var output = ""

  /// What failed, and the end of what it printed.
  public var description: String {
    let command = arguments.joined(separator: " ")
    let failure =
      timedOut ? "\(command) ran too long and was killed" : "\(command) exited with \(status)"
    return output.isEmpty ? failure : failure + ", after printing:\n" + output
  }
}
