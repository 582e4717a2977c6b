import Foundation
import Reactors
import StandupsCore
import Testing

/// The terminal's speech client: lines become a growing transcript, each meeting starts afresh,
/// and the end of the input ends the transcript.
@Suite(.timeLimit(.minutes(1))) struct SpeechLinesTests {
  @Test func linesGrowTheTranscriptOfTheMeetingRecordingNow() async throws {
    let (lines, input) = AsyncStream<String>.makeStream()
    let speech = SpeechClient.lines(lines)
    #expect(speech.authorizationStatus() == .authorized)
    #expect(await speech.requestAuthorization() == .authorized)

    var first = speech.transcripts().makeAsyncIterator()
    input.yield("Hello")
    #expect(try await first.next() == "Hello")
    input.yield("   ")
    input.yield("world")
    #expect(try await first.next() == "Hello world")

    // A new meeting replaces the one before, which gets no more, and starts empty.
    var second = speech.transcripts().makeAsyncIterator()
    #expect(try await first.next() == nil)
    input.yield("Next")
    #expect(try await second.next() == "Next")

    input.finish()
    #expect(try await second.next() == nil)
    var third = speech.transcripts().makeAsyncIterator()
    #expect(try await third.next() == nil)
  }

  /// Lines that come faster than the meeting reads (a transcript file, read at once): the
  /// meeting gets every line in the end, each transcript it reads longer than the one before.
  /// (That only the newest waits, not one transcript a line, is the stream's buffering policy,
  /// which this does not measure.)
  @Test func aMeetingThatReadsSlowerThanLinesComeGetsTheNewestTranscript() async throws {
    let (lines, input) = AsyncStream<String>.makeStream()
    let speech = SpeechClient.lines(lines)
    var meeting = speech.transcripts().makeAsyncIterator()
    let said = (1...2_000).map { "line \($0)" }
    for line in said { input.yield(line) }
    input.finish()
    var received: [String] = []
    while let transcript = try await meeting.next() { received.append(transcript) }
    #expect(received.last == said.joined(separator: " "))
    // Each one read was the newest when read: longer than the one before.
    #expect(zip(received, received.dropFirst()).allSatisfy { $0.count < $1.count })
  }
}
