import Foundation
import StandupsCore
import TerminalTesting
import Testing

/// What the command line opens: deep links at start (three levels down, a meeting that runs
/// to its end with a transcript file), and clear errors for a bad link or a bad number.
extension StandupsProgramTests {
  @Test func aDeepLinkThreeLevelsDownOpensThePastMeetingAboveItsStandup() async throws {
    try await endToEnd {
      let session = try StandupsSession([Seed.engineering, Seed.design])
      let link =
        "standups://standups/\(Seed.engineeringID.uuidString)/meetings/"
        + Seed.meetingID.uuidString
      try session.start([link])
      var screen = try session.waitFor("Standups › Engineering › Meeting of", "Transcript:")
      #expect(screen.contains("    Seeded transcript: the release is on Friday."))

      try session.type("b")
      screen = try session.waitUntil { $0.contains("Past meetings:") && !$0.contains("Meeting of") }
      #expect(screen.hasPrefix("Standups › Engineering\n"))
      try session.type("b")
      screen = try session.waitFor("1. Engineering", "2. Design")
      #expect(screen.hasPrefix("Standups\n"))
    }
  }

  /// One minute at thirty times real time: the meeting a link opens runs out in two seconds,
  /// saved with what the transcript file said, and its screen closes.
  @Test func aRecordLinkHoldsAMeetingThatRunsOutAndIsSavedWithTheFilesTranscript() async throws {
    try await endToEnd {
      let session = try StandupsSession([Seed.design])
      let transcript = session.file("transcript.txt")
      try "Dana opened the meeting\n\nEli demoed the new colours\n".write(
        toFile: transcript, atomically: true, encoding: .utf8)
      let link = "standups://standups/\(Seed.designID.uuidString)/record"
      try session.start(["--clock-speed", "30", "--transcript", transcript, link])
      let screen = try session.waitUntil { screen in
        screen.hasPrefix("Standups › Design\n") && screen.contains("    m1  ")
      }
      #expect(screen.contains("Dana opened the meeting Eli demoed the new colours"))
      #expect(!screen.contains("Meeting in progress"))
      try session.quit()
      let meetings = try #require(try session.saved().first).meetings
      #expect(meetings.map(\.transcript) == ["Dana opened the meeting Eli demoed the new colours"])
    }
  }

  @Test func aBadLinkOrABadClockSpeedIsExplainedAndExitsWithStatus2() async throws {
    try await endToEnd {
      let session = try StandupsSession([Seed.engineering])
      var run = 0
      /// What the program printed for `arguments` (standard output and error, kept whole in a
      /// file), and its exit status, which the shell writes to a file once the program has
      /// exited. Run by a shell of its own, not in tmux: the program refuses before it draws
      /// anything, and a pane whose program has already exited cannot be piped from.
      func outcome(_ arguments: [String], raw: String = "") throws -> (text: String, status: String)
      {
        run += 1
        let output = session.file("output-\(run).txt")
        let status = session.file("status-\(run)")
        _ = try Subprocess.run(
          [
            "sh", "-c",
            try session.command(arguments) + raw + " > \(shellQuoted(output)) 2>&1 < /dev/null; "
              + "echo $? > \(shellQuoted(status))",
          ], capturingOutput: false, within: .seconds(60))
        let text = try String(contentsOfFile: output, encoding: .utf8)
        #expect(!text.unicodeScalars.contains("\u{1B}"), "no escape byte is printed")
        let code = try String(contentsOfFile: status, encoding: .utf8)
        return (text, code.trimmingCharacters(in: .whitespacesAndNewlines))
      }

      var result = try outcome(["standups://standups/not-a-uuid"])
      #expect(result.status == "2")
      #expect(
        result.text.contains(
          "standups: Cannot open the link 'standups://standups/not-a-uuid'. The parameter \"id\" "
            + "is \"not-a-uuid\", which is not a standup id (a UUID)"))
      let missing = UUID().uuidString
      result = try outcome(["standups://standups/\(missing)/record"])
      #expect(result.status == "2")
      #expect(result.text.contains("there is no standup with id \(missing)"))
      result = try outcome(["standups://nowhere"])
      #expect(result.status == "2")
      #expect(result.text.contains("No route matches the path \"nowhere\""))

      for (speed, problem) in [
        (
          "0",
          "--clock-speed 0 is out of range: give a positive number from 0.01 to 1000, such as 30."
        ),
        ("-3", "--clock-speed -3 is out of range"),
        ("1e400", "--clock-speed 1e400 is out of range"),
        ("fast", "--clock-speed needs a number, such as 30"),
        ("nan", "'nan' is not one"),
      ] {
        result = try outcome(["--clock-speed", speed])
        #expect(result.status == "2", "--clock-speed \(speed)")
        #expect(result.text.hasPrefix("standups: --clock-speed"))
        #expect(result.text.contains(problem))
      }
      result = try outcome(["--clock-speed"])
      #expect(result.status == "2")
      #expect(result.text.contains("--clock-speed needs a value: --clock-speed 30."))
      // A control sequence given as a number is shown as text, not obeyed.
      result = try outcome(["--clock-speed"], raw: " \"$(printf '\\033[2Jx')\"")
      #expect(result.status == "2")
      #expect(result.text.contains("'\u{FFFD}[2Jx' is not one"))

      result = try outcome(["--help"])
      #expect(result.status == "0")
      #expect(result.text.contains("Usage: standups [LINK] [--database PATH] [--clock-speed N]"))
      // Nothing above touched the file.
      #expect(try session.saved() == [Seed.engineering])
    }
  }
}
