import Reactors
import ReactorsTestSupport
import Testing

@testable import ReactorsRecording

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A writer whose file cannot be written (a full disk: `/dev/full`, which fails every write
/// with `ENOSPC`) keeps what it could not write and writes it once it can, counts what it cannot
/// keep in a gap, and says so: nothing is dropped silently.
@Suite(.enabled(if: access("/dev/full", W_OK) == 0 && access("/proc/self/fd", R_OK) == 0))
struct RecordingWriterTests {
  typealias Writer = RecordingWriter<Int, Int, Int>
  typealias Step = RecordedStep<Int, Int, Int>

  @Test func stepsAFullDiskRefusedAreWrittenOnceItHasRoom() throws {
    let path = temporaryPath("full-disk")
    defer { unlink(path) }
    let (writer, problems, outbox) = try Self.writer(path, unwrittenLimit: 1 << 20)
    let restore = try Self.fillDisk(under: writer)
    outbox.take(Self.steps(0..<4))
    writer.queue.sync { writer.writeBatch() }
    try #require(problems.withLock { $0.count } == 1)
    #expect(problems.withLock { $0[0] }.contains("could not be written (errno \(ENOSPC))"))

    restore()
    outbox.take(Self.steps(4..<6))
    writer.close()
    let read = try Recording<Int, Int, Int>(contentsOf: path)
    #expect(read.steps.map(\.index) == Array(0..<6))
    #expect(read.steps.allSatisfy { if case .gap = $0.kind { false } else { true } })
    #expect(problems.withLock { $0.count } == 1)  // once, however many batches failed
  }

  @Test func whatItCannotKeepIsAGapAndWhatIsLeftAtTheEndIsReported() throws {
    let path = temporaryPath("full-disk-gap")
    defer { unlink(path) }
    let (writer, _, outbox) = try Self.writer(path, unwrittenLimit: 64)
    let restore = try Self.fillDisk(under: writer)
    outbox.take(Self.steps(0..<4))
    writer.queue.sync { writer.writeBatch() }  // more than 64 bytes wait now
    outbox.take(Self.steps(4..<10))
    writer.queue.sync { writer.writeBatch() }  // these are counted in a gap
    restore()
    outbox.take(Self.steps(10..<12))
    writer.close()
    let read = try Recording<Int, Int, Int>(contentsOf: path)
    #expect(read.steps.map(\.index) == [0, 1, 2, 3, 4, 10, 11])
    guard case .gap(let dropped) = read.steps[4].kind else {
      Issue.record("expected a gap at step 4, got \(read.steps[4])")
      return
    }
    #expect(dropped == 6)

    // A disk still full when the recording stops: what is left is reported lost.
    let lostPath = temporaryPath("full-disk-lost")
    defer { unlink(lostPath) }
    let (lost, lostProblems, lostOutbox) = try Self.writer(lostPath, unwrittenLimit: 1 << 20)
    _ = try Self.fillDisk(under: lost)
    lostOutbox.take(Self.steps(0..<2))
    lost.close()
    #expect(lostProblems.withLock { $0.last }?.contains("are lost") == true)

    // A batch that comes after the close (a wake as it closed) takes nothing and writes
    // nothing: the file is closed, and its descriptor may be another file's by then.
    let lateTakes = Shared(0)
    lost.read { _, _ in
      lateTakes.withLock { $0 += 1 }
      return OutboxBatch(steps: StepBatch(chunks: []))
    }
    lost.queue.sync { lost.writeBatch() }
    #expect(lateTakes.withLock { $0 } == 0)
  }

  @Test func aRecordingSaysWhatItsWriterCouldNotWrite() async throws {
    #expect(throws: RecordingFileError.self) {
      try Recording(of: LoginForm(), named: "form", writingTo: "/dev/full")
    }
    let path = temporaryPath("full-disk-recording")
    defer { unlink(path) }
    let form = LoginForm()
    let recording = try Recording(of: form, named: "form", writingTo: path)
    let file = try #require(Self.descriptor(of: path))
    let full = open("/dev/full", O_WRONLY)
    dup2(full, file)
    close(full)
    form.send(.type(name: "kim"))
    recording.stop()
    #expect(recording.warnings.contains { $0.contains("could not be written") })
    #expect(recording.warnings.contains { $0.contains("are lost") })
  }

  // MARK: Helpers

  /// A recording's outbox, which the test fills as a recording does.
  struct Outbox: Sendable {
    let steps: Shared<StepOutbox<PendingStep<Int, Int, Int>>>

    /// An outbox of `capacity` steps.
    init(capacity: Int = 1_000) {
      steps = Shared(StepOutbox(capacity: capacity, wakeEvery: .max))
    }

    /// Keeps `steps` (of the recording named "w"), as the recording does when it takes them.
    func take(_ steps: [Step]) {
      self.steps.withLock { outbox in
        for step in steps { _ = outbox.took(PendingStep(step, in: "w"), index: step.index) }
      }
    }
  }

  /// A writer of `path` reading an outbox of `capacity` steps, the problems it reports, and
  /// the outbox.
  static func writer(
    _ path: String, unwrittenLimit: Int, capacity: Int = 1_000
  ) throws -> (Writer, Shared<[String]>, Outbox) {
    let header = RecordingHeader(
      format: RecordingHeader.formatName, version: RecordingHeader.currentVersion, name: "w",
      schema: 1, action: String(reflecting: Int.self), mutation: String(reflecting: Int.self),
      state: String(reflecting: Int.self), checkpointEvery: 1)
    let writer = try Writer(path: path, header: header, unwrittenLimit: unwrittenLimit)
    let problems = Shared<[String]>([])
    writer.reportProblems { problem in problems.withLock { $0.append(problem) } }
    let outbox = Outbox(capacity: capacity)
    writer.read { closing, emptied in
      outbox.steps.withLock {
        OutboxBatch(steps: $0.taken(closing: closing, giving: emptied.steps))
      }
    }
    return (writer, problems, outbox)
  }

  /// Puts `/dev/full` under the writer's file descriptor; returns what puts the file back.
  static func fillDisk(under writer: Writer) throws -> () -> Void {
    let full = open("/dev/full", O_WRONLY)
    try #require(full >= 0)
    let saved = dup(writer.file)
    dup2(full, writer.file)
    close(full)
    return {
      dup2(saved, writer.file)
      close(saved)
    }
  }

  /// The descriptor this process has open on `path` (Linux's `/proc/self/fd`).
  static func descriptor(of path: String) -> Int32? {
    (0..<1_024).first { number in
      var target = [UInt8](repeating: 0, count: 4_096)
      let count = readlink("/proc/self/fd/\(number)", &target, target.count)
      return count > 0 && String(decoding: target.prefix(count), as: UTF8.self) == path
    }.map(Int32.init)
  }

  /// A recording's first steps: `began`, then inputs and mutations.
  static func steps(_ indices: Range<Int>) -> [Step] {
    indices.map { index in
      let kind: Step.Kind = index == 0 ? .began : index % 2 == 1 ? .input(index) : .mutation(index)
      return Step(
        index: index, time: .nanoseconds(index), kind: kind, cause: nil,
        state: index % 2 == 1 ? nil : index, isCheckpoint: index % 2 == 0)
    }
  }
}

