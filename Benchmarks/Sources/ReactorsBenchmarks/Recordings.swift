import Foundation
import Reactors
import ReactorsRecording

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

typealias CounterRecording = Recording<BenchAction, BenchAction, BenchState>

/// Scenario 9: recordings. A `send` to a reactor recorded to a file (input and mutation, on the
/// sending thread), against a `send` to the same reactor unrecorded; the writer's sustained
/// rate and the heap it holds; a replay from the file.
///
/// The sending thread's cost is its own processor time (`CLOCK_THREAD_CPUTIME_ID`): on two
/// cores, the writer's thread shares the sender's core whenever the other one is busy (another
/// process, the machine's host), and the wall time of the sends then counts the writer's work
/// too. The fastest of rounds at three moments of the scenario (see ``SendTimes``); the median
/// round and the wall time are in the row's label.
func recordings(count: Int) -> [Row] {
  let directory = "/tmp/reactors-benchmarks-\(getpid())"
  mkdir(directory, 0o755)
  defer { _ = system("rm -rf \(directory)") }
  let path = "\(directory)/counter.jsonl"
  var sends = SendTimes()
  sends.measure(count: count, recordingTo: path)

  // The heap while a sender outruns the writer for a while, with the default buffer.
  let heapBefore = heapBytesInUse() ?? 0
  var heapMost = 0
  let flooded = CounterReactor()
  let flood = try! CounterRecording(
    of: flooded, named: "flood", writingTo: "\(directory)/flood.jsonl")
  for round in 0..<(10 * count) {
    flooded.send(.increment)
    if round % 10_000 == 0 { heapMost = max(heapMost, (heapBytesInUse() ?? 0) - heapBefore) }
  }
  flood.stop()
  sends.measure(count: count, recordingTo: path)

  let replayed = fastest(runs: 3) {
    let (divergence, _) = try! CounterRecording.divergence(
      replayingFileAt: path, on: CounterReactor())
    precondition(divergence == nil, "\(divergence!)")
  }
  sends.measure(count: count, recordingTo: path)
  let steps = 2 * count + 1

  let perSend = SendTimes.fastest(sends.recordedRounds).seconds * 1e9 / Double(count)
  let medianPerStep = SendTimes.median(sends.recordedRounds).seconds * 1e9 / Double(count) / 2
  let wallPerStep =
    SendTimes.fastest(sends.recordedWallRounds).seconds * 1e9 / Double(count) / 2
  let plainPerSend = SendTimes.fastest(sends.unrecordedRounds).seconds * 1e9 / Double(count)
  let coldPerStep = sends.recordedRounds[0].seconds * 1e9 / Double(count) / 2
  let writerRate = Double(steps) / sends.written.seconds
  let replayRate = Double(steps) / replayed.seconds
  let (inMemory, measured) = measuredSends(count: count)
  return [
    // A send records two steps: its input and its mutation.
    Row(
      scenario:
        "9. send, recorded to a file, per step (input + mutation; the sender's processor time; "
        + "median \(rounded(medianPerStep)) ns, wall \(rounded(wallPerStep)) ns)",
      reactors: "\(rounded(perSend / 2)) ns", baseline: "\(rounded(plainPerSend / 2)) ns",
      ratio: perSend / plainPerSend, target: "≤ 100 ns", isMet: perSend / 2 <= 100),
    Row(
      scenario: "9. the same, the process's first round (into fresh memory)",
      reactors: "\(rounded(coldPerStep)) ns", baseline: "\(rounded(plainPerSend / 2)) ns",
      ratio: coldPerStep / (plainPerSend / 2), target: "(reported)", isMet: nil),
    Row(
      scenario: "9. the writer, sustained (steps/s, file complete)",
      reactors: formatRate(writerRate), baseline: "-", ratio: writerRate / 250_000,
      target: "≥ 250 k/s", isMet: writerRate >= 250_000),
    Row(
      scenario: "9. heap while a sender outruns the writer (default buffer)",
      reactors: "\(rounded(Double(heapMost) / 1_048_576)) MB", baseline: "-",
      ratio: Double(heapMost) / 1_048_576 / 64, target: "≤ 64 MB", isMet: heapMost <= 64 << 20),
    Row(
      scenario: "9. replay from the file (steps/s)",
      reactors: formatRate(replayRate), baseline: "-", ratio: replayRate / 250_000,
      target: "≥ 250 k/s", isMet: replayRate >= 250_000),
    Row(
      scenario:
        "9. send, recorded in memory measuring costs (measuringCosts: true), per step; "
        + "baseline: recorded in memory, not measuring",
      reactors: "\(rounded(measured)) ns", baseline: "\(rounded(inMemory)) ns",
      ratio: measured / inMemory, target: "(opt-in; reported)", isMet: nil),
  ]
}

/// A `send` recorded in memory, per step (input and mutation), without and with the costs
/// measured: the fastest of five rounds each, the sender's processor time.
func measuredSends(count: Int) -> (plain: Double, measured: Double) {
  var rounds: [Bool: [Duration]] = [false: [], true: []]
  for _ in 0..<5 {
    for measuring in [false, true] {
      let reactor = CounterReactor()
      let recording = CounterRecording(
        of: reactor, named: "counter", measuringCosts: measuring)
      let start = threadTime()
      for _ in 0..<count { reactor.send(.increment) }
      rounds[measuring, default: []].append(threadTime() - start)
      recording.stop()
    }
  }
  func perStep(_ measuring: Bool) -> Double {
    (rounds[measuring]?.min() ?? .zero).seconds * 1e9 / Double(count) / 2
  }
  return (perStep(false), perStep(true))
}

