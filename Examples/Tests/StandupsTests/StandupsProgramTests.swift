import Foundation
import StandupsCore
import TerminalTesting
import Testing

/// The real `standups`, end to end in tmux, as a person would use it: the sheet, the detail,
/// a meeting, the history, a deletion, and a restart on the same file.
///
/// One test at a time: a meeting runs on a clock tens of times faster than real time, and the
/// tests share two cores with the rest of the build.
@Suite(
  .serialized, .timeLimit(.minutes(2)),
  .enabled(if: Tmux.isAvailable, "tmux is not installed (apt-get install -y tmux)"))
struct StandupsProgramTests {
  @Test func theSheetAddsAStandupACancelledOneIsDiscardedAndARestartShowsWhatWasSaved() async throws
  {
    try await endToEnd {
      let session = try StandupsSession()
      try session.start()
      try session.waitFor("(no standups yet: press a to add one)")

      try session.type("a")
      try session.waitFor("New standup", "> [_]")
      try session.type("Morning sync" + tab + "Ada" + enter)
      try session.waitFor("  [Ada]", "> [_]")
      try session.type("Bob")
      try session.waitFor("> [Bob_]")
      try session.type(escape)
      try session.waitFor("Keys: s save · Esc cancel")
      try session.type("---")
      try session.waitFor("Length        2 min")
      try session.type("s")
      var screen = try session.waitFor("1. Morning sync  ·  2 attendees  ·  2 min  ·  Bubblegum")
      #expect(!screen.contains("New standup"))

      // A second add, cancelled: Esc leaves the field, Esc again drops the sheet.
      try session.type("a")
      try session.waitFor("New standup")
      try session.type("Scratch")
      try session.waitFor("> [Scratch_]")
      try session.type(escape + escape)
      screen = try session.waitUntil {
        !$0.contains("New standup") && $0.contains("1. Morning sync")
      }
      #expect(screen.contains("1. Morning sync"))
      #expect(!screen.contains("Scratch"))
      #expect(!screen.contains("2. "))

      try session.quit()
      try session.start()
      screen = try session.waitFor("1. Morning sync  ·  2 attendees  ·  2 min")
      #expect(!screen.contains("Scratch"))
      let saved = try session.saved()
      #expect(saved.map(\.title) == ["Morning sync"])
      #expect(saved.first?.attendees.map(\.name) == ["Ada", "Bob"])
      #expect(saved.first?.seconds == 120)
    }
  }

  @Test func theDetailsEditSheetChangesTheStandup() async throws {
    try await endToEnd {
      let session = try StandupsSession([Seed.engineering])
      try session.start()
      try session.type("1")
      try session.waitFor("Standups › Engineering", "Attendees: Ada, Bob, Chen")

      try session.type("e")
      try session.waitFor("Edit standup", "> [Engineering_]")
      try session.type(String(repeating: backspace, count: "Engineering".count) + "Platform")
      try session.waitFor("> [Platform_]")
      try session.type(enter)
      try session.waitFor("  [Platform]", "> [_]")
      try session.type("Dana" + escape)
      try session.waitFor("Keys: s save")
      try session.type("+t")
      try session.waitFor("3 min", "Oxblood")
      try session.type("s")
      let screen = try session.waitFor("Standups › Platform", "Attendees: Ada, Bob, Chen, Dana")
      #expect(screen.contains("Length: 3 min  ·  Theme: Oxblood"))
      #expect(!screen.contains("Edit standup"))

      try session.type("b")
      try session.waitFor("1. Platform  ·  4 attendees  ·  3 min  ·  Oxblood")
      try session.quit()
      #expect(try session.saved().map(\.title) == ["Platform"])
    }
  }

