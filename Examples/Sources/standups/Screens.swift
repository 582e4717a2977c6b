import Foundation
import Reactors
import StandupsCore

/// What each screen shows, as ``Layer``s: the screen on top of the stack, then the sheet and the
/// alert it presents, bottom first. Plain functions of the state, drawn by ``ScreenLayout``.
enum Screens {
  /// The screen on top of `state`'s stack (else the list) and what it presents.
  static func layers(of state: AppFeature.State, local: LocalState, width: Int) -> [Layer] {
    switch state.path.last {
    case nil:
      return [list(state.list, local: local)]
        + (state.list.addSheet.map { [form($0, title: "New standup")] } ?? [])
        + (state.list.alert.map { [alert($0)] } ?? [])
    case .detail(let detail):
      return [self.detail(detail, local: local)]
        + (detail.editSheet.map { [form($0, title: "Edit standup")] } ?? [])
        + (detail.alert.map { [alert($0)] } ?? [])
    case .record(let record):
      return [self.record(record, local: local, width: width)]
        + (record.alert.map { [alert($0)] } ?? [])
    case .meeting(let meeting):
      return [pastMeeting(meeting, width: width)]
    }
  }

  /// The list: each standup numbered (the first nine open with their digit).
  static func list(_ list: StandupsList.State, local: LocalState) -> Layer {
    var lines = [""]
    for (index, standup) in list.standups.enumerated() {
      let number = index < 9 ? "\(index + 1)." : "  "
      let people =
        standup.attendees.count == 1 ? "1 attendee" : "\(standup.attendees.count) attendees"
      lines.append(
        "  \(number) \(ScreenLayout.title(standup))  ·  \(people)  ·  "
          + "\(length(standup.seconds))  ·  \(standup.theme.name)")
    }
    if list.standups.isEmpty { lines.append("  (no standups yet: press a to add one)") }
    return Layer(lines: lines, keys: "Keys: a add · 1-9 open · q quit")
  }

  /// A standup: its length, theme, attendees, and past meetings (`m1`…`m9`).
  static func detail(_ detail: StandupDetail.State, local: LocalState) -> Layer {
    let standup = detail.standup
    let names = standup.attendees.map { $0.name.isEmpty ? "(no name)" : $0.name }
    var lines = [
      "", "  Length: \(length(standup.seconds))  ·  Theme: \(standup.theme.name)",
      "  Attendees: \(names.joined(separator: ", "))", "", "  Past meetings:",
    ]
    for (index, meeting) in standup.meetings.enumerated() {
      let number = index < 9 ? "m\(index + 1)" : "  "
      let words = meeting.transcript.isEmpty ? "(no transcript)" : meeting.transcript
      lines.append("    \(number)  \(date(meeting.date))  \(words)")
    }
    if standup.meetings.isEmpty { lines.append("    (none yet: press s to hold one)") }
    let keys =
      local.choosingMeeting
      ? "Open which meeting? Type its number (1-9); any other key cancels."
      : "Keys: s start meeting · e edit · d delete · m1-m9 open a meeting · b back · q quit"
    return Layer(lines: lines, keys: keys)
  }

  /// A meeting being held: the speaker, the time, the transcript, and the line being said.
  static func record(_ record: RecordMeeting.State, local: LocalState, width: Int) -> Layer {
    let standup = record.standup
    let seconds = max(1, standup.seconds)
    let filled = min(20, max(0, record.secondsElapsed) * 20 / seconds)
    let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: 20 - filled)
    let speaker = record.speaker.map { $0.name.isEmpty ? "(no name)" : $0.name } ?? "nobody"
    var lines = [
      "", "  Meeting: \(ScreenLayout.title(standup))",
      "  Speaker \(record.speakerIndex + 1) of \(standup.attendees.count): \(speaker)",
      "  [\(bar)]  \(clock(record.secondsElapsed)) elapsed, "
        + "\(clock(Int(record.durationRemaining.components.seconds))) left",
      "", "  Transcript:",
    ]
    let transcript = record.transcript.isEmpty ? "(nothing heard yet)" : record.transcript
    lines += ScreenLayout.wrapped(transcript, to: max(10, width - 4)).suffix(5).map { "    " + $0 }
    let keys: String
    if let saying = local.saying {
      lines += ["", "  Say: \(saying)_"]
      keys = "Type what is said, Enter: say it · Esc: cancel"
    } else {
      keys = "Keys: n next speaker · x end meeting · t say a line · Ctrl-C quit"
    }
    return Layer(lines: lines, keys: keys)
  }

  /// A past meeting: when, and its transcript.
  static func pastMeeting(_ meeting: PastMeeting.State, width: Int) -> Layer {
    let lines =
      [
        "", "  \(ScreenLayout.title(meeting.standup)), \(date(meeting.meeting.date))", "",
        "  Transcript:",
      ]
      + ScreenLayout.wrapped(meeting.transcriptText, to: max(10, width - 4)).map { "    " + $0 }
    return Layer(lines: lines, keys: "Keys: b back · q quit")
  }

  /// The form of a sheet: its fields, the focused one marked, and keys for the focus.
  static func form(_ form: StandupForm.State, title: String) -> Layer {
    let standup = form.standup
    func row(_ label: String, _ value: String) -> String {
      label.padding(toLength: 12, withPad: " ", startingAt: 0) + value
    }
    func field(_ field: StandupForm.Field, _ text: String) -> String {
      form.focus == field ? "> [\(text)_]" : "  [\(text)]"
    }
    var lines = [
      row("Title", field(.title, standup.title)), row("Length", "  \(length(standup.seconds))"),
      row("Theme", "  \(standup.theme.name)"), "Attendees",
    ]
    for (index, attendee) in standup.attendees.enumerated() {
      lines.append(row("  \(index + 1).", field(.attendee(attendee.id), attendee.name)))
    }
    let keys =
      form.focus == nil
      ? "Keys: s save · Esc cancel · +/- length · t theme · Tab fields · Enter new attendee"
      : "Typing. Tab: next field · Enter: new attendee · Esc: done typing (then s saves)"
    return Layer(title: title, lines: lines, keys: keys)
  }

  /// An alert: its message, and its buttons with their keys.
  static func alert<Action>(_ alert: AlertState<Action>) -> Layer {
    let buttons = AlertKeys.keys(alert).map { "[\($0.key)] \($0.button.title)" }
    let lines =
      (alert.message.map { $0.split(separator: "\n", omittingEmptySubsequences: false) }
      ?? []).map(String.init) + ["", buttons.joined(separator: "   ")]
    let keys =
      "Keys: "
      + AlertKeys.keys(alert).map { "\($0.key) \($0.button.title)" }
      .joined(separator: " · ") + " · Esc dismiss"
    return Layer(title: alert.title, lines: lines, keys: keys)
  }

  /// `seconds` as a length: `2 min`, `1 min 30 s`, `45 s`.
  static func length(_ seconds: Int) -> String {
    let (minutes, rest) = seconds.quotientAndRemainder(dividingBy: 60)
    if minutes == 0 { return "\(rest) s" }
    return rest == 0 ? "\(minutes) min" : "\(minutes) min \(rest) s"
  }

  /// `seconds` as a clock: `1:05`.
  static func clock(_ seconds: Int) -> String {
    let (minutes, rest) = max(0, seconds).quotientAndRemainder(dividingBy: 60)
    return "\(minutes):" + (rest < 10 ? "0" : "") + "\(rest)"
  }

  /// `date` in the local time zone: `2025-01-31 09:05`.
  static func date(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyy-MM-dd HH:mm"
    return formatter.string(from: date)
  }
}