/// Scenario 9's sends, unrecorded and recorded (the sending thread's processor time, and the
/// wall time), each round's, and the fastest time until the file was complete.
struct SendTimes {
  var unrecordedRounds: [Duration] = []
  var recordedRounds: [Duration] = []
  var recordedWallRounds: [Duration] = []
  var written = Duration.seconds(1_000)

  /// Three rounds of `count` sends each way. Called at three moments of the scenario, seconds
  /// apart: the host of this machine's virtual processors runs them up to 1.8 times slower for
  /// seconds at a time now and then (scenario 1's plain `send` then reads 17-20 ns instead of
  /// 10). The row is the fastest round, as every row of this table is the fastest of its runs;
  /// its label gives the median round too. The process's first recorded round fills fresh
  /// memory (a page fault every 73 steps) and reads 100-170 ns: a row of its own.
  mutating func measure(count: Int, recordingTo path: String) {
    let plain = CounterReactor()
    for _ in 0..<3 {
      let start = threadTime()
      for _ in 0..<count { plain.send(.increment) }
      unrecordedRounds.append(threadTime() - start)
    }
    // A buffer large enough that nothing is dropped, so every step is queued for the writer.
    for _ in 0..<3 {
      let reactor = CounterReactor()
      let start = ContinuousClock.now
      let recording = try! CounterRecording(
        of: reactor, named: "counter", writingTo: path, bufferSteps: 2 * count + 16)
      let (wallStart, threadStart) = (ContinuousClock.now, threadTime())
      for _ in 0..<count { reactor.send(.increment) }
      recordedRounds.append(threadTime() - threadStart)
      recordedWallRounds.append(ContinuousClock.now - wallStart)
      recording.stop()  // returns once every step is written
      written = min(written, ContinuousClock.now - start)
    }
  }

  /// The middle one of `rounds` (the later of the two middle ones of an even count).
  static func median(_ rounds: [Duration]) -> Duration {
    rounds.sorted()[rounds.count / 2]
  }

  /// The fastest of `rounds`.
  static func fastest(_ rounds: [Duration]) -> Duration { rounds.min() ?? .zero }
}

typealias ThousandFieldsRecording = Recording<Int, Int, ThousandFields>

/// Scenario 9's large replay: a 1,000,000-step recording of scenario 8's state (1,000 fields;
/// 500,000 sends of an input and a mutation, a state every 32 mutations), written to a file,
/// then replayed from it in a process of its own (`--profile replay-memory PATH`), whose peak
/// memory is the row.
func largeReplay(steps: Int) -> Row {
  let path = "/tmp/reactors-benchmarks-\(getpid())-large.jsonl"
  defer { unlink(path) }
  let reactor = ThousandFieldsReactor()
  let recording = try! ThousandFieldsRecording(
    of: reactor, named: "fields", writingTo: path, bufferSteps: steps + 16)
  for step in 0..<(steps / 2) { reactor.send(step % 1_000) }
  recording.stop()
  let start = ContinuousClock.now
  let child = Process()
  child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
  child.arguments = ["--profile", "replay-memory", path]
  let output = Pipe()
  child.standardOutput = output
  try! child.run()
  let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  child.waitUntilExit()
  let elapsed = ContinuousClock.now - start
  let megabytes = Double(printed.trimmingCharacters(in: .whitespacesAndNewlines)) ?? .infinity
  return Row(
    scenario:
      "9. replay of \(steps / 1_000) k steps of scenario 8's state: peak memory "
      + "(\(rounded(Double(steps) / elapsed.seconds / 1_000)) k steps/s)",
    reactors: "\(rounded(megabytes)) MB", baseline: "-", ratio: megabytes / 200,
    target: "< 200 MB", isMet: megabytes < 200)
}

/// Replays the scenario 8 recording at `path` and prints the process's peak memory in MB: the
/// child of ``largeReplay(steps:)``.
func replayMemory(path: String) {
  let (divergence, _) = try! ThousandFieldsRecording.divergence(
    replayingFileAt: path, on: ThousandFieldsReactor())
  precondition(divergence == nil, "\(divergence!)")
  print(peakMegabytes())
}

/// This process's peak resident memory in MB: `VmHWM` of `/proc/self/status` on Linux (a
/// spawned process's `ru_maxrss` there starts from its parent's), `ru_maxrss` elsewhere.
func peakMegabytes() -> Double {
  if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
    let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
    let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
  {
    return kilobytes / 1_024
  }
  var usage = rusage()
  getrusage(RUSAGE_SELF_WHO, &usage)
  return Double(usage.ru_maxrss) / 1_048_576  // bytes on Apple systems
}

#if canImport(Glibc)
  /// `RUSAGE_SELF` as `getrusage` takes it (glibc imports it as an enum case).
  let RUSAGE_SELF_WHO = __rusage_who_t(RUSAGE_SELF.rawValue)
#else
  /// `RUSAGE_SELF` as `getrusage` takes it.
  let RUSAGE_SELF_WHO = RUSAGE_SELF
#endif
