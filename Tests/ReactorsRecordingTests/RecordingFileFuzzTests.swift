import Reactors
import ReactorsRecording
import ReactorsTestSupport
import Testing

/// A small, seeded generator: the same seed gives the same damaged files.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Damages `bytes` once, in one of the ways a file gets damaged or edited.
func damaged(_ bytes: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
  var bytes = bytes
  let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &random)
  let pieces: [[UInt8]] = [
    Array("\n".utf8), Array("{".utf8), Array("}".utf8), Array("\"".utf8), Array("-1".utf8),
    Array("99999999999999999999999".utf8), Array("null".utf8), Array(#""k":"gap","n":3"#.utf8),
    Array("[[[[[[[[".utf8), Array(#"\u0000"#.utf8), [0xFF, 0xFE], Array("#".utf8),
  ]
  switch Int.random(in: 0..<7, using: &random) {
  case 0 where !bytes.isEmpty:
    bytes[position] = UInt8.random(in: 0...255, using: &random)
  case 1 where !bytes.isEmpty:
    let end = min(bytes.count, position + Int.random(in: 1...40, using: &random))
    bytes.removeSubrange(position..<end)
  case 2:
    bytes.insert(contentsOf: pieces.randomElement(using: &random)!, at: position)
  case 3:
    bytes = Array(bytes.prefix(position))
  case 4:
    var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
    if lines.count > 2 {
      let first = Int.random(in: 0..<lines.count, using: &random)
      let second = Int.random(in: 0..<lines.count, using: &random)
      lines.swapAt(first, second)
    }
    bytes = Array(lines.joined(separator: [0x0A]))
  case 5:
    var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
    if let line = lines.indices.randomElement(using: &random) {
      lines.insert(lines[line], at: line)
    }
    bytes = Array(lines.joined(separator: [0x0A]))
  default:
    // Digits changed: indices, times, counts, states' numbers.
    for index in bytes.indices where bytes[index] >= 0x30 && bytes[index] <= 0x39 {
      if Int.random(in: 0..<8, using: &random) == 0 {
        bytes[index] = UInt8.random(in: 0x30...0x39, using: &random)
      }
    }
  }
  return bytes
}

/// Reading damaged recordings: no crash, and every error names its line.
@Suite(.timeLimit(.minutes(5))) struct RecordingFileFuzzTests {
  @Test func tenThousandDamagedFilesEachReadOrFailWithALineNamed() async throws {
    let path = temporaryPath("fuzz")
    defer { removeFile(path) }
    _ = try await recordSession(to: path, checkpointEvery: 2)
    let original = contents(of: path)
    var random = SplitMix64(state: 2026_11_25)
    var (read, failed) = (0, 0)
    // One thread reads: a quarter under the thread sanitizer, which has no race to find here
    // (the runs without it read all 10,000).
    let rounds = ThreadSanitizer.volume(10_000)
    for round in 0..<rounds {
      var bytes = original
      for _ in 0..<Int.random(in: 1...3, using: &random) { bytes = damaged(bytes, &random) }
      do {
        let recording = try LoginRecording(bytes: bytes, path: "fuzz.jsonl")
        #expect(!recording.steps.isEmpty, "round \(round)")
        read += 1
      } catch let error as RecordingFileError {
        failed += 1
        let named = error.line > 0 || error.reason == .empty
        #expect(named, "round \(round): \(error)")
        #expect(error.description.hasPrefix("fuzz.jsonl"), "round \(round): \(error)")
      } catch {
        Issue.record("round \(round): not a RecordingFileError: \(error)")
      }
    }
    #expect(read + failed == rounds)
    #expect(read > 0 && failed > 0)
  }
}
