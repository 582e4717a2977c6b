import Foundation
import ProcessEnd
import Synchronization

/// A program started in a process group of its own (a daemon such as `chromedriver`), ended
/// when it is released or ``end()`` is called: it, every process in its group, and every
/// process it started that is still running under it, each killed by its PID with SIGKILL
/// (which no signal mask or handler stops), and it reaped.
public final class ChildProcess: Sendable {
  /// The program's PID, which is also its process group's ID.
  public let pid: pid_t
  /// Whether it was reaped: from then on its PID may name another process.
  private let reaped = Mutex(false)

  /// Starts `arguments` (looked up on `PATH`), its standard input and error on `/dev/null`,
  /// its standard output on `output` (else `/dev/null`), with no blocked signals.
  public init(_ arguments: [String], output: Int32? = nil) throws {
    pid = try Subprocess.spawn(arguments, output: output, inOwnGroup: true)
  }

  deinit { end() }

  /// Whether the program has exited by itself (then reaped, so that ``end()`` has nothing to
  /// do).
  public var hasExited: Bool {
    reaped.withLock { reaped in
      guard !reaped else { return true }
      var status: Int32 = 0
      guard waitpid(pid, &status, WNOHANG) == pid else { return false }
      reaped = true
      return true
    }
  }

  /// Kills the program, its group and what it started (each by its PID, with SIGKILL) and
  /// reaps it; once it returns, the program's PID names no process. Calling it again does
  /// nothing.
  public func end() {
    reaped.withLock { reaped in
      guard !reaped else { return }
      // Found before the kill, while they still descend from it.
      let started = Processes.descendants(of: pid)
      kill(-pid, SIGKILL)
      kill(pid, SIGKILL)
      for descendant in started { kill(descendant, SIGKILL) }
      var status: Int32 = 0
      while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
      reaped = true
    }
  }
}

/// What the tests ask about processes: which a process started, and whether one still runs.
public enum Processes {
  /// Whether this system lists its processes in `/proc` (Linux), which
  /// ``descendants(of:)`` and ``hasEnded(_:)`` read.
  public static let areListed = FileManager.default.fileExists(atPath: "/proc/self/stat")

  /// The processes that descend from `pid` (its children, theirs, and so on), by their parent
  /// PIDs in `/proc`; none where there is no `/proc`. One that has left its parent, as a
  /// daemon does, is not among them.
  public static func descendants(of pid: pid_t) -> [pid_t] {
    var children: [pid_t: [pid_t]] = [:]
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    for entry in entries {
      guard let child = pid_t(entry), let parent = status(of: child)?.parent else { continue }
      children[parent, default: []].append(child)
    }
    var found: [pid_t] = []
    var waiting = children[pid] ?? []
    while let next = waiting.popLast() {
      found.append(next)
      waiting += children[next] ?? []
    }
    return found
  }

  /// Whether `pid` names no process any more: `kill(pid, 0)` fails with `ESRCH` (a process that
  /// exited and was not reaped yet, a zombie, still has its PID).
  public static func isGone(_ pid: pid_t) -> Bool {
    kill(pid, 0) == -1 && errno == ESRCH
  }

  /// Whether `pid` ends within `seconds`: awaited as a signal (Linux's pidfd, readable once
  /// the process has exited, a zombie or gone), on a thread of its own. True at once for a PID
  /// that names no process.
  public static func ends(_ pid: pid_t, within seconds: Int = 10) async -> Bool {
    await withCheckedContinuation { continuation in
      Thread {
        let descriptor = reactors_pidfd_open(pid)
        guard descriptor >= 0 else {
          continuation.resume(returning: errno == ESRCH || hasEnded(pid))
          return
        }
        defer { close(descriptor) }
        let readable = isReadable(descriptor, by: ContinuousClock.now + .seconds(seconds))
        continuation.resume(returning: readable || hasEnded(pid))
      }.start()
    }
  }

  /// Whether `descriptor` has something to read (or its other end closed) by `deadline`:
  /// waited for with `poll`, blocking the calling thread.
  public static func isReadable(_ descriptor: Int32, by deadline: ContinuousClock.Instant) -> Bool {
    var event = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    while true {
      let left = deadline - ContinuousClock.now
      let ready = poll(&event, 1, max(0, Int32(left.components.seconds * 1_000)))
      if ready >= 0 || errno != EINTR { return ready > 0 }
    }
  }

  /// Whether `pid` runs no program any more: it is gone, or a zombie whose parent has not
  /// reaped it yet (not this process's child, it is reaped only by its parent, or by `init`
  /// where `init` reaps orphans).
  public static func hasEnded(_ pid: pid_t) -> Bool {
    isGone(pid) || status(of: pid)?.state == "Z"
  }

  /// The state letter (`R`, `S`, `Z`…) and parent of `pid`, from `/proc/PID/stat`.
  static func status(of pid: pid_t) -> (state: Character, parent: pid_t)? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let nameEnd = stat.lastIndex(of: ")")
    else { return nil }
    // After the name, in parentheses: the state, then the parent's PID.
    let fields = stat[stat.index(after: nameEnd)...].split(separator: " ")
    guard fields.count >= 2, let state = fields[0].first, let parent = pid_t(fields[1]) else {
      return nil
    }
    return (state, parent)
  }
}
