/// The recordings, as `list_recordings` answers them.
struct RecordingList: Encodable, Sendable {
  let recordings: [RecordingEntry]
}

/// The slowest effects, and how many effects the recording holds.
struct EffectList: Encodable, Sendable {
  let effects: [EffectTime]
  let total: Int
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

/// The step the app's screens show after `travel` (`nil`: live again).
struct Moved: Encodable, Sendable {
  let shownStep: Int?
}
