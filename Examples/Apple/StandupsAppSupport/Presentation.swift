import Foundation
import StandupsCore

// What the SwiftUI and UIKit apps both show of StandupsCore's state: the identity of a form
// sheet, and the texts of rows and timers. No UI framework here: it builds everywhere.

/// The identity of an open form sheet: the standup it edits. SwiftUI's `sheet(item:)` and
/// Reactors' `PresentationCoordinator` need an `Identifiable` item; the sheet reads the form
/// itself from the store, so the screen that presents it is not redrawn at each keystroke.
public struct FormSheet: Identifiable, Hashable, Sendable {
  /// The standup the form edits.
  public let id: Standup.ID

  /// The sheet of the form editing the standup `id`.
  public init(id: Standup.ID) { self.id = id }
}

extension StandupForm.State {
  /// The sheet that shows this form.
  public var sheet: FormSheet { FormSheet(id: standup.id) }
}

extension Standup {
  /// Its length in whole minutes, as the form's stepper sets it.
  public var minutes: Int { seconds / 60 }

  /// "3 attendees, 5 min": a row of the list.
  public var summary: String {
    let attendees = attendees.count == 1 ? "1 attendee" : "\(attendees.count) attendees"
    return "\(attendees), \(duration.minutesAndSeconds)"
  }
}

extension Duration {
  /// "4:05": minutes and seconds, as a timer shows them.
  public var clock: String {
    let seconds = Int(components.seconds)
    let padded = seconds % 60 < 10 ? "0\(seconds % 60)" : "\(seconds % 60)"
    return "\(seconds / 60):\(padded)"
  }

  /// "5 min", or the ``clock`` when the seconds are not whole minutes.
  public var minutesAndSeconds: String {
    let seconds = Int(components.seconds)
    return seconds % 60 == 0 ? "\(seconds / 60) min" : clock
  }
}

extension RecordMeeting.State {
  /// "Speaker 2 of 3: Brian".
  public var speakerText: String {
    let count = standup.attendees.count
    let name = speaker.map { $0.name.isEmpty ? "(no name)" : $0.name } ?? "nobody"
    return "Speaker \(min(speakerIndex + 1, count)) of \(count): \(name)"
  }
}

extension Meeting {
  /// When it was held, as a row or a title shows it.
  public var dateText: String { date.formatted(date: .abbreviated, time: .shortened) }
}
