import Reactors
import ReactorsRecording
import ReactorsTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Records `sends` sends of a counter into a new file, with the file's default settings unless
/// `checkpointEvery` is given; its path (the caller removes it). Send `n`'s mutation is step
/// `2 n`.
func recordCounter(sends: Int, checkpointEvery: Int? = nil) throws -> String {
  let path = temporaryPath("counter")
  let counter = Counter()
  let recording =
    try checkpointEvery.map {
      try CounterRecording(of: counter, named: "counter", writingTo: path, checkpointEvery: $0)
    } ?? CounterRecording(of: counter, named: "counter", writingTo: path)
  for _ in 0..<sends { counter.send(.increment) }
  recording.stop()
  return path
}

/// Rewrites the file at `path` as a file of format 1, the format before fingerprints: no
/// `fingerprint` in the header, no `h` on the mutations' lines, no `last` entry.
func rewriteAsFormatOne(_ path: String) throws {
  var lines = lines(of: path)
  lines[0] = lines[0].replacingOccurrences(of: #""fingerprint":"codable-hash53-1","#, with: "")
    .replacingOccurrences(of: #""version":2"#, with: #""version":1"#)
  lines = lines.filter { !$0.contains(#""k":"last""#) }.map(withoutFingerprint)
  try overwrite(path, with: lines)
}

/// `line` without its fingerprint (`"h":…,`).
func withoutFingerprint(_ line: String) -> String {
  guard let start = line.range(of: #""h":"#),
    let end = line[start.upperBound...].firstIndex(of: ",")
  else { return line }
  return String(line[..<start.lowerBound] + line[line.index(after: end)...])
}

/// Writes `lines`, each ended by a newline unless `cutLast`, over the file at `path`.
func overwrite(_ path: String, with lines: [String], cutLast: Bool = false) throws {
  let text = lines.joined(separator: "\n") + (cutLast ? "" : "\n")
  let file = try #require(fopen(path, "w"))
  defer { fclose(file) }
  let bytes = Array(text.utf8)
  #expect(fwrite(bytes, 1, bytes.count, file) == bytes.count)
}

/// Replays the counter file at `path` as it is read, on a fresh counter changed at
/// `changedAt`: the divergence and the warnings.
func replayCounter(
  _ path: String, changedAt: Int? = 3, _ mode: ReplayMode = .inputs
) throws -> (divergence: ReplayDivergence?, warnings: [String]) {
  try CounterRecording.divergence(
    replayingFileAt: path, on: Counter(changedAt: changedAt), mode)
}

/// A replay from a file names the first mutation whose state differs, with any checkpoint
/// setting, and says where the file cannot tell.
@Suite(.timeLimit(.minutes(1))) struct ReplayFromFileTests {
  // MARK: The issue's scenario

  @Test func tenSendsWithTheDefaultSettingsNameTheThirdSendsMutation() throws {
    let path = try recordCounter(sends: 10)
    defer { removeFile(path) }
    let (found, warnings) = try replayCounter(path)
    #expect(warnings.isEmpty)
    let divergence = try #require(found)
    #expect(divergence.index == 6)
    #expect(divergence.kind == .differs)
    #expect(divergence.uncheckedFrom == nil)
    #expect(divergence.input == "step 5: Counter.Action.increment")
    #expect(divergence.description.contains("The state differs from the recorded one"))
    #expect(divergence.description.contains("count: 4"))

    // Read whole, and through `reduce` alone: the same step.
    let read = try CounterRecording(contentsOf: path)
    #expect(read.divergence(replayingOn: Counter(changedAt: 3))?.index == 6)
    #expect(read.divergence(replayingOn: Counter(changedAt: 3), .reduceOnly)?.index == 6)
    #expect(try replayCounter(path, .reduceOnly).divergence?.index == 6)

    // The recorded reducer replays without a divergence.
    #expect(try replayCounter(path, changedAt: nil).divergence == nil)
    #expect(read.divergence(replayingOn: Counter()) == nil)
  }

  @Test func aHundredSendsNameTheFirstStateThatDiffersNotTheNextCheckpoint() throws {
    let path = try recordCounter(sends: 100)
    defer { removeFile(path) }
    let divergence = try #require(try replayCounter(path).divergence)
    #expect(divergence.index == 6)
    #expect(divergence.kind == .differs)
    #expect(try replayCounter(path, changedAt: nil).divergence == nil)
  }

  @Test(arguments: [1, 2, 3, 32, 1_000])
  func everyCheckpointSettingNamesTheSameStep(checkpointEvery: Int) throws {
    let path = try recordCounter(sends: 100, checkpointEvery: checkpointEvery)
    defer { removeFile(path) }
    let divergence = try #require(try replayCounter(path).divergence)
    #expect(divergence.index == 6)
    #expect(divergence.uncheckedFrom == nil)
    // A step whose state the file holds whole (every third mutation's: 6 is the third) has a
    // diff; the others, the replayed state.
    let isCheckpoint = 3 % checkpointEvery == 0
    #expect(divergence.description.contains("The state differs:\n") == isCheckpoint)
    #expect(try replayCounter(path, changedAt: nil).divergence == nil)
  }

  // MARK: What a file cannot tell

  @Test func aFileOfFormatOneSaysItCannotTellBetweenItsCheckpoints() throws {
    let path = try recordCounter(sends: 10)
    defer { removeFile(path) }
    try rewriteAsFormatOne(path)
    let (found, warnings) = try replayCounter(path)
    #expect(warnings.isEmpty)
    let divergence = try #require(found)
    #expect(divergence.kind == .cannotTell)
    #expect(divergence.index == 2)  // the first mutation: no state checked after `began`
    #expect(divergence.description.contains("cannot tell whether it follows the recording"))
    #expect(divergence.description.contains("checkpointEvery: 1"))
    // It cannot tell for the recorded reducer either: nothing says the states match.
    #expect(try replayCounter(path, changedAt: nil).divergence?.kind == .cannotTell)
    #expect(
      try CounterRecording(contentsOf: path).divergence(replayingOn: Counter())?.kind
        == .cannotTell)
  }

  @Test func aFileOfFormatOneNamesTheStepsTheFirstDifferenceMayBe() throws {
    let path = try recordCounter(sends: 100)
    defer { removeFile(path) }
    try rewriteAsFormatOne(path)
    let divergence = try #require(try replayCounter(path).divergence)
    #expect(divergence.kind == .differs)
    #expect(divergence.index == 64)  // the first checkpoint: the 32nd send's mutation
    #expect(divergence.uncheckedFrom == 2)
    #expect(divergence.description.contains("31 mutations from step 2 to step 62"))
  }

  @Test func aFileOfFormatOneThatEndsAtACheckpointReplaysClean() throws {
    let path = try recordCounter(sends: 64)
    defer { removeFile(path) }
    try rewriteAsFormatOne(path)
    #expect(try replayCounter(path, changedAt: nil).divergence == nil)
  }

  @Test func aMutationWithoutItsFingerprintMayBeTheFirstDifference() throws {
    let path = try recordCounter(sends: 10)
    defer { removeFile(path) }
    var lines = lines(of: path)
    let third = try #require(lines.firstIndex { $0.contains(#""i":6,"#) })
    lines[third] = withoutFingerprint(lines[third])
    try overwrite(path, with: lines)
    let divergence = try #require(try replayCounter(path).divergence)
    #expect(divergence.index == 8)
    #expect(divergence.uncheckedFrom == 6)
    #expect(divergence.description.contains("of the mutation at step 6"))
  }

  @Test func aGapSaysTheFileCannotTellFromThere() throws {
    let path = temporaryPath("counter-gap")
    defer { removeFile(path) }
    let counter = Counter()
    let recording = try CounterRecording(
      of: counter, named: "counter", writingTo: path, bufferSteps: 4)
    for _ in 0..<1_000 { counter.send(.increment) }
    recording.stop()
    let gap = try #require(
      try CounterRecording(contentsOf: path).steps.first {
        if case .gap = $0.kind { true } else { false }
      })
    let divergence = try #require(try replayCounter(path, changedAt: nil).divergence)
    #expect(divergence.kind == .cannotTell)
    #expect(divergence.index == gap.index)
    #expect(divergence.description.contains("gap"))
  }

  @Test func aFileCutShortSaysSoAndStillNamesTheStep() throws {
    let path = try recordCounter(sends: 10)
    defer { removeFile(path) }
    let whole = lines(of: path)
    // Cut after send 5's mutation (step 10), at a line's end: no `last` entry.
    let end = try #require(whole.firstIndex { $0.contains(#""i":10,"#) })
    try overwrite(path, with: Array(whole[...end]))
    // A replay that diverges stops reading there; one that reads to the end says it ended.
    #expect(try replayCounter(path).divergence?.index == 6)
    var (divergence, warnings) = try replayCounter(path, changedAt: nil)
    #expect(divergence == nil)
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("ends without its `last` entry") == true)
    #expect(try CounterRecording(contentsOf: path).warnings == warnings)

    // Cut in the middle of a line.
    try overwrite(
      path, with: Array(whole[...end]) + [String(whole[end + 1].prefix(12))], cutLast: true)
    #expect(try replayCounter(path).divergence?.index == 6)
    (divergence, warnings) = try replayCounter(path, changedAt: nil)
    #expect(divergence == nil)
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("was cut short") == true)
  }
}
