import Foundation
import Reactors
import ReactorsTesting
import StandupsCore
import Testing

/// The meeting: one tick a second on the test clock, speakers in turn, the transcript, ending
/// early, and speech failures. Time moves only when a test advances the clock.
@Suite(.timeLimit(.minutes(1))) struct RecordMeetingTests {
  let clock = TestClock()

  func tester(
    _ standup: Standup, exhaustivity: Exhaustivity = .on,
    _ provide: (inout Dependencies) -> Void
  ) -> StoreTester<RecordMeeting.State, RecordMeeting.Action> {
    let dependencies = Dependencies.test {
      $0.clock = clock
      provide(&$0)
    }
    return StoreTester(
      Store(
        initial: RecordMeeting.State(standup: standup), reducer: RecordMeeting.reducer,
        middlewares: [RecordMeeting.middleware(dependencies: dependencies)]),
      clock: clock, exhaustivity: exhaustivity)
  }

  /// A tester of a meeting of `standup` whose speech is denied, ending at ``meetingDate``, with
  /// ids counting from 0.
  func silentTester(
    _ standup: Standup
  ) -> StoreTester<RecordMeeting.State, RecordMeeting.Action> {
    tester(standup) {
      $0.date = .constant(meetingDate)
      $0.speechClient = speech(.denied)
      $0.uuid = .incrementing
    }
  }

  // SyncUps: testTimer
  @Test func timer() async {
    let tester = silentTester(.sixSeconds)
    await tester.send(.onTask)
    // Each attendee speaks two seconds.
    for (second, speaker) in [(1, 0), (2, 1), (3, 1), (4, 2), (5, 2), (6, 2)] {
      await tester.advance(by: .seconds(1))
      await tester.receive(.timerTick) {
        $0.speakerIndex = speaker
        $0.secondsElapsed = second
      }
      #expect(tester.state.durationRemaining == .seconds(6 - second))
    }
    // Time is up: the meeting is saved, and the timer stops.
    await tester.receive(
      .delegate(.save(Meeting(id: UUID(0), date: meetingDate, transcript: ""))))
    await tester.finish()
  }

  // SyncUps: testRecordTranscript
  @Test func recordTranscript() async {
    let tester = tester(.sixSeconds, exhaustivity: .off) {
      $0.date = .constant(meetingDate)
      $0.speechClient = speech(.authorized, hearing: ["I completed the project"])
      $0.uuid = .incrementing
    }
    await tester.send(.onTask)
    await tester.receive(.speechResult("I completed the project")) {
      $0.transcript = "I completed the project"
    }
    await tester.advance(by: .seconds(6))
    await tester.receive(
      .delegate(
        .save(Meeting(id: UUID(0), date: meetingDate, transcript: "I completed the project"))))
    #expect(tester.state.secondsElapsed == 6)
    await tester.finish()
  }

  // SyncUps: testEndMeetingSave
  @Test func endMeetingSave() async {
    let tester = silentTester(.mock)
    await tester.send(.onTask)
    await tester.send(.endMeetingButtonTapped) { $0.alert = .endMeeting(isDiscardable: true) }
    // While the alert asks, time stands still.
    await tester.advance(by: .seconds(3))
    await tester.receive(.timerTick)
    await tester.receive(.timerTick)
    await tester.receive(.timerTick)
    await tester.send(.alert(.presented(.confirmSave))) { $0.alert = nil }
    await tester.receive(
      .delegate(.save(Meeting(id: UUID(0), date: meetingDate, transcript: ""))))
    await tester.finish()
  }

  // SyncUps: testEndMeetingDiscard
  @Test func endMeetingDiscard() async {
    let tester = tester(.mock) { $0.speechClient = speech(.denied) }
    await tester.send(.onTask)
    await tester.send(.endMeetingButtonTapped) { $0.alert = .endMeeting(isDiscardable: true) }
    await tester.send(.alert(.presented(.confirmDiscard))) { $0.alert = nil }
    await tester.receive(.delegate(.discard))
    await tester.finish()
  }

  // SyncUps: testNextSpeaker
  @Test func nextSpeaker() async {
    let tester = silentTester(.sixSeconds)
    await tester.send(.onTask)
    await tester.send(.nextButtonTapped) {
      $0.speakerIndex = 1
      $0.secondsElapsed = 2
    }
    await tester.send(.nextButtonTapped) {
      $0.speakerIndex = 2
      $0.secondsElapsed = 4
    }
    // No one is left: ending is the only way on, and the meeting cannot be discarded.
    await tester.send(.nextButtonTapped) { $0.alert = .endMeeting(isDiscardable: false) }
    await tester.send(.alert(.presented(.confirmSave))) { $0.alert = nil }
    await tester.receive(
      .delegate(.save(Meeting(id: UUID(0), date: meetingDate, transcript: ""))))
    await tester.finish()
  }

  /// More attendees than seconds (each speaks one): moving on never takes the count past the
  /// last second, so the next tick still ends the meeting.
  @Test func moreAttendeesThanSecondsStillEndsOnTime() async {
    var standup = Standup.sixSeconds
    standup.duration = .seconds(2)
    let tester = silentTester(standup)
    await tester.send(.onTask)
    await tester.send(.nextButtonTapped) {
      $0.speakerIndex = 1
      $0.secondsElapsed = 1
    }
    await tester.send(.nextButtonTapped) {
      $0.speakerIndex = 2
      $0.secondsElapsed = 1
    }
    await tester.advance(by: .seconds(1))
    await tester.receive(.timerTick) { $0.secondsElapsed = 2 }
    await tester.receive(
      .delegate(.save(Meeting(id: UUID(0), date: meetingDate, transcript: ""))))
    await tester.finish()
  }

  // SyncUps: testSpeechRecognitionFailure_Continue
  @Test func speechRecognitionFailureContinue() async {
    let tester = tester(.sixSeconds) {
      $0.date = .constant(meetingDate)
      $0.speechClient = speech(
        .authorized, hearing: ["I completed the project"],
        failingWith: SpeechRecognitionFailure())
      $0.uuid = .incrementing
    }
    await tester.send(.onTask)
    await tester.receive(.speechResult("I completed the project")) {
      $0.transcript = "I completed the project"
    }
    await tester.receive(.speechFailure) {
      $0.alert = .speechRecognizerFailed
      $0.transcript = "I completed the project ❌"
    }
    // "Continue meeting" dismisses the alert; the meeting goes on to its end.
    await tester.send(.alert(.dismiss)) { $0.alert = nil }
    for (second, speaker) in [(1, 0), (2, 1), (3, 1), (4, 2), (5, 2), (6, 2)] {
      await tester.advance(by: .seconds(1))
      await tester.receive(.timerTick) {
        $0.speakerIndex = speaker
        $0.secondsElapsed = second
      }
    }
    await tester.receive(
      .delegate(
        .save(Meeting(id: UUID(0), date: meetingDate, transcript: "I completed the project ❌"))))
    await tester.finish()
  }

  // SyncUps: testSpeechRecognitionFailure_Discard
  @Test func speechRecognitionFailureDiscard() async {
    let tester = tester(.mock) {
      $0.speechClient = speech(.authorized, failingWith: SpeechRecognitionFailure())
    }
    await tester.send(.onTask)
    await tester.receive(.speechFailure) { $0.alert = .speechRecognizerFailed }
    await tester.send(.alert(.presented(.confirmDiscard))) { $0.alert = nil }
    await tester.receive(.delegate(.discard))
    await tester.finish()
  }

  @Test func aSpeechClientFedLinesTranscribesTheMeeting() async {
    let (lines, input) = AsyncStream<String>.makeStream()
    let tester = tester(.sixSeconds) {
      $0.date = .constant(meetingDate)
      $0.speechClient = .lines(lines)
      $0.uuid = .incrementing
    }
    await tester.send(.onTask)
    input.yield("Shipped the login screen.")
    await tester.receive(.speechResult("Shipped the login screen.")) {
      $0.transcript = "Shipped the login screen."
    }
    input.yield("  Next: the settings.  ")
    await tester.receive(.speechResult("Shipped the login screen. Next: the settings.")) {
      $0.transcript = "Shipped the login screen. Next: the settings."
    }
    await tester.send(.endMeetingButtonTapped) { $0.alert = .endMeeting(isDiscardable: true) }
    await tester.send(.alert(.presented(.confirmSave))) { $0.alert = nil }
    await tester.receive(
      .delegate(
        .save(
          Meeting(
            id: UUID(0), date: meetingDate,
            transcript: "Shipped the login screen. Next: the settings."))))
    await tester.finish()
    input.finish()
  }
}
