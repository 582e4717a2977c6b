import Foundation
import TerminalTesting
import Testing

/// What the tests start ends with them: released, the browser's driver and a tmux server are
/// killed by their PIDs with SIGKILL, with what they started, even a program that ignores the
/// polite signals; and a command past its time limit is killed.
@Suite(
  .timeLimit(.minutes(2)),
  .enabled(if: Processes.areListed, "the processes a test started are found in /proc (Linux)"))
struct ProcessEndTests {
  @Test(
    .enabled(
      if: WebDriver.installed != nil,
      "Chromium and its driver are not installed (apt-get install -y chromium chromium-driver)"))
  func aReleasedWebDriverEndsTheDriverAndItsBrowser() async throws {
    var browser: WebDriver? = try WebDriver(width: 400, height: 300)
    let driver = try #require(browser?.driver.pid)
    let started = browser?.browserProcesses ?? []
    #expect(!started.isEmpty, "the driver started no browser")
    let folders = browser?.temporaryFolders ?? []
    #expect(folders.count == 2, "the browser's profile and its socket's folder: \(folders)")
    #expect(!Processes.hasEnded(driver))
    browser = nil
    // The driver was this process's child, reaped on release: its PID names no process.
    #expect(Processes.isGone(driver))
    for pid in started {
      #expect(await Processes.ends(pid), "browser process \(pid) runs on")
    }
    for folder in folders { #expect(!FileManager.default.fileExists(atPath: folder)) }
  }

  @Test(.enabled(if: Tmux.isAvailable, "tmux is not installed (apt-get install -y tmux)"))
  func aReleasedTmuxEndsItsProgramEvenOneDeafToHangUpsAndItsServer() async throws {
    // A program that ignores SIGHUP and SIGTERM, as its child `sleep` does. It says "started"
    // once its `sleep` is forked: the process list is read after that, not while the shell
    // may still be starting it.
    var tmux: Tmux? = try Tmux(
      running: "trap '' HUP TERM; sleep 600 & echo started; wait")
    _ = try tmux?.waitForScreen { $0.contains("started") }
    let server = try #require(tmux?.serverProcess)
    let program = try #require(try tmux?.programProcess())
    let started = Processes.descendants(of: server)
    #expect(started.contains(program))
    #expect(started.count >= 3, "the program, its sleep and the pipe's cat: \(started)")
    tmux = nil
    // Each ends (the program reaped by the server, the server left to init).
    #expect(await Processes.ends(program))
    #expect(await Processes.ends(server))
    for pid in started {
      #expect(await Processes.ends(pid), "process \(pid) runs on")
    }
  }

  @Test func aCommandPastItsTimeLimitIsKilledEvenOneDeafToTerminate() async throws {
    try await endToEnd {
      try self.aCommandPastItsTimeLimitIsKilledEvenOneDeafToTerminateBlocking()
    }
  }

  /// The test's body, which blocks while it waits: on a thread of its own, off the
  /// tasks' pool.
  func aCommandPastItsTimeLimitIsKilledEvenOneDeafToTerminateBlocking() throws {
    let start = ContinuousClock.now
    #expect {
      try Subprocess.run(
        ["sh", "-c", "trap '' TERM; exec sleep 60"], capturingOutput: true,
        within: .milliseconds(300))
    } throws: { error in
      (error as? SubprocessError)?.timedOut == true
    }
    #expect(ContinuousClock.now - start < .seconds(30))
    #expect(try Subprocess.run(["echo", "quick"], capturingOutput: true) == "quick\n")
  }
}
