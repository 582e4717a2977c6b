import Foundation
import Reactors

/// A recurring meeting: who attends, how long it lasts, how it looks, and the meetings held so
/// far (newest first).
public struct Standup: Codable, Equatable, Sendable, Identifiable {
  /// Its identity, kept across renames and in the file.
  public var id: UUID
  /// What it is called ("Design", "Engineering").
  public var title: String
  /// How long a meeting lasts, in whole seconds.
  public var seconds: Int
  /// Who speaks, in speaking order. The form keeps at least one.
  public var attendees: IdentifiedArray<Attendee>
  /// The meetings held, newest first.
  public var meetings: IdentifiedArray<Meeting>
  /// The colours it is drawn in.
  public var theme: Theme

  /// A standup; five minutes long and bubblegum-coloured unless told otherwise.
  public init(
    id: UUID, title: String = "", duration: Duration = .seconds(5 * 60),
    attendees: IdentifiedArray<Attendee> = [], meetings: IdentifiedArray<Meeting> = [],
    theme: Theme = .bubblegum
  ) {
    self.id = id
    self.title = title
    self.seconds = Int(duration.components.seconds)
    self.attendees = attendees
    self.meetings = meetings
    self.theme = theme
  }

  /// The lengths a standup may have, in seconds: from one second to a day. The form sets 1 to
  /// 60 minutes; a file holding a length outside this is refused when it is read (see
  /// ``StandupsDatabase``), so that no length from a file overflows a meeting's arithmetic.
  public static let lengths = 1...86_400

  /// How long a meeting lasts (whole seconds: setting it drops any fraction).
  public var duration: Duration {
    get { .seconds(seconds) }
    set { seconds = Int(newValue.components.seconds) }
  }

  /// Each attendee's share of the meeting, in whole seconds (at least one, so that a meeting
  /// shorter than its list of attendees still moves from speaker to speaker).
  public var secondsPerAttendee: Int {
    max(1, seconds / max(1, attendees.count))
  }
}

/// Someone who speaks at a standup.
public struct Attendee: Codable, Equatable, Sendable, Identifiable {
  /// Its identity, which keeps a row (and its focus) while the name is edited.
  public var id: UUID
  /// The name shown; blank while being typed.
  public var name: String

  /// An attendee, blank unless named.
  public init(id: UUID, name: String = "") {
    self.id = id
    self.name = name
  }
}

/// A meeting that was held: when, and what was said.
public struct Meeting: Codable, Equatable, Sendable, Identifiable {
  /// Its identity.
  public var id: UUID
  /// When it ended.
  public var date: Date
  /// What the speech client heard, or `""` when nothing was transcribed.
  public var transcript: String

  /// A past meeting.
  public init(id: UUID, date: Date, transcript: String) {
    self.id = id
    self.date = date
    self.transcript = transcript
  }
}

/// The colours a standup is drawn in: the names of SyncUps' themes. A terminal maps them to
/// its own colours; an app to its asset catalogue.
public enum Theme: String, CaseIterable, Codable, Equatable, Sendable, Identifiable {
  /// Pink.
  case bubblegum
  /// Pale yellow.
  case buttercup
  /// Deep blue-violet.
  case indigo
  /// Pale purple.
  case lavender
  /// Purple-red.
  case magenta
  /// Dark blue.
  case navy
  /// Orange.
  case orange
  /// Dark red.
  case oxblood
  /// Pale blue-violet.
  case periwinkle
  /// Bright red.
  case poppy
  /// Purple.
  case purple
  /// Pale green.
  case seafoam
  /// Light blue.
  case sky
  /// Light brown.
  case tan
  /// Blue-green.
  case teal
  /// Yellow.
  case yellow

  /// The theme itself.
  public var id: Self { self }

  /// The name to show: "Bubblegum".
  public var name: String { rawValue.capitalized }

  /// Whether text on this colour reads best in white (dark themes) rather than black.
  public var isDark: Bool {
    switch self {
    case .indigo, .magenta, .navy, .oxblood, .purple: true
    default: false
    }
  }
}
