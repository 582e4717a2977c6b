/// What made a recorded step: a step of a ``Recording``, named by the recording's name and the
/// step's index. A step with no cause came from outside every recording (a view, a test, a
/// thread nobody records).
///
/// Causes cross reactors: an action that reactor B's `mutate`, observer or effect sends to
/// reactor A names B's step as its cause in A's recording, when both are recorded.
public struct RecordedCause: Hashable, Sendable, CustomStringConvertible {
  /// The name of the recording that holds the cause.
  public let recording: String
  /// The cause's index in that recording's steps.
  public let index: Int

  /// Names step `index` of the recording named `recording`.
  public init(recording: String, index: Int) {
    self.recording = recording
    self.index = index
  }

  /// `search#12`: the recording's name and the step's index.
  public var description: String { "\(recording)#\(index)" }

  /// The recorded step an effect's task is running for (see ``CauseScope`` for the steps a
  /// thread processes synchronously).
  @usableFromInline static var current: RecordedCause? { $box.get()?.cause }

  /// ``current``, boxed: a task-local value is read through the generic `TaskLocal.get`, which
  /// copies an optional reference for about 60 instructions less than an optional struct of a
  /// string and an integer.
  @usableFromInline @TaskLocal static var box: CauseBox?

  /// The recorded step being processed or run here: the innermost synchronous scope this task
  /// entered on this thread, else the effect the task runs for. What a `send` made here names
  /// as its cause.
  @usableFromInline
  static var inContext: RecordedCause? { CauseScope.current }

  /// Runs `body` with `cause` as what is sent from inside it, synchronously on this thread.
  @inlinable
  static func during<Result>(_ cause: RecordedCause?, _ body: () -> Result) -> Result {
    CauseScope.run(cause, body)
  }

  /// Runs `body`, an effect's task, with `cause` as what is sent from inside it.
  @usableFromInline
  static func during<Result>(
    _ cause: RecordedCause?, isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> Result
  ) async rethrows -> Result {
    try await $box.withValue(cause.map(CauseBox.init), operation: body, isolation: isolation)
  }
}

/// A ``RecordedCause`` in a heap object: what an effect's task keeps as its task-local value.
@usableFromInline
final class CauseBox: Sendable {
  @usableFromInline let cause: RecordedCause

  @usableFromInline
  init(_ cause: RecordedCause) { self.cause = cause }
}