/// The writer's fingerprints and its `last` entry, written from batches it is handed.
@Suite struct RecordingWriterLastStateTests {
  typealias Step = RecordedStep<Int, Int, Int>

  @Test func theLastStateIsWrittenWhenTheLastMutationWasInAnEarlierBatch() throws {
    let path = temporaryPath("last-earlier-batch")
    defer { unlink(path) }
    let (writer, _, outbox) = try RecordingWriterTests.writer(path, unwrittenLimit: 1 << 20)
    outbox.take([
      Step(index: 0, time: .zero, kind: .began, cause: nil, state: 0),
      Step(index: 1, time: .nanoseconds(1), kind: .input(5), cause: nil, state: nil),
      Step(index: 2, time: .nanoseconds(2), kind: .mutation(5), cause: nil, state: 5),
    ])
    writer.queue.sync { writer.writeBatch() }
    outbox.take([
      Step(index: 3, time: .nanoseconds(3), kind: .effectStarted(id: nil), cause: nil, state: nil)
    ])
    writer.close()
    let lines = lines(of: path)
    #expect(lines.last == #"{"i":4,"k":"last","s":5}"#)
    let mutation = try #require(lines.first { $0.contains(#""k":"mutation""#) })
    #expect(!mutation.contains(#""s":"#))  // no checkpoint: its fingerprint only
    let fingerprint = try #require(StateHasher().fingerprint(5))
    #expect(mutation.contains(#""h":\#(fingerprint),"#))

    let read = try Recording<Int, Int, Int>(contentsOf: path)
    #expect(read.warnings.isEmpty)
    #expect(read.steps[2].state == 5)
    #expect(read.steps[2].fingerprint == fingerprint)
  }

  @Test func theStateAtStopIsInTheFileEvenWhenItsMutationWasDropped() throws {
    let path = temporaryPath("last-dropped")
    defer { unlink(path) }
    let form = LoginForm()
    // Room for 4 steps: the writer drops most of these (whether it drops the last mutation
    // depends on when its thread runs; the state at the end is in the file either way).
    let recording = try LoginRecording(of: form, named: "login", writingTo: path, bufferSteps: 4)
    for index in 0..<1_000 { form.send(.type(name: "name \(index)")) }
    recording.stop()
    let lines = lines(of: path)
    #expect(lines.contains { $0.contains(#""k":"gap""#) })
    let last = try #require(lines.last)
    #expect(last.hasPrefix(#"{"i":2001,"k":"last","s":{"#))
    #expect(last.contains(#""name":"name 999""#))
    let read = try LoginRecording(contentsOf: path)
    #expect(read.warnings.isEmpty)
    // Given to the last mutation only when the file holds it with no gap after it.
    let holders = read.steps.filter { $0.state?.name == "name 999" }.map(\.index)
    #expect(holders == [] || holders == [2000])
  }

}
