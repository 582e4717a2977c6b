#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a program and waits for it with `posix_spawn` and `waitpid`.
///
/// Foundation's `Process` is not used: on Linux it waits for the child's inherited descriptors
/// as well as its exit, and `tmux new-session` leaves a server daemon holding them, so the call
/// never returned. Here the child gets only standard input, output and error, and no blocked
/// signals.
public enum Subprocess {
  /// Runs `arguments` (looked up on `PATH`), waits for it to exit and returns what it printed
  /// when `capturingOutput` (else its output goes to `/dev/null`, for commands that leave a
  /// daemon behind). Throws ``SubprocessError`` on a non-zero exit status.
  public static func run(_ arguments: [String], capturingOutput: Bool) throws -> String {
    var pipeEnds: [Int32] = [-1, -1]
    if capturingOutput {
      guard pipe(&pipeEnds) == 0 else { throw SubprocessError(arguments: arguments, status: -1) }
    }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    if capturingOutput {
      posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
      posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
    } else {
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    }
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    // Nothing else of the test process (such as the pipe `swift test` reads) leaks into a
    // daemon the child may leave behind.
    for descriptor in 3..<Int32(min(sysconf(Int32(_SC_OPEN_MAX)), 4096))
    where descriptor != pipeEnds[1] && fcntl(descriptor, F_GETFD) & FD_CLOEXEC == 0 {
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
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let spawned = posix_spawnp(&pid, arguments[0], &actions, &attributes, &argv, environ)
    if capturingOutput { close(pipeEnds[1]) }
    guard spawned == 0 else {
      if capturingOutput { close(pipeEnds[0]) }
      throw SubprocessError(arguments: arguments, status: -1)
    }

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

    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    let exitStatus = (status >> 8) & 0xFF
    guard status & 0x7F == 0, exitStatus == 0 else {
      throw SubprocessError(arguments: arguments, status: status & 0x7F == 0 ? exitStatus : -1)
    }
    return String(decoding: output, as: UTF8.self)
  }
}

/// A command that failed.
public struct SubprocessError: Error, CustomStringConvertible {
  /// The command and its arguments.
  public let arguments: [String]
  /// Its exit status, or -1 when it could not run or was killed by a signal.
  public let status: Int32
  /// What failed, in one line.
  public var description: String { "\(arguments.joined(separator: " ")) exited with \(status)" }
}
