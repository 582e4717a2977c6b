import Reactors

/// Where a replay first differs from its recording: the step, its time, the input it belongs
/// to and its cause, and a diff of the recorded and replayed values. Or, as a ``Kind/cannotTell``
/// divergence, the step from which the recording cannot tell whether the replay follows it (a
/// gap, or a file that holds neither the states nor their fingerprints there).
public struct ReplayDivergence: Error, Sendable, CustomStringConvertible {
  /// What a replay found at ``ReplayDivergence/index``.
  public enum Kind: Sendable, Equatable {
    /// The replay did something else than recorded there: an input, a mutation or a state
    /// differs, or a step is missing or extra.
    case differs
    /// From there on, the recording cannot tell whether the replay follows it: a gap (its
    /// writer dropped steps), or states the file holds neither whole nor as a fingerprint (a
    /// file written before format 2 holds a state only every `checkpointEvery` mutations).
    /// Everything before was checked and matched.
    case cannotTell
  }

  /// The index of the recorded step the replay differs at (for a step the replay made that the
  /// recording lacks: of the recorded step it stands in place of, or the recording's length);
  /// for ``Kind/cannotTell``, of the first step the recording cannot tell.
  public let index: Int
  /// The recorded step's time, since its recording began.
  public let time: Duration?
  /// The recorded input the step belongs to (the latest input at or before it), rendered.
  public let input: String?
  /// The recorded step's cause.
  public let cause: RecordedCause?
  /// What differs: a custom-dump diff of the recorded (−) and replayed (+) values, or what one
  /// side has and the other lacks; for ``Kind/cannotTell``, why the recording cannot tell and
  /// how to record one that can.
  public let difference: String
  /// Whether the replay found a difference, or where the recording stops telling.
  public let kind: Kind
  /// For a divergence found after mutations whose states the file holds neither whole nor as
  /// a fingerprint: the first of those steps. The first state that differs is then one of the
  /// mutations from this step to ``index``, and the file cannot tell which. `nil` when every
  /// state before ``index`` was checked.
  public let uncheckedFrom: Int?
  /// The unchecked mutations from ``uncheckedFrom``: how many, and the last one's index.
  @usableFromInline
  let unchecked: UncheckedStates?

  /// A divergence at recorded step `index`, after the `unchecked` mutations (those before
  /// `index` count).
  @usableFromInline
  init(
    index: Int, time: Duration?, input: String?, cause: RecordedCause?, difference: String,
    kind: Kind = .differs, unchecked: UncheckedStates? = nil
  ) {
    self.index = index
    self.time = time
    self.input = input
    self.cause = cause
    self.difference = difference
    self.kind = kind
    let before = unchecked.flatMap { $0.first < index ? $0 : nil }
    self.unchecked = before
    uncheckedFrom = before?.first
  }

  /// The divergence a replay reports at a gap in the recording (`gap`, of `dropped` steps):
  /// what the steps before it made is unknown past it.
  @usableFromInline
  static func gap<Action, Mutation, State>(
    _ gap: RecordedStep<Action, Mutation, State>, dropped: Int, input: String?,
    unchecked: UncheckedStates? = nil
  ) -> ReplayDivergence {
    ReplayDivergence(
      index: gap.index, time: gap.time, input: input, cause: nil,
      difference: "The recording has a gap here: its writer fell behind and dropped \(dropped) "
        + "steps, so it cannot be replayed past this point. Record with a larger buffer, or "
        + "replay the part before the gap.", kind: .cannotTell, unchecked: unchecked)
  }

  /// How to record a file whose replay names the exact step: what a message about states a
  /// file does not hold ends with.
  @usableFromInline
  static let exactStepAdvice =
    "For the exact step, record the session again with this version of Reactors (its files "
    + "hold a fingerprint of every state), or with `checkpointEvery: 1` (every state whole)."

  /// The failure message a replay reports.
  public var description: String {
    var lines: [String]
    switch kind {
    case .differs: lines = ["Replay diverged from the recording at step \(index)"]
    case .cannotTell:
      lines = ["Replay cannot tell whether it follows the recording from step \(index) on"]
    }
    if let time { lines[0] += " (at \(time))" }
    if let input { lines.append("  input: \(input)") }
    if let cause { lines.append("  cause: \(cause)") }
    lines.append("")
    lines.append(difference)
    if let unchecked {
      lines.append("")
      lines.append(
        "The file holds neither \(unchecked.described), so the first state that differs may be "
          + (unchecked.count == 1 ? "that one" : "one of them") + ". " + Self.exactStepAdvice)
    }
    return lines.joined(separator: "\n")
  }
}

/// Mutations a replay could not check: the recording holds neither their states nor their
/// fingerprints. The first one's index, the last one's, and how many.
@usableFromInline
struct UncheckedStates: Sendable {
  @usableFromInline var first: Int
  @usableFromInline var last: Int
  @usableFromInline var count: Int

  @inlinable
  init(first: Int, last: Int, count: Int) {
    self.first = first
    self.last = last
    self.count = count
  }

  /// What they are, after "neither": "the state nor the fingerprint of the mutation at step 6",
  /// "the states nor the fingerprints of the 31 mutations from step 2 to step 62".
  @usableFromInline
  var described: String {
    count == 1
      ? "the state nor the fingerprint of the mutation at step \(first)"
      : "the states nor the fingerprints of the \(count) mutations from step \(first) to step "
        + "\(last)"
  }
}
