/// The recordings, as `list_recordings` answers them.
struct RecordingList: Encodable, Sendable {
  let recordings: [RecordingEntry]
}

/// The slowest steps, whether the recording measures its mutations, and what to do if not.
struct SlowestSteps: Encodable, Sendable {
  /// The steps, slowest first (each with its ``StepSummary/cost``).
  let steps: [StepSummary]
  /// Whether the recording measures its mutations' costs.
  let measuresCosts: Bool
  /// How to measure, when it does not.
  let note: String?
}

/// A recording as `list_recordings` answers it.
struct RecordingEntry: Encodable, Sendable {
  let id: Int
  let name: String
  let steps: Int
  let lastIndex: Int
  let imported: Bool
  /// The step the app's screens show, while they travel.
  let shownStep: Int?
  let timeTravel: Bool
  /// Whether `send_action` may send to it (the app opted in).
  let canSend: Bool
  /// Whether `replay` may replay a file on its reactor's type (the app opted in).
  let canReplay: Bool
  /// Whether `export_recording` can write its file (`Codable` types).
  let canExport: Bool
}

/// A page of the timeline, and the step index to ask from for the next one.
struct TimelinePage: Encodable, Sendable {
  let steps: [StepSummary]
  let nextFrom: Int
  let total: Int
}

/// One step whole, as `get_step` answers it.
struct StepAnswer: Encodable, Sendable {
  let step: StepSummary
  /// The input or mutation, as an outline.
  let value: String?
  let state: StateText?
  /// The diff with the state before, or why there is none.
  let diff: String?
}

/// Why a step happened: the step, its cause, that step's cause, and so on; and how the chain
/// ends.
struct CauseChain: Encodable, Sendable {
  struct Link: Encodable, Sendable {
    let recording: String
    let step: StepSummary
  }

  let chain: [Link]
  let end: String
}

/// The steps where a value began to match, and what is left to look at.
struct ChangeAnswer: Encodable, Sendable {
  let changes: [ValueChange]
  let note: String?
}

/// The step the app's screens show after `travel`, or that they are live again.
struct Moved: Encodable, Sendable {
  /// The step shown; `nil` when live.
  let shownStep: Int?
  /// Whether the screens show the live state.
  var live: Bool { shownStep == nil }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Keys.self)
    try container.encode(shownStep, forKey: .shownStep)
    try container.encode(live, forKey: .live)
  }

  enum Keys: String, CodingKey { case shownStep, live }
}

/// What `send_action` sent.
struct Sent: Encodable, Sendable {
  let sent: String
}

/// What `replay` found: the first divergence (`nil`: it replays the same), and what reading
/// the file noticed.
struct Replayed: Encodable, Sendable {
  let divergence: String?
  let sameAsRecorded: Bool
  let warnings: [String]
}

/// Where `export_recording` wrote the file.
struct Exported: Encodable, Sendable {
  let path: String
  let bytes: Int
}
