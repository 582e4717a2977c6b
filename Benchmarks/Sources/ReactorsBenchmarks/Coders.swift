import Foundation
import Reactors
import ReactorsRecording

/// Scenario 9's coder rows: the same recorded steps written as a recording file and read back
/// by the recording's own JSON coder (`fileBytes`, `Recording(bytes:)`), and by Foundation's
/// `JSONEncoder` (`.sortedKeys`, `.withoutEscapingSlashes`) and `JSONDecoder`, one entry a
/// line, through a `Codable` mirror of the file's entries. Steps per second each way, and
/// ours over Foundation's; each row's label says whether the two files were the same bytes.
func coders(count: Int) -> [Row] {
  let reactor = CounterReactor()
  let recording = CounterRecording(of: reactor, named: "counter")
  for round in 0..<count { reactor.send(round % 1_000 == 0 ? .append(round) : .increment) }
  recording.stop()
  let steps = recording.steps
  let every = 32

  var ours: [UInt8] = []
  let oursWriting = fastest(runs: 3) { ours = try! recording.fileBytes(checkpointEvery: every) }
  // Each mutation's state fingerprint, as our file holds it: Foundation's side writes the same
  // numbers rather than hashing the states again (so its time leaves the hashing out).
  let fingerprints = FoundationFile.fingerprints(in: ours)
  var theirs: [UInt8] = []
  let foundationWriting = fastest(runs: 3) {
    theirs = FoundationFile.write(
      steps, name: recording.name, checkpointEvery: every, fingerprints: fingerprints)
  }
  let sameBytes = ours == theirs

  let oursReading = fastest(runs: 3) {
    let read = try! CounterRecording(bytes: ours)
    precondition(read.steps.count == steps.count, "every step read")
  }
  let foundationReading = fastest(runs: 3) {
    precondition(FoundationFile.read(ours) == steps.count, "every step read")
  }

  func row(_ what: String, _ mine: Duration, _ foundation: Duration) -> Row {
    let (mineRate, foundationRate) = (
      rate(steps.count, in: mine), rate(steps.count, in: foundation)
    )
    return Row(
      scenario:
        "9. \(what) \(formatCount(steps.count)) steps: recording's coder (Reactors) vs "
        + "Foundation's (baseline), steps/s (\(sameBytes ? "same bytes" : "bytes differ"))",
      reactors: formatRate(mineRate), baseline: formatRate(foundationRate),
      ratio: mineRate / foundationRate, target: "≥ 1×", isMet: mineRate >= foundationRate)
  }
  return [
    row("write", oursWriting, foundationWriting),
    row("read", oursReading, foundationReading),
  ]
}

/// A recording file written and read with Foundation's coders, line by line: a mirror of the
/// header and of the entries (see the Recordings article) for the counter's types.
enum FoundationFile {
  struct Header: Codable {
    var action: String
    var checkpointEvery: Int
    var fingerprint: String?
    var format: String
    var mutation: String
    var name: String
    var schema: Int
    var state: String
    var version: Int
  }

  /// An entry line: its members' names are the file's (`JSONEncoder` sorts them).
  struct Entry: Codable {
    var a: BenchAction?
    var c: String?
    var cancelled: Bool?
    var f: Bool?
    var h: UInt64?
    var i: Int
    var id: String?
    var k: String
    var m: BenchAction?
    var n: Int?
    var s: BenchState?
    var start: Int?
    var t: Int64?
  }

  static func encoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }

  /// The fingerprints of the mutations' states in the file `bytes`, in order.
  static func fingerprints(in bytes: [UInt8]) -> [UInt64?] {
    let decoder = JSONDecoder()
    return bytes.split(separator: 0x0A).dropFirst().compactMap { line in
      let entry = try! decoder.decode(Entry.self, from: Data(line))
      return entry.k == "mutation" ? .some(entry.h) : nil
    }
  }

  /// The file of `steps`, a state every `checkpointEvery` mutations and each mutation's
  /// `fingerprints`, then the last state, as the recording writes it (format 2).
  static func write(
    _ steps: [RecordedStep<BenchAction, BenchAction, BenchState>], name: String,
    checkpointEvery: Int, fingerprints: [UInt64?]
  ) -> [UInt8] {
    let encoder = encoder()
    let header = Header(
      action: String(reflecting: BenchAction.self), checkpointEvery: checkpointEvery,
      fingerprint: "codable-hash53-1", format: "reactors-recording",
      mutation: String(reflecting: BenchAction.self), name: name, schema: 1,
      state: String(reflecting: BenchState.self), version: 2)
    var bytes = [UInt8](try! encoder.encode(header))
    bytes.append(0x0A)
    var mutations = 0
    for step in steps {
      let time = step.time.components
      var entry = Entry(
        c: step.cause?.description, i: step.index, k: "",
        t: time.seconds * 1_000_000_000 + time.attoseconds / 1_000_000_000)
      switch step.kind {
      case .began:
        entry.k = "began"
        entry.s = step.state
      case .input(let action):
        entry.k = "input"
        entry.a = action
      case .mutation(let mutation):
        entry.k = "mutation"
        entry.m = mutation
        entry.h = mutations < fingerprints.count ? fingerprints[mutations] : nil
        mutations += 1
        if mutations % checkpointEvery == 0 { entry.s = step.state }
      case .effectStarted(let id):
        entry.k = "effect"
        entry.id = id
      case .effectEnded(let started, let cancelled):
        entry.k = "ended"
        entry.start = started
        entry.cancelled = cancelled ? true : nil
      case .cancelled(let id):
        entry.k = "cancel"
        entry.id = id
      case .gap(let dropped):
        entry.k = "gap"
        entry.n = dropped
      }
      bytes += try! encoder.encode(entry)
      bytes.append(0x0A)
    }
    let last = Entry(
      i: steps.count, k: "last", s: steps.last(where: { $0.state != nil })?.state)
    bytes += try! encoder.encode(last)
    bytes.append(0x0A)
    return bytes
  }

  /// Reads the file `bytes` (its header, then an entry a line); the number of steps (the
  /// entries but the last state's).
  static func read(_ bytes: [UInt8]) -> Int {
    let decoder = JSONDecoder()
    var lines = bytes.split(separator: 0x0A)[...]
    guard let first = lines.popFirst(),
      (try? decoder.decode(Header.self, from: Data(first))) != nil
    else { return 0 }
    var entries = 0
    for line in lines {
      let entry = try! decoder.decode(Entry.self, from: Data(line))
      if entry.k != "last" { entries += 1 }
    }
    return entries
  }
}
