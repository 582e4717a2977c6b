import Foundation
import Reactors

/// A past meeting, read only: when it was held, for which standup, and its transcript. It has
/// no actions (the back button is the stack's), so it needs no reducer or middleware.
public enum PastMeeting {
  /// The meeting shown.
  public struct State: Codable, Equatable, Sendable {
    /// The meeting.
    public var meeting: Meeting
    /// The standup it belongs to (for the title and theme).
    public var standup: Standup

    /// The screen of `meeting`, a meeting of `standup`.
    public init(meeting: Meeting, standup: Standup) {
      self.meeting = meeting
      self.standup = standup
    }

    /// The transcript, or a sentence saying there is none.
    public var transcriptText: String {
      meeting.transcript.isEmpty ? "No transcript was recorded." : meeting.transcript
    }
  }
}
