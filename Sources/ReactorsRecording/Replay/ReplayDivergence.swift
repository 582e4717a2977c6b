import Reactors

/// Where a replay first differs from its recording: the step, its time, the input it belongs
/// to and its cause, and a diff of the recorded and replayed values.
public struct ReplayDivergence: Error, Sendable, CustomStringConvertible {
  /// The index of the recorded step the replay differs at (for a step the replay made that the
  /// recording lacks: of the recorded step it stands in place of, or the recording's length).
  public let index: Int
  /// The recorded step's time, since its recording began.
  public let time: Duration?
  /// The recorded input the step belongs to (the latest input at or before it), rendered.
  public let input: String?
  /// The recorded step's cause.
  public let cause: RecordedCause?
  /// What differs: a custom-dump diff of the recorded (−) and replayed (+) values, or what one
  /// side has and the other lacks.
  public let difference: String

  /// A divergence at recorded step `index`.
  @usableFromInline
  init(index: Int, time: Duration?, input: String?, cause: RecordedCause?, difference: String) {
    self.index = index
    self.time = time
    self.input = input
    self.cause = cause
    self.difference = difference
  }

  /// The divergence a replay reports at a gap in the recording (`gap`, of `dropped` steps):
  /// what the steps before it made is unknown past it.
  @usableFromInline
  static func gap<Action, Mutation, State>(
    _ gap: RecordedStep<Action, Mutation, State>, dropped: Int, input: String?
  ) -> ReplayDivergence {
    ReplayDivergence(
      index: gap.index, time: gap.time, input: input, cause: nil,
      difference: "The recording has a gap here: its writer fell behind and dropped \(dropped) "
        + "steps, so it cannot be replayed past this point. Record with a larger buffer, or "
        + "replay the part before the gap.")
  }

  /// The failure message a replay reports.
  public var description: String {
    var lines = ["Replay diverged from the recording at step \(index)"]
    if let time { lines[0] += " (at \(time))" }
    if let input { lines.append("  input: \(input)") }
    if let cause { lines.append("  cause: \(cause)") }
    lines.append("")
    lines.append(difference)
    return lines.joined(separator: "\n")
  }
}
