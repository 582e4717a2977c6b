import Dispatch
import Reactors

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a recording's steps to its file, off the app's threads: the recording keeps each step
/// in its outbox (`StepOutbox`, under the lock it takes for the step anyway), and a serial
/// queue takes them from there, encodes and writes them in batches, at least every
/// ``flushInterval`` (and as soon as ``batchSize`` steps wait), so that a process killed at any
/// moment loses at most the steps of the last interval.
///
/// Each mutation waits with the state it made (a copy; a state that is no checkpoint's waits
/// apart, in the recording's outbox of states, at most ``statesBudget`` bytes of them): the
/// queue writes its fingerprint (``StateFingerprint``) on the mutation's line, the whole state
/// at checkpoints, and, when the recording stops, the state after its last mutation (the
/// `last` entry), so that a replay from the file finds the first state that differs.
///
/// Bounded: when the outbox's capacity of steps wait, the next ones are dropped and counted,
/// and the file gets a gap entry with the count; the app never blocks on the writer and its
/// memory never grows without bound.
///
/// Thread rules: ``read(from:)`` once, then ``wake()`` from any thread; everything else runs on
/// ``queue``. ``close()`` writes what is left and closes the file; it may be called more than
/// once, from any thread but the queue.
@usableFromInline
final class RecordingWriter<
  Action: Encodable & Sendable, Mutation: Encodable & Sendable, State: Encodable & Sendable