  /// Two minutes, three speakers, a clock six times faster: Bob's turn comes after 40 seconds
  /// of meeting (6.7 s), Charlie's after 13.3 s, the end after 20 s (the test's steps before
  /// the alert must fit in that, however loaded the machine), and the alert stops the clock.
  @Test func aMeetingEndedEarlyIsSavedToTheHistoryAndOpens() async throws {
    try await endToEnd {
      let session = try StandupsSession([Seed.engineering])
      try session.start(["--clock-speed", "6"])
      try session.type("1")
      try session.waitFor("Standups › Engineering")
      try session.type("s")
      try session.waitFor("Meeting in progress", "Speaker 1 of 3: Ada", "(nothing heard yet)")

      try session.type("t")
      try session.waitFor("Say: _")
      try session.type("Ada shipped the login page" + enter)
      var screen = try session.waitUntil { screen in
        screen.contains("    Ada shipped the login page") && !screen.contains("Say:")
      }
      #expect(!screen.contains("(nothing heard yet)"))
      // The turn moved on (to Charlie already, when typing the line took the machine long).
      try session.waitUntil { screen in
        screen.contains("Speaker 2 of 3: Bob") || screen.contains("Speaker 3 of 3: Charlie")
      }

      try session.type("x")
      screen = try session.waitFor("End meeting?", "[s] Save and end", "[d] Discard", "[r] Resume")
      try session.type("s")
      screen = try session.waitUntil { screen in
        screen.contains("Past meetings:") && screen.contains("m2")
      }
      #expect(!screen.contains("Meeting in progress"))
      // The new meeting is first, the seeded one second.
      let history = screen.split(separator: "\n").filter { $0.hasPrefix("    m") }
      #expect(history.count == 2)
      #expect(history.first?.contains("Ada shipped the login page") == true)
      #expect(history.last?.contains("Seeded transcript") == true)

      try session.type("m1")
      screen = try session.waitFor("Standups › Engineering › Meeting of", "Transcript:")
      #expect(screen.contains("    Ada shipped the login page"))
      try session.type("b")
      try session.waitUntil { $0.contains("Past meetings:") && !$0.contains("Meeting of") }
      try session.quit()
      let meetings = try #require(try session.saved().first).meetings
      #expect(
        meetings.map(\.transcript) == [
          "Ada shipped the login page", Seed.engineering.meetings[0].transcript,
        ])
    }
  }

  @Test func aDeletionIsConfirmedThenPopsBackToTheListAndStaysDeleted() async throws {
    try await endToEnd {
      let session = try StandupsSession([Seed.engineering, Seed.design])
      try session.start()
      try session.waitFor("2. Design")
      try session.type("2")
      try session.waitFor("Standups › Design")

      try session.type("d")
      try session.waitFor("Delete?", "[y] Yes", "[n] Nevermind")
      try session.type("n")
      var screen = try session.waitUntil {
        !$0.contains("Delete?") && $0.contains("Standups › Design")
      }
      #expect(screen.contains("Standups › Design"))

      try session.type("d")
      try session.waitFor("Delete?")
      try session.type("y")
      screen = try session.waitUntil { $0.contains("1. Engineering") && !$0.contains("Delete?") }
      #expect(!screen.contains("Design"))
      #expect(screen.hasPrefix("Standups\n"))

      try session.quit()
      try session.start()
      screen = try session.waitFor("1. Engineering")
      #expect(!screen.contains("Design"))
      #expect(try session.saved().map(\.id) == [Seed.engineeringID])
    }
  }

  @Test func textFromOutsideIsShownAsTextOnly() async throws {
    try await endToEnd {
      var hostile = Seed.design
      hostile.title = "Evil\u{1B}[2J\u{7}Title\u{202E}"
      let session = try StandupsSession([hostile])
      try session.start()
      var screen = try session.waitFor("1. Evil\u{FFFD}[2J\u{FFFD}Title\u{FFFD}  ·")
      #expect(screen.contains("Keys: a add"))

      // Typed: an escape sequence and a bell are dropped whole, the rest is typed.
      try session.type("a")
      try session.waitFor("New standup")
      try session.type("Ti\u{7}tle\u{1B}[31m!")
      screen = try session.waitFor("> [Title!_]")
      #expect(!screen.contains("[31m"))
    }
  }
}
