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

/// Writes a recording's steps to its file, off the app's threads: the recording hands it each
/// step (``take(_:)``, a short lock and an append), and a serial queue encodes and writes them
/// in batches, at least every ``flushInterval``, so that a process killed at any moment loses at
/// most the steps of the last interval.
///
/// Bounded: when ``capacity`` steps wait, the next ones are dropped and counted, and the file
/// gets a gap entry with the count; the app never blocks on the writer and its memory never
/// grows without bound.
///
/// Thread rules: ``take(_:)`` from any thread (the recording calls it under its own lock, in
/// step order); everything else runs on ``queue``. ``close()`` writes what is left and closes
/// the file; it may be called more than once, from any thread but the queue.
@usableFromInline
final class RecordingWriter<
  Action: Encodable & Sendable, Mutation: Encodable & Sendable, State: Encodable & Sendable
>: Sendable {
  @usableFromInline
  typealias Step = RecordedStep<Action, Mutation, State>

  /// The longest a step waits before it is written.
  @inlinable
  static var flushInterval: Duration { .milliseconds(50) }

  /// What waits to be written, and what the writing queue keeps between batches.
  @usableFromInline
  struct Pending: Sendable {
    @usableFromInline
    var steps: [Step] = []
    /// Steps dropped since the last batch, for the next gap entry, and the first one's index.
    @usableFromInline
    var dropped = 0
    @usableFromInline
    var firstDropped = 0
    /// A batch was asked of the queue and has not started.
    @usableFromInline
    var isScheduled = false
    @usableFromInline
    var isClosed = false
    /// What a failed write left (a full disk), written first once writing works again.
    @usableFromInline
    var unwritten: [UInt8] = []
    /// The write error being reported, until a write works again.
    @usableFromInline
    var failure: Int32?
    /// Told of every write problem (the recording's warnings).
    @usableFromInline
    var report: (@Sendable (String) -> Void)?
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
  @usableFromInline
  let capacity: Int

  /// Opens (creates or truncates) `path` and writes `header`; throws a ``RecordingFileError``
  /// when the file cannot be opened or written.
  @inlinable
  init(
    path: String, header: RecordingHeader, capacity: Int, unwrittenLimit: Int = 16 << 20
  ) throws {
    self.path = path
    self.unwrittenLimit = unwrittenLimit
    self.capacity = max(capacity, 1)
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

  /// Queues `step`, or counts it as dropped when ``capacity`` steps wait. Never blocks but for
  /// the short lock.
  @inlinable
  func take(_ step: Step) {
    let schedule = pending.withLock { pending -> Bool in
      guard !pending.isClosed else { return false }
      guard pending.steps.count < capacity else {
        if pending.dropped == 0 { pending.firstDropped = step.index }
        pending.dropped += 1
        return false
      }
      pending.steps.append(step)
      // A large batch does not wait for the timer.
      guard pending.steps.count >= 4_096, !pending.isScheduled else { return false }
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

  /// ``close()``'s work. On ``queue``.
  @inlinable
  func closeNow() {
    guard !pending.withLock({ $0.isClosed }) else { return }
    writeBatch()
    let (lost, report) = pending.withLock { pending in
      pending.isClosed = true
      return (pending.unwritten.count, pending.report)
    }
    closeFile(file)
    if lost > 0 {
      let message =
        "\(path): the last \(lost) bytes of the recording could not be written before it "
        + "stopped, and are lost. Check the disk's free space and the file's permissions."
      runtimeWarning(message, key: "RecordingWriter.lost")
      report?(message)
    }
  }

  /// Marks the writers' queues, so that ``close()`` knows when it runs on one.
  @inlinable
  static var onQueue: DispatchSpecificKey<Bool> { writerQueueKey }

  /// Encodes and writes the steps that wait, and a gap entry for those dropped after them. On
  /// ``queue``.
  @inlinable
  func writeBatch() {
    let (steps, taken, firstTaken, unwritten) = pending.withLock { pending in
      let taken = (pending.steps, pending.dropped, pending.firstDropped, pending.unwritten)
      pending.steps.removeAll(keepingCapacity: true)
      pending.dropped = 0
      pending.unwritten = []
      pending.isScheduled = false
      return taken
    }
    guard !steps.isEmpty || taken > 0 || !unwritten.isEmpty else { return }
    let output = JSONOutput()
    output.bytes = unwritten
    if !unwritten.isEmpty {
      // What a failed write left goes first: if the file has room now, the steps that wait
      // need not be counted in a gap.
      let (written, number) = write(unwritten)
      output.bytes.removeFirst(number == nil ? unwritten.count : written)
    }
    var (dropped, firstDropped) = (taken, firstTaken)
    if output.bytes.count >= unwrittenLimit, let first = steps.first {
      // The file has not been writable for a while: what waits stays bounded, and these
      // steps are counted in a gap (the steps dropped after them follow them).
      (dropped, firstDropped) = (dropped + steps.count, first.index)
    } else {
      for step in steps {
        var withState = true
        if case .mutation = step.kind { withState = step.isCheckpoint }
        do {
          try EncodedEntry(step: step, withState: withState).write(to: output)
        } catch {
          // A value that cannot be encoded (a custom `encode(to:)` that throws) is written as
          // a gap of one step: the file stays readable, and says where the step went.
          appendGap(at: step.index, dropped: 1, to: output)
        }
      }
    }
    if dropped > 0 { appendGap(at: firstDropped, dropped: dropped, to: output) }
    let (written, number) = write(output.bytes)
    let report = pending.withLock { pending -> (@Sendable (String) -> Void)? in
      defer { pending.failure = number }
      // What was not written waits for the next batch; a line half written is finished then.
      if number != nil { pending.unwritten = Array(output.bytes[written...]) }
      return number != nil && pending.failure == nil ? pending.report : nil
    }
    if let number, let report {
      let message =
        "\(path) could not be written (errno \(number)): the recording keeps up to "
        + "\(unwrittenLimit) bytes of steps and writes them once it can, and counts the steps "
        + "it cannot keep in a gap entry. Check the disk's free space and the file's "
        + "permissions."
      runtimeWarning(message, key: "RecordingWriter.failed")
      report(message)
    }
  }

  /// Tells `report` of every write problem from now on.
  @inlinable
  func reportProblems(to report: @escaping @Sendable (String) -> Void) {
    pending.withLock { $0.report = report }
  }

  /// Appends a gap entry of `dropped` steps from `index`.
  @inlinable
  func appendGap(at index: Int, dropped: Int, to output: JSONOutput) {
    let gap = Step(index: index, time: .zero, kind: .gap(dropped: dropped), cause: nil, state: nil)
    try? EncodedEntry(step: gap, withState: false).write(to: output)
  }

  /// Writes `bytes` to the file: how many were written, and the error that stopped it before
  /// the end, if one did.
  @inlinable
  func write(_ bytes: [UInt8]) -> (written: Int, errno: Int32?) {
    bytes.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let count = writeFile(file, bytes.baseAddress! + offset, bytes.count - offset)
        if count < 0 {
          if errno == EINTR { continue }
          return (offset, errno)
        }
        offset += count
      }
      return (offset, nil)
    }
  }
}

/// Closes a file descriptor (the system's `close`, which the writer's own `close()` hides).
@usableFromInline func closeFile(_ file: Int32) {
  _ = close(file)
}

/// Writes to a file descriptor (the system's `write`, which the writer's own `write(_:)` hides).
@usableFromInline func writeFile(_ file: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(file, bytes, count)
}

/// The key that marks a writer's queue (see ``RecordingWriter/close()``): made once, never
/// changed.
@usableFromInline let writerQueueKey = DispatchSpecificKey<Bool>()
