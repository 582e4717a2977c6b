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

  /// The recorded step being processed or run on this thread or task: set while a recorded
  /// reactor runs `mutate`, tells its observers, or runs an effect, so that what they send is
  /// attributed to it.
  @TaskLocal static var current: RecordedCause?

  /// ``current``, for inlinable engine code.
  @usableFromInline
  static var inContext: RecordedCause? { current }

  /// Runs `body` with `cause` as ``current``.
  @usableFromInline
  static func during<Result>(_ cause: RecordedCause?, _ body: () -> Result) -> Result {
    $current.withValue(cause, operation: body)
  }

  /// Runs `body` with `cause` as ``current``, in a task.
  @usableFromInline
  static func during<Result>(
    _ cause: RecordedCause?, isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> Result
  ) async rethrows -> Result {
    try await $current.withValue(cause, operation: body, isolation: isolation)
  }
}
