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
    input.yield("   ")
    input.yield("world")
    #expect(try await first.next() == "Hello")
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
}