>: Sendable {
  @usableFromInline
  typealias Step = RecordedStep<Action, Mutation, State>
  /// A step as it waits in the recording's outbox.
  @usableFromInline
  typealias Waiting = PendingStep<Action, Mutation, State>

  /// The longest a step waits before it is written.
  @inlinable
  static var flushInterval: Duration { .milliseconds(50) }

  /// What takes the steps and states waiting in a recording's outbox (closing it for good when
  /// `true`), given back the chunks of the batch before, emptied.
  @usableFromInline
  typealias StepSource =
    @Sendable (_ closing: Bool, _ emptied: Chunks) -> OutboxBatch<Action, Mutation, State>
  /// The chunks of a batch, emptied.
  @usableFromInline
  typealias Chunks = OutboxChunks<Action, Mutation, State>

  /// The most bytes of states that wait for the writer apart from their steps (a mutation's
  /// state that is no checkpoint's): past it, a mutation's line has no fingerprint, which a
  /// replay reports rather than guesses. 32 MB: a million states of 32 bytes, 4,096 of 8 KB.
  @inlinable
  static var statesBudget: Int { 32 << 20 }

  /// How many waiting steps wake the writer before its timer.
  @inlinable
  static var batchSize: Int { 4_096 }

  /// Where the steps come from, and what the writing queue keeps between batches.
  @usableFromInline
  struct Pending: Sendable {
    /// Takes the steps waiting in the recording's outbox (closing it for good when `true`),
    /// given back the chunks of the batch before, emptied.
    @usableFromInline
    var source: StepSource?
    /// The last batch's chunks, emptied on the writing queue, for the source's next steps.
    @usableFromInline
    var emptied = Chunks()
    /// A batch was asked of the queue and has not started.
    @usableFromInline
    var isScheduled = false
    @usableFromInline
    var isClosed = false
    /// What a failed write left (a full disk), written first once writing works again.
    @usableFromInline
    var unwritten: [UInt8] = []
    /// The steps counted, not kept, while the file could not be written: the first one's index
    /// and how many, for the gap entry written once it can.
    @usableFromInline
    var lost: (first: Int, count: Int)?
    /// The write error being reported, until a write works again.
    @usableFromInline
    var failure: Int32?
    /// Told of every write problem (the recording's warnings), and the problems from before
    /// it was set.
    @usableFromInline
    var report: (@Sendable (String) -> Void)?
    @usableFromInline
    var problems: [String] = []
    /// The state after the last step taken that made one (`began`, a mutation), or, once the
    /// last batch is taken, after the recording's last mutation (the batch's `latest`, when no
    /// step taken held it); `nil` when unknown (steps lost to a full disk). The `last` entry's.
    @usableFromInline
    var last: State?
    /// How many steps the recording made so far (kept, dropped and lost): the `last` entry's.
    @usableFromInline
    var count = 0
  }

  /// The most bytes a failed write keeps for later: past it, new steps are counted in a gap.
  @usableFromInline
  let unwrittenLimit: Int

  @usableFromInline
  let pending = Locked(Pending())
  @usableFromInline
  let queue = DispatchQueue(label: "Reactors.RecordingWriter")
  @usableFromInline
  let file: Int32
  @usableFromInline
  let path: String
  /// The recording's name: what the causes in its own steps name.
  @usableFromInline
  let name: String

  /// Opens (creates or truncates) `path` and writes `header`; throws a ``RecordingFileError``
  /// when the file cannot be opened or written.
  @inlinable
  init(path: String, header: RecordingHeader, unwrittenLimit: Int = 16 << 20) throws {
    self.path = path
    name = header.name
    self.unwrittenLimit = unwrittenLimit
    file = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard file >= 0 else {
      throw RecordingFileError(
        path: path, line: 0, step: nil, reason: .unreadable(errno: errno), detail: "opening it")
    }
    queue.setSpecific(key: Self.onQueue, value: true)
    let output = JSONOutput()
    try output.appendLine(header)
    if let number = write(output.bytes).errno {
      throw RecordingFileError(
        path: path, line: 0, step: nil, reason: .unreadable(errno: number), detail: "writing")
    }
    tick()
  }

  /// Writes what waits every ``flushInterval``, until the writer is closed or released.
  @inlinable
  func tick() {
    let (seconds, attoseconds) = Self.flushInterval.components
    let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
    queue.asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { [weak self] in
      guard let self, !self.pending.withLock({ $0.isClosed }) else { return }
      self.writeBatch()
      self.tick()
    }
  }

  deinit {
    if !pending.withLock({ $0.isClosed }) { closeFile(file) }
  }

  /// Writes the steps `source` takes from here on (a recording's outbox; see
  /// `Recording.outboxTaker`).
  @inlinable
  func read(from source: @escaping StepSource) {
    pending.withLock { $0.source = source }
  }

  /// A batch waits (``batchSize`` steps): writes it now rather than at the timer. Never blocks
  /// but for a short lock.
  @inlinable
  func wake() {
    let schedule = pending.withLock { pending -> Bool in
      guard !pending.isClosed, !pending.isScheduled else { return false }
      pending.isScheduled = true
      return true
    }
    if schedule { queue.async { self.writeBatch() } }
  }

  /// Writes what waits, then closes the file: what the recording does when it stops or is
  /// released. Once; later calls return at once. On the writer's queue itself (a recording
  /// released by the last step of a batch, holding the reactor that held it), it does so in
  /// place instead of waiting for the queue.
  @inlinable
  func close() {
    if DispatchQueue.getSpecific(key: Self.onQueue) != nil {
      closeNow()
    } else {
      queue.sync { closeNow() }
    }
  }

  /// ``close()``'s work: the last batch, taken as the writer closes, so that no step is taken
  /// after it, then the `last` entry, the state after the last mutation, when every step made
  /// since is written. On ``queue``.
  @inlinable
  func closeNow() {
    guard !pending.withLock({ $0.isClosed }) else { return }
    writeBatch(closing: true)
    let (bytes, lost, last, count) = pending.withLock {
      ($0.unwritten.count, $0.lost?.count ?? 0, $0.last, $0.count)
    }
    if bytes == 0, lost == 0 {
      let output = JSONOutput()
      EncodedEntry<Action, Mutation, State>.appendLast(count: count, state: last, to: output)
      if let number = write(output.bytes).errno {
        tell(
          "\(path): the recording's last state could not be written (errno \(number)); its "
            + "steps are complete. Check the disk's free space.", key: "RecordingWriter.last")
      }
    }
    closeFile(file)
    if bytes > 0 || lost > 0 {
      tell(
        "\(path): the last \(bytes) bytes and \(lost) more steps of the recording could not be "
          + "written before it stopped, and are lost. Check the disk's free space and the "
          + "file's permissions.", key: "RecordingWriter.lost")
    }
  }

  /// Marks the writers' queues, so that ``close()`` knows when it runs on one.
  @inlinable
  static var onQueue: DispatchSpecificKey<Bool> { writerQueueKey }

  /// Writes what a failed write left, then encodes and writes the steps that wait, and a gap
  /// entry for those dropped after them. While the file cannot be written, the steps are kept
  /// encoded up to ``unwrittenLimit`` bytes, and counted past it, for a gap entry written
  /// before the next steps once it can. On ``queue``.
  @inlinable
  func writeBatch(closing: Bool = false) {
    let taken = pending.withLock {
      pending -> (StepSource?, Chunks, [UInt8], (Int, Int)?, State?)? in
      // A wake that came as the writer closed: the file is closed, maybe reused.
      guard closing || !pending.isClosed else { return nil }
      let taken = (
        pending.source, pending.emptied, pending.unwritten, pending.lost, pending.last
      )
      pending.emptied = Chunks()
      pending.unwritten = []
      pending.isScheduled = false
      if closing { pending.isClosed = true }
      return taken
    }
    guard let (source, emptied, left, lostBefore, lastBefore) = taken else { return }
    // Taken with the writer's lock released: the recording's lock is the app's.
    var batch = source?(closing, emptied) ?? OutboxBatch(steps: StepBatch(chunks: []))
    var last = lastBefore
    write(batch, after: left, lostBefore: lostBefore, last: &last)
    // The recording's own note of the state at its end, when no step taken holds it.
    if let latest = batch.latest { last = latest }
    let steps = batch.steps
    let kept = steps.chunks.reduce(0) { $0 + $1.count }
    let count =
      steps.dropped > 0
      ? steps.firstDropped + steps.dropped : kept > 0 ? steps.firstIndex + kept : nil
    // Emptied here, off the app's threads, and given back with the next batch.
    let chunks = batch.emptied()
    pending.withLock { pending in
      pending.emptied = chunks
      pending.last = last
      if let count { pending.count = count }
    }
  }

  /// ``writeBatch(closing:)``'s work: writes `left` (what a failed write left), then `batch`,
  /// after a gap entry for the steps lost before it (`lostBefore`); `last` follows the steps
  /// written.
  @inlinable
  func write(
    _ batch: OutboxBatch<Action, Mutation, State>, after left: [UInt8],
    lostBefore: (first: Int, count: Int)?, last: inout State?
  ) {
    let (steps, dropped, firstDropped) = (
      batch.steps.chunks, batch.steps.dropped, batch.steps.firstDropped
    )
    guard !steps.isEmpty || dropped > 0 || !left.isEmpty || lostBefore != nil else { return }
    var failed: Int32?
    let output = JSONOutput()
    if !left.isEmpty {
      (output.bytes, failed) = writeKeepingRest(left)
    }
    var lost = lostBefore
    if failed == nil {
      if let gap = lost { appendGap(at: gap.first, dropped: gap.count, to: output) }
      lost = nil
      encode(batch, into: output, last: &last)
      (output.bytes, failed) = writeKeepingRest(output.bytes)
    } else if lost == nil, output.bytes.count < unwrittenLimit {
      encode(batch, into: output, last: &last)
    } else if let first = steps.contains(where: { !$0.isEmpty })
      ? batch.steps.firstIndex : (dropped > 0 ? firstDropped : nil)
    {
      // Counted, not kept: the steps dropped after these follow them.
      let count = steps.reduce(0) { $0 + $1.count }
      lost = (lost?.first ?? first, (lost?.count ?? 0) + count + dropped)
      last = nil
    }
    let isNewFailure = pending.withLock { pending -> Bool in
      defer { pending.failure = failed }
      pending.unwritten = output.bytes
      pending.lost = lost
      return failed != nil && pending.failure == nil
    }
    if let failed, isNewFailure {
      tell(
        "\(path) could not be written (errno \(failed)): the recording keeps up to "
          + "\(unwrittenLimit) bytes of steps and writes them once it can, and counts the steps "
          + "it cannot keep in a gap entry. Check the disk's free space and the file's "
          + "permissions.", key: "RecordingWriter.failed")
    }
  }

  /// Encodes the steps of `batch`, each mutation with its state's fingerprint (and the state
  /// itself at checkpoints), then a gap entry for the steps dropped after them; `last` becomes
  /// the state after the last of them that has one (a mutation dropped after it is the
  /// recording's to note: see `OutboxBatch.latest`).
  @inlinable
  func encode(
    _ batch: OutboxBatch<Action, Mutation, State>, into output: JSONOutput, last: inout State?
  ) {
    let hasher = StateHasher()
    batch.steps.forEachStep(named: name, states: batch.states) { step, apart in
      switch step.kind {
      case .mutation:
        // No state: it did not fit in the states' outbox. Neither it nor a fingerprint.
        let state = step.state ?? apart
        let fingerprint = state.flatMap { hasher.fingerprint($0) }
        EncodedEntry.append(
          step, withState: step.isCheckpoint, fingerprint: fingerprint, to: output)
        last = state  // unknown without one: the last batch's `latest` then says
      case .began:
        EncodedEntry.append(step, withState: true, to: output)
        last = step.state
      default:
        EncodedEntry.append(step, withState: true, to: output)
      }
    }
    let steps = batch.steps
    if steps.dropped > 0 { appendGap(at: steps.firstDropped, dropped: steps.dropped, to: output) }
  }

  /// Warns of a write problem, and tells the recording (or keeps it for when it listens).
  @inlinable
  func tell(_ problem: String, key: String) {
    runtimeWarning(problem, key: key)
    let report = pending.withLock { pending in
      if pending.report == nil { pending.problems.append(problem) }
      return pending.report
    }
    report?(problem)
  }

  /// Tells `report` of every write problem: those before now, and from now on.
  @inlinable
  func reportProblems(to report: @escaping @Sendable (String) -> Void) {
    let earlier = pending.withLock { pending in
      pending.report = report
      defer { pending.problems = [] }
      return pending.problems
    }
    for problem in earlier { report(problem) }
  }

  /// Appends a gap entry of `dropped` steps from `index`.
  @inlinable
  func appendGap(at index: Int, dropped: Int, to output: JSONOutput) {
    let gap = Step(index: index, time: .zero, kind: .gap(dropped: dropped), cause: nil, state: nil)
    try? EncodedEntry(step: gap, withState: false).write(to: output)
  }
}
